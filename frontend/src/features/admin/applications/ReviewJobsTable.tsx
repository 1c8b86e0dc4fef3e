import { Pagination } from '../../../shared/components/Pagination';
import { SortableTable, type SortColumn } from '../table/SortableTable';
import { pageCount, type ServerPaging } from '../table/serverPaging';
import { REVIEW_MESSAGES } from './applicationsSlice';
import type { ReviewJob, ReviewJobSortField } from './types';

const COLUMNS: SortColumn<ReviewJob, ReviewJobSortField>[] = [
  { field: 'profile', label: 'Job Profile', value: (job) => job.profiles },
  { field: 'company', label: 'Company', value: (job) => job.companyName },
  { field: 'ctcOrStipend', label: 'CTC/Stipend', value: (job) => job.ctcOrStipend },
  { field: 'location', label: 'Location', value: (job) => job.location },
  { field: 'applicationCount', label: 'Applications', value: (job) => job.applicationCount ?? 0 },
];

interface ReviewJobsTableProps {
  jobs: ReviewJob[];
  loading: boolean;
  paging: ServerPaging<ReviewJobSortField>;
  onSort: (field: ReviewJobSortField) => void;
  onPage: (page: number) => void;
  onView: (jobId: string) => void;
  onRefresh: () => void;
}

/**
 * Spec §2: the jobs with their application counts; every column but Actions sorts; the server's order
 * (newest first) until then. A page at a time, sorted by the server: with years of jobs the whole list
 * is too large to fetch and sort in the browser.
 */
export function ReviewJobsTable({ jobs, loading, paging, onSort, onPage, onView, onRefresh }: ReviewJobsTableProps) {
  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="admin-btn" onClick={onRefresh}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh Jobs
        </button>
      </div>
      <SortableTable caption="Jobs with applications" columns={COLUMNS} rows={jobs} sort={paging.sort} onSort={onSort} loading={loading} loadingText={REVIEW_MESSAGES.jobsLoading} emptyText={REVIEW_MESSAGES.jobsEmpty}>
        {(job) => (
          <>
            <td>{job.profiles}</td>
            <td>{job.companyName}</td>
            <td>{job.ctcOrStipend || 'N/A'}</td>
            <td>{job.location || 'N/A'}</td>
            <td>{job.applicationCount ?? 0}</td>
            <td className="admin-table__actions">
              <button type="button" className="admin-btn admin-btn--small" onClick={() => onView(job._id)} aria-label={`View Applications for ${job.profiles} at ${job.companyName}`}>
                View Applications
              </button>
            </td>
          </>
        )}
      </SortableTable>
      <Pagination page={paging.page} pages={pageCount(paging.total)} onPage={onPage} label="Job list pages" previousLabel="Previous" />
    </>
  );
}
