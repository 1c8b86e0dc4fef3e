import { SortableTable, useSortedRows, type SortColumn } from '../table/SortableTable';
import { REVIEW_MESSAGES } from './applicationsSlice';
import type { ReviewJob } from './types';

type SortField = 'profile' | 'company' | 'ctcOrStipend' | 'location' | 'applicationCount';

const COLUMNS: SortColumn<ReviewJob, SortField>[] = [
  { field: 'profile', label: 'Job Profile', value: (job) => job.profiles },
  { field: 'company', label: 'Company', value: (job) => job.companyName },
  { field: 'ctcOrStipend', label: 'CTC/Stipend', value: (job) => job.ctcOrStipend },
  { field: 'location', label: 'Location', value: (job) => job.location },
  { field: 'applicationCount', label: 'Applications', value: (job) => job.applicationCount ?? 0 },
];

/** Spec §2: the jobs with their application counts; every column but Actions sorts; the server's order (newest first) until then. */
export function ReviewJobsTable({ jobs, loading, onView, onRefresh }: { jobs: ReviewJob[]; loading: boolean; onView: (jobId: string) => void; onRefresh: () => void }) {
  const { rows, sort, onSort } = useSortedRows(jobs, COLUMNS, null);

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="admin-btn" onClick={onRefresh}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh Jobs
        </button>
      </div>
      <SortableTable caption="Jobs with applications" columns={COLUMNS} rows={rows} sort={sort} onSort={onSort} loading={loading} loadingText={REVIEW_MESSAGES.jobsLoading} emptyText={REVIEW_MESSAGES.jobsEmpty}>
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
    </>
  );
}
