import { useMemo, useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { localDateTime, sortBy } from '../format';
import { SortableHeader, toggledSort, type Sort } from '../table/SortableHeader';
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

type SortField = 'name' | 'email' | 'status' | 'appliedDate';

const COLUMNS: { field: SortField; label: string; value: (application: ReviewedApplication) => unknown }[] = [
  { field: 'name', label: 'Applicant Name', value: applicantName },
  { field: 'email', label: 'Email', value: applicantEmail },
  { field: 'status', label: 'Status', value: (application) => application.status },
  { field: 'appliedDate', label: 'Applied Date', value: (application) => application.appliedDate },
];

/** Spec §2: one job's applications, with export, selection, bulk status and bulk delete. */
export function JobApplicationsView({ heading }: { heading: string }) {
  const dispatch = useAppDispatch();
  const { applications, applicationsStatus, selected, exportStatus, exporting, busy } = useAppSelector((state) => state.admin.applications);
  const [sort, setSort] = useState<Sort<SortField>>({ field: 'appliedDate', order: 'desc' });
  const [bulkStatus, setBulkStatus] = useState<ApplicationStatus | ''>('');

  const rows = useMemo(() => {
    const column = COLUMNS.find((c) => c.field === sort.field) ?? COLUMNS[3]!;
    return sortBy(applications, column.value, sort.order);
  }, [applications, sort]);
  const allSelected = rows.length > 0 && rows.every((a) => selected.includes(a._id));

  const toggleOne = (id: string) => dispatch(selectionChanged(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]));
  const toggleAll = () => dispatch(selectionChanged(allSelected ? [] : rows.map((a) => a._id)));
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
          <button type="button" className="admin-btn" disabled={busy} onClick={() => dispatch(bulkStatusRequested({ ids: [...selected], status: bulkStatus }))}>
            Update Status
          </button>
          <button type="button" className="admin-btn admin-btn--danger" disabled={busy} onClick={removeSelected}>
            Delete Selected
          </button>
        </div>
      )}

      {applicationsStatus === 'loading' && applications.length === 0 ? (
        <p className="admin-loading" role="status">
          {REVIEW_MESSAGES.applicationsLoading}
        </p>
      ) : (
        <table className="admin-table" aria-busy={applicationsStatus === 'loading'}>
          <caption className="visually-hidden">Applications</caption>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label="Select all applications" disabled={rows.length === 0} />
              </th>
              {COLUMNS.map((c) => (
                <SortableHeader key={c.field} field={c.field} label={c.label} sort={sort} onSort={(field) => setSort(toggledSort(sort, field))} />
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-table__empty">
                  {REVIEW_MESSAGES.applicationsEmpty}
                </td>
              </tr>
            ) : (
              rows.map((application) => {
                const name = applicantName(application) ?? 'N/A';
                return (
                  <tr key={application._id}>
                    <td>
                      <input type="checkbox" checked={selected.includes(application._id)} onChange={() => toggleOne(application._id)} aria-label={`Select ${name}`} />
                    </td>
                    <td>{name}</td>
                    <td>{applicantEmail(application) ?? 'N/A'}</td>
                    <td>
                      <span className="admin-badge">{application.status}</span>
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
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      )}
    </>
  );
}
