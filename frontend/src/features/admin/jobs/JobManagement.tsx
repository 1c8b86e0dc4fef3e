import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CompanyLogo } from '../../../shared/components/CompanyLogo';
import { Pagination } from '../../../shared/components/Pagination';
import { AdminBanners } from '../components/AdminBanners';
import { capitalise } from '../format';
import { SortableTable, type SortColumn } from '../table/SortableTable';
import { pageCount } from '../table/serverPaging';
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
  pageChosen,
  saveRequested,
  selectionChanged,
  sorted,
  statusChangeRequested,
  successHidden,
  viewClosed,
  viewOpened,
} from './jobsSlice';
import { JobViewDialog } from './JobViewDialog';
import type { AdminJob, AdminJobSortField } from './types';
import './jobManagement.css';

const COLUMNS: SortColumn<AdminJob, AdminJobSortField>[] = [
  { field: 'company', label: 'Company', value: (job) => job.companyName },
  { field: 'profile', label: 'Profile', value: (job) => job.profiles },
  { field: 'offerType', label: 'Offer Type', value: (job) => (job.offerType ?? []).join(', ') },
  { field: 'location', label: 'Location', value: (job) => job.location },
  { field: 'createdAt', label: 'Posted Date', value: (job) => job.createdAt },
  { field: 'status', label: 'Status', value: (job) => job.status },
];

/** How a job's checkbox and buttons name it. */
const jobName = (job: AdminJob): string => `${job.profiles} at ${job.companyName}`;

/** Job Management Dashboard (spec §2): filters, bulk approve/reject, a table paged and sorted by the server, the view overlay and the create/edit form. */
export function JobManagement() {
  const dispatch = useAppDispatch();
  const { items, status, filters, paging, selected, busy, error, success, form, formBusy, formError, viewingId } = useAppSelector((state) => state.admin.jobs);

  useEffect(() => {
    dispatch(jobsRequested());
  }, [dispatch]);

  const viewing = viewingId ? items.find((job) => job._id === viewingId) : undefined;
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

      <AdminBanners error={error} success={success} onDismissError={() => dispatch(errorDismissed())} onDismissSuccess={() => dispatch(successHidden())} />

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

      <SortableTable
        caption="Jobs"
        columns={COLUMNS}
        rows={items}
        sort={paging.sort}
        onSort={(field) => dispatch(sorted(field))}
        loading={status === 'loading'}
        loadingText={JOB_ADMIN_MESSAGES.loading}
        emptyText={JOB_ADMIN_MESSAGES.empty}
        selection={{ selected, onChange: (ids) => dispatch(selectionChanged(ids)), allLabel: 'Select all jobs', rowLabel: (job) => `Select ${jobName(job)}` }}
      >
        {(job) => {
          const name = jobName(job);
          return (
            <>
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
            </>
          );
        }}
      </SortableTable>
      <Pagination page={paging.page} pages={pageCount(paging.total)} onPage={(chosen) => dispatch(pageChosen(chosen))} label="Job list pages" previousLabel="Previous" />

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
