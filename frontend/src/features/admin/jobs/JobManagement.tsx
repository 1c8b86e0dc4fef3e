import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CompanyLogo } from '../../../shared/components/CompanyLogo';
import { capitalise, sortBy } from '../format';
import { SortableHeader, toggledSort, type Sort } from '../table/SortableHeader';
import { localDate } from './format';
import { JobFiltersBar } from './JobFiltersBar';
import { JobFormDialog } from './JobFormDialog';
import {
  bulkStatusRequested,
  deleteRequested,
  errorDismissed,
  filtersChanged,
  filtersCleared,
  formClosed,
  formOpened,
  JOB_ADMIN_MESSAGES,
  jobsRequested,
  saveRequested,
  selectionChanged,
  statusChangeRequested,
  successHidden,
  viewClosed,
  viewOpened,
} from './jobsSlice';
import { JobViewDialog } from './JobViewDialog';
import type { AdminJob } from './types';
import './jobManagement.css';

type SortField = 'company' | 'profile' | 'offerType' | 'location' | 'createdAt' | 'status';

const COLUMNS: { field: SortField; label: string; value: (job: AdminJob) => unknown }[] = [
  { field: 'company', label: 'Company', value: (job) => job.companyName },
  { field: 'profile', label: 'Profile', value: (job) => job.profiles },
  { field: 'offerType', label: 'Offer Type', value: (job) => (job.offerType ?? []).join(', ') },
  { field: 'location', label: 'Location', value: (job) => job.location },
  { field: 'createdAt', label: 'Posted Date', value: (job) => job.createdAt },
  { field: 'status', label: 'Status', value: (job) => job.status },
];

const DEFAULT_SORT: Sort<SortField> = { field: 'createdAt', order: 'desc' };

/** Job Management Dashboard (spec §2): filters, bulk approve/reject, a sortable table, the view overlay and the create/edit form. */
export function JobManagement() {
  const dispatch = useAppDispatch();
  const { items, status, filters, selected, busy, error, success, form, formBusy, formError, viewingId } = useAppSelector((state) => state.admin.jobs);
  const [sort, setSort] = useState<Sort<SortField>>(DEFAULT_SORT);

  useEffect(() => {
    dispatch(jobsRequested());
  }, [dispatch]);

  const rows = useMemo(() => {
    const column = COLUMNS.find((c) => c.field === sort.field) ?? COLUMNS[4]!;
    return sortBy(items, column.value, sort.order);
  }, [items, sort]);
  const viewing = viewingId ? items.find((job) => job._id === viewingId) : undefined;
  const allSelected = rows.length > 0 && rows.every((job) => selected.includes(job._id));

  const toggleOne = (id: string) => dispatch(selectionChanged(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]));
  const toggleAll = () => dispatch(selectionChanged(allSelected ? [] : rows.map((job) => job._id)));
  const remove = (id: string) => {
    if (window.confirm(JOB_ADMIN_MESSAGES.confirmDelete)) dispatch(deleteRequested(id));
  };
  const approveSelected = () => {
    if (window.confirm(JOB_ADMIN_MESSAGES.confirmBulkApprove(selected.length))) dispatch(bulkStatusRequested({ ids: [...selected], status: 'approved' }));
  };
  const rejectSelected = () => {
    if (window.confirm(JOB_ADMIN_MESSAGES.confirmBulkReject(selected.length))) dispatch(bulkStatusRequested({ ids: [...selected], status: 'rejected' }));
  };

  return (
    <div className="admin-section admin-jobs">
      <div className="admin-section__header">
        <h2>Job Management Dashboard</h2>
        <button type="button" className="admin-btn admin-btn--primary" onClick={() => dispatch(formOpened({ mode: 'add' }))}>
          <i className="pi pi-plus" aria-hidden="true" /> Add New Job
        </button>
      </div>

      {error && (
        <div className="admin-banner admin-banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="admin-banner__close" onClick={() => dispatch(errorDismissed())} aria-label="Dismiss error">
            ×
          </button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {success && (
          <div className="admin-banner admin-banner--success">
            <span>{success}</span>
            <button type="button" className="admin-banner__close" onClick={() => dispatch(successHidden())} aria-label="Dismiss message">
              ×
            </button>
          </div>
        )}
      </div>

      <JobFiltersBar filters={filters} onChange={(change) => dispatch(filtersChanged(change))} onRefresh={() => dispatch(jobsRequested())} onClear={() => dispatch(filtersCleared())} />

      {selected.length > 0 && (
        <div className="admin-bulkbar" role="region" aria-label="Bulk actions">
          <span>{selected.length} selected</span>
          <button type="button" className="admin-btn" disabled={busy} onClick={approveSelected}>
            Approve Selected
          </button>
          <button type="button" className="admin-btn admin-btn--danger" disabled={busy} onClick={rejectSelected}>
            Reject Selected
          </button>
        </div>
      )}

      {status === 'loading' && items.length === 0 ? (
        <p className="admin-loading" role="status">
          {JOB_ADMIN_MESSAGES.loading}
        </p>
      ) : (
        <table className="admin-table" aria-busy={status === 'loading'}>
          <caption className="visually-hidden">Jobs</caption>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label="Select all jobs" disabled={rows.length === 0} />
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
                <td colSpan={8} className="admin-table__empty">
                  {JOB_ADMIN_MESSAGES.empty}
                </td>
              </tr>
            ) : (
              rows.map((job) => {
                const name = `${job.profiles} at ${job.companyName}`;
                return (
                  <tr key={job._id}>
                    <td>
                      <input type="checkbox" checked={selected.includes(job._id)} onChange={() => toggleOne(job._id)} aria-label={`Select ${name}`} />
                    </td>
                    <td>
                      <span className="admin-jobs__company">
                        <CompanyLogo src={job.companyLogo} company={job.companyName} size={32} />
                        <span className="admin-jobs__company-name">{job.companyName}</span>
                      </span>
                    </td>
                    <td>{job.profiles}</td>
                    <td>{(job.offerType ?? []).join(', ') || 'N/A'}</td>
                    <td>{job.location || 'N/A'}</td>
                    <td>{localDate(job.createdAt)}</td>
                    <td>
                      <span className={`admin-badge admin-badge--job-${job.status}`}>{capitalise(job.status)}</span>
                    </td>
                    <td className="admin-table__actions">
                      <button type="button" className="admin-btn admin-btn--small" onClick={() => dispatch(viewOpened(job._id))} aria-label={`View ${name}`}>
                        View
                      </button>
                      <button type="button" className="admin-btn admin-btn--small" onClick={() => dispatch(formOpened({ mode: 'edit', job }))} aria-label={`Edit ${name}`}>
                        Edit
                      </button>
                      {job.status === 'pending' && (
                        <>
                          <button type="button" className="admin-btn admin-btn--small" disabled={busy} onClick={() => dispatch(statusChangeRequested({ id: job._id, status: 'approved' }))} aria-label={`Approve ${name}`}>
                            Approve
                          </button>
                          <button type="button" className="admin-btn admin-btn--small" disabled={busy} onClick={() => dispatch(statusChangeRequested({ id: job._id, status: 'rejected' }))} aria-label={`Reject ${name}`}>
                            Reject
                          </button>
                        </>
                      )}
                      <button type="button" className="admin-btn admin-btn--small admin-btn--danger" disabled={busy} onClick={() => remove(job._id)} aria-label={`Delete ${name}`}>
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

      {viewing && <JobViewDialog job={viewing} onClose={() => dispatch(viewClosed())} />}
      {form && (
        <JobFormDialog
          key={form.mode === 'edit' ? form.job._id : 'add'}
          job={form.mode === 'edit' ? form.job : undefined}
          busy={formBusy}
          serverError={formError}
          onCancel={() => dispatch(formClosed())}
          onSubmit={(job) => dispatch(saveRequested({ id: form.mode === 'edit' ? form.job._id : null, job }))}
        />
      )}
    </div>
  );
}
