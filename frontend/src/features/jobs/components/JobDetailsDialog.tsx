import { Dialog } from 'primereact/dialog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { applyClosed, applyOpened, jobClosed, selectJobListings } from '../jobListingsSlice';
import { joined, shortDate, vacanciesLabel } from '../format';
import { EligibilityVerdict } from '../eligibility/EligibilityVerdict';
import { PlacementVerdict, placementRefusalFor } from '../placement/PlacementVerdict';
import type { MyPlacement } from '../placement/usePlacement';
import type { Job } from '../types';
import { ApplicationForm } from './ApplicationForm';
import { CompanyLogo } from '../../../shared/components/CompanyLogo';

const websiteHref = (website: string): string => (/^https?:\/\//i.test(website) ? website : `https://${website}`);

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="job-details__fact">
      <dt>{label}</dt>
      <dd>{value && value.trim() !== '' ? value : 'N/A'}</dd>
    </div>
  );
}

/** Spec §2: the job detail overlay, and the application form it opens. */
export function JobDetailsDialog({ job, placement = null }: { job: Job | null; placement?: MyPlacement | null }) {
  const dispatch = useAppDispatch();
  const { apply } = useAppSelector(selectJobListings);
  const close = () => dispatch(jobClosed());

  return (
    <Dialog
      header={job ? job.profiles : ''}
      visible={job !== null}
      onHide={close}
      className="job-dialog"
      style={{ width: 'min(760px, 96vw)' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      dismissableMask
      blockScroll
    >
      {job &&
        (apply.open ? (
          <ApplicationForm job={job} onCancel={() => dispatch(applyClosed())} />
        ) : (
          <div className="job-details">
            <div className="job-details__head">
              <CompanyLogo src={job.companyLogo} company={job.companyName} size={64} />
              <div>
                <p className="job-details__company">{job.companyName}</p>
                {job.website && (
                  <a href={websiteHref(job.website)} target="_blank" rel="noopener noreferrer">
                    {job.website} <span className="visually-hidden">(opens in a new tab)</span>
                  </a>
                )}
              </div>
            </div>
            <dl className="job-details__facts">
              <Fact label="CTC/Stipend" value={job.ctcOrStipend} />
              <Fact label="Location" value={job.location} />
              <Fact label="Job Type" value={joined(job.offerType)} />
              <Fact label="Vacancies" value={vacanciesLabel(job.vacancies)} />
              {job.reference && job.reference !== 'Self' && <Fact label="Referred by" value={job.reference} />}
              <Fact label="Categories" value={joined(job.category)} />
              <Fact label="Starting Date" value={shortDate(job.dateOfJoining)} />
            </dl>
            <section className="job-details__section">
              <h3>Description</h3>
              <p>{job.jobDescription?.trim() || 'No description provided.'}</p>
            </section>
            <section className="job-details__section">
              <h3>Eligibility</h3>
              <p>{job.eligibility?.trim() || 'N/A'}</p>
              <EligibilityVerdict verdict={job.eligibilityVerdict} />
              <PlacementVerdict placement={placement} job={job} />
            </section>
            <section className="job-details__section">
              <h3>Skills</h3>
              {job.skills && job.skills.length > 0 ? (
                <ul className="tag-list">
                  {job.skills.map((skill) => (
                    <li key={skill} className="tag">
                      {skill}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>N/A</p>
              )}
            </section>
            <div className="job-details__actions">
              <button type="button" className="p-button p-button-outlined" onClick={close}>
                Back to Job Listings
              </button>
              {job.hasApplied ? (
                <button type="button" className="p-button p-button-success" disabled>
                  Already Applied
                </button>
              ) : (
                <button
                  type="button"
                  className="p-button"
                  onClick={() => dispatch(applyOpened())}
                  // Closed to this student, as applying would refuse it: by an eligibility rule (unless an admin let them) or by the placement policy.
                  disabled={(job.eligibilityVerdict !== undefined && !job.eligibilityVerdict.eligible && !job.eligibilityVerdict.overridden) || placementRefusalFor(placement, job) !== null}
                >
                  Apply Now
                </button>
              )}
            </div>
          </div>
        ))}
    </Dialog>
  );
}
