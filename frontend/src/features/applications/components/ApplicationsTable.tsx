import { Fragment, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { historyRequested } from '../myApplicationsSlice';
import { appliedDate, shownStatus, statusClass } from '../format';
import type { MyApplication } from '../../../shared/records';
import { ApplicationHistory } from './ApplicationHistory';
import { InterviewSlotShown } from './InterviewSlotShown';
import { OfferPanel } from './OfferPanel';

const GONE = 'No longer available';
const NA = 'N/A';

/** Spec §2: Job Title, Company, CTC/Stipend, Location, Job Type, Status, Applied Date; plus each row's history. */
export function ApplicationsTable({ applications }: { applications: MyApplication[] }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<string | null>(null);

  const toggle = (id: string) => {
    if (open === id) {
      setOpen(null);
      return;
    }
    setOpen(id);
    dispatch(historyRequested(id));
  };

  return (
    <div className="applications-table__wrap">
      <table className="applications-table">
        <caption className="visually-hidden">My applications</caption>
        <thead>
          <tr>
            <th scope="col">Job Title</th>
            <th scope="col">Company</th>
            <th scope="col">CTC/Stipend</th>
            <th scope="col">Location</th>
            <th scope="col">Job Type</th>
            <th scope="col">Status</th>
            <th scope="col">Applied Date</th>
            <th scope="col">
              <span className="visually-hidden">History</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => {
            const job = application.jobId;
            const status = shownStatus(application.status);
            const historyId = `history-${application._id}`;
            return (
              <Fragment key={application._id}>
                <tr className={`applications-table__row ${statusClass(application.status)}`}>
                  <td data-label="Job Title">{job ? job.profiles || NA : GONE}</td>
                  <td data-label="Company">{job ? job.companyName || NA : GONE}</td>
                  <td data-label="CTC/Stipend">{job?.ctcOrStipend || NA}</td>
                  <td data-label="Location">{job?.location || NA}</td>
                  <td data-label="Job Type">{job ? (job.offerType ?? []).join(', ') || NA : NA}</td>
                  <td data-label="Status">
                    <span className={`status-pill status-pill--${statusClass(application.status)}`}>{status}</span>
                    {application.interview && application.status === 'Scheduled' && <InterviewSlotShown interview={application.interview} />}
                    {application.offer && <OfferPanel applicationId={application._id} offer={application.offer} />}
                  </td>
                  <td data-label="Applied Date">{appliedDate(application.appliedDate)}</td>
                  <td className="applications-table__action">
                    <button type="button" className="link-button" aria-expanded={open === application._id} aria-controls={historyId} onClick={() => toggle(application._id)}>
                      {open === application._id ? 'Hide history' : 'History'}
                    </button>
                  </td>
                </tr>
                {open === application._id && (
                  <tr className="applications-table__history" id={historyId}>
                    <td colSpan={8}>
                      <ApplicationHistory applicationId={application._id} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
