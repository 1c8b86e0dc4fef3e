import { useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { localDateTime } from '../format';
import type { Sort } from '../table/SortableHeader';
import { SortableTable, useSortedRows, type SortColumn } from '../table/SortableTable';
import {
  applicationsRequested,
  backToJobs,
  bulkDeleteRequested,
  bulkStatusRequested,
  deleteRequested,
  detailsOpened,
  exportRequested,
  exportStatusChanged,
  REVIEW_MESSAGES,
  selectionChanged,
} from './applicationsSlice';
import { applicantEmail, applicantName, type ExportStatusFilter, type ReviewedApplication } from './types';
import { interviewWhen } from '../../../shared/interviews';
import { InterviewSlotDialog } from './InterviewSlotDialog';
import { OFFER_STATUS_LABELS, offerAmounts } from '../../../shared/offers';
import './offerForm.css';

type SortField = 'name' | 'email' | 'status' | 'appliedDate';

const COLUMNS: SortColumn<ReviewedApplication, SortField>[] = [
  { field: 'name', label: 'Applicant Name', value: applicantName },
  { field: 'email', label: 'Email', value: applicantEmail },
  { field: 'status', label: 'Status', value: (application) => application.status },
  { field: 'appliedDate', label: 'Applied Date', value: (application) => application.appliedDate },
];

const DEFAULT_SORT: Sort<SortField> = { field: 'appliedDate', order: 'desc' };

/** How an application's checkbox and buttons name it. */
const applicationName = (application: ReviewedApplication): string => applicantName(application) ?? 'N/A';

/** Spec §2: one job's applications, with export, selection, bulk status and bulk delete. */
export function JobApplicationsView({ heading }: { heading: string }) {
  const dispatch = useAppDispatch();
  const { applications, applicationsStatus, selected, exportStatus, exporting, busy } = useAppSelector((state) => state.admin.applications);
  const [bulkStatus, setBulkStatus] = useState<ApplicationStatus | ''>('');
  // Bulk Scheduled asks for the first slot; the others follow it back to back.
  const [scheduling, setScheduling] = useState(false);
  const updateSelected = () => (bulkStatus === 'Scheduled' && selected.length > 0 ? setScheduling(true) : dispatch(bulkStatusRequested({ ids: [...selected], status: bulkStatus })));

  const { rows, sort, onSort } = useSortedRows(applications, COLUMNS, DEFAULT_SORT);
  const remove = (id: string) => {
    if (window.confirm(REVIEW_MESSAGES.confirmDelete)) dispatch(deleteRequested(id));
  };
  const removeSelected = () => {
    if (window.confirm(REVIEW_MESSAGES.confirmBulkDelete(selected.length))) dispatch(bulkDeleteRequested([...selected]));
  };

  return (
    <>
      <h2>{heading}</h2>
      <div className="admin-toolbar">
        <button type="button" className="admin-btn" onClick={() => dispatch(backToJobs())}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> Back to Jobs
        </button>
        <button type="button" className="admin-btn" onClick={() => dispatch(applicationsRequested())}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh Applications
        </button>
        <select className="admin-input" aria-label="Status to export" value={exportStatus} onChange={(e) => dispatch(exportStatusChanged(e.target.value as ExportStatusFilter))}>
          <option value="all">All Statuses</option>
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <button type="button" className="admin-btn admin-btn--primary" disabled={exporting} onClick={() => dispatch(exportRequested())}>
          <i className="pi pi-file-excel" aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export to Excel'}
        </button>
      </div>

      {selected.length > 0 && (
        <div className="admin-bulkbar" role="region" aria-label="Bulk actions">
          <span>{selected.length} selected</span>
          <select className="admin-input" aria-label="Select Status" value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value as ApplicationStatus | '')}>
            <option value="">Select Status</option>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <button type="button" className="admin-btn" disabled={busy} onClick={updateSelected}>
            Update Status
          </button>
          <button type="button" className="admin-btn admin-btn--danger" disabled={busy} onClick={removeSelected}>
            Delete Selected
          </button>
        </div>
      )}

      {scheduling && (
        <InterviewSlotDialog
          count={selected.length}
          busy={busy}
          onSubmit={(interview) => {
            setScheduling(false);
            // In the order of the table as shown, so the slots follow what the admin sees.
            const ids = rows.map((row) => row._id).filter((id) => selected.includes(id));
            dispatch(bulkStatusRequested({ ids, status: 'Scheduled', interview }));
          }}
          onCancel={() => setScheduling(false)}
        />
      )}

      <SortableTable
        caption="Applications"
        columns={COLUMNS}
        rows={rows}
        sort={sort}
        onSort={onSort}
        loading={applicationsStatus === 'loading'}
        loadingText={REVIEW_MESSAGES.applicationsLoading}
        emptyText={REVIEW_MESSAGES.applicationsEmpty}
        selection={{ selected, onChange: (ids) => dispatch(selectionChanged(ids)), allLabel: 'Select all applications', rowLabel: (application) => `Select ${applicationName(application)}` }}
      >
        {(application) => {
          const name = applicationName(application);
          return (
            <>
              <td>{name}</td>
              <td>{applicantEmail(application) ?? 'N/A'}</td>
              <td>
                <span className="admin-badge">{application.status}</span>
                {application.interview && <span className="interview-slot__shown">{interviewWhen(application.interview)}</span>}
                {application.offer && (
                  <span className="offer-form__shown">
                    {application.offer.tier} · {offerAmounts(application.offer)} · {OFFER_STATUS_LABELS[application.offer.status]}
                  </span>
                )}
              </td>
              <td>{localDateTime(application.appliedDate)}</td>
              <td className="admin-table__actions">
                <button
                  type="button"
                  className="admin-btn admin-btn--small"
                  onClick={() => dispatch(detailsOpened({ id: application._id, hasResume: Boolean(application.resume) }))}
                  aria-label={`View ${name}`}
                >
                  View
                </button>
                <button type="button" className="admin-btn admin-btn--small admin-btn--danger" disabled={busy} onClick={() => remove(application._id)} aria-label={`Delete ${name}`}>
                  Delete
                </button>
              </td>
            </>
          );
        }}
      </SortableTable>
    </>
  );
}
