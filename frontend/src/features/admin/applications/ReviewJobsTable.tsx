import { useMemo, useState } from 'react';
import { sortBy } from '../format';
import { SortableHeader, toggledSort, type Sort } from '../table/SortableHeader';
import { REVIEW_MESSAGES } from './applicationsSlice';
import type { ReviewJob } from './types';

type SortField = 'profile' | 'company' | 'ctcOrStipend' | 'location' | 'applicationCount';

const COLUMNS: { field: SortField; label: string; value: (job: ReviewJob) => unknown }[] = [
  { field: 'profile', label: 'Job Profile', value: (job) => job.profiles },
  { field: 'company', label: 'Company', value: (job) => job.companyName },
  { field: 'ctcOrStipend', label: 'CTC/Stipend', value: (job) => job.ctcOrStipend },
  { field: 'location', label: 'Location', value: (job) => job.location },
  { field: 'applicationCount', label: 'Applications', value: (job) => job.applicationCount ?? 0 },
];

/** Spec §2: the jobs with their application counts; every column but Actions sorts; the server's order (newest first) until then. */
export function ReviewJobsTable({ jobs, loading, onView, onRefresh }: { jobs: ReviewJob[]; loading: boolean; onView: (jobId: string) => void; onRefresh: () => void }) {
  const [sort, setSort] = useState<Sort<SortField> | null>(null);
  const rows = useMemo(() => {
    const column = sort && COLUMNS.find((c) => c.field === sort.field);
    return sort && column ? sortBy(jobs, column.value, sort.order) : jobs;
  }, [jobs, sort]);

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="admin-btn" onClick={onRefresh}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh Jobs
        </button>
      </div>
      {loading && jobs.length === 0 ? (
        <p className="admin-loading" role="status">
          {REVIEW_MESSAGES.jobsLoading}
        </p>
      ) : (
        <table className="admin-table" aria-busy={loading}>
          <caption className="visually-hidden">Jobs with applications</caption>
          <thead>
            <tr>
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
                  {REVIEW_MESSAGES.jobsEmpty}
                </td>
              </tr>
            ) : (
              rows.map((job) => (
                <tr key={job._id}>
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
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </>
  );
}
