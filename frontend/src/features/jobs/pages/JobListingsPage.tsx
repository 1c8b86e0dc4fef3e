import { Suspense, lazy, useEffect, useState } from 'react';
import { LIMITS } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { selectAuth } from '../../../shared/session/authSlice';
import { useMyPlacement } from '../placement/usePlacement';
import { JobCard } from '../components/JobCard';
import { loadJobDetailsDialog } from '../components/loadJobDetailsDialog';
import { readPageAhead } from '../readAhead';
import { JobFiltersPanel } from '../components/JobFiltersPanel';
import { Pagination } from '../../../shared/components/Pagination';
import { filtersChanged, filtersCleared, jobOpened, jobsRequested, pageChanged, selectJobListings } from '../jobListingsSlice';
import '../jobs.css';

export const NO_MATCH_TEXT = 'No job listings match your filters.';

/**
 * The detail overlay and its application form (PrimeReact's Dialog, the form's fields, zod and the
 * upload) are a chunk of their own, loaded when a card is pointed at, focused or opened: the listing's
 * first render does not wait for them (issue 14, docs/decisions.md).
 */
const JobDetailsDialog = lazy(loadJobDetailsDialog);
const preloadDialog = () => void loadJobDetailsDialog().catch(() => undefined);

/** /job-listings: filters, 'Found N job listings', 6 cards per page, detail overlay and apply form (spec §2). */
export default function JobListingsPage() {
  const dispatch = useAppDispatch();
  const { filters, page, jobs, count, status, error, selectedId } = useAppSelector(selectJobListings);
  // A student holding an accepted offer sees which jobs the placement policy still leaves open.
  const placement = useMyPlacement(useAppSelector(selectAuth).role === 'student');

  // At the first render, before React commits the screen; the effect's load then takes that reply.
  useState(() => readPageAhead(filters, page));
  useEffect(() => {
    dispatch(jobsRequested());
  }, [dispatch]);

  const pages = Math.max(1, Math.ceil(count / LIMITS.jobsPerPage));
  const selected = jobs.find((job) => job._id === selectedId) ?? null;
  const firstLoad = status === 'loading' && jobs.length === 0;
  // Mounted from the first opening on, so that the overlay's closing animation still plays.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (selectedId !== null && !dialogMounted) setDialogMounted(true);

  const onPage = (next: number) => {
    dispatch(pageChanged(next));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="job-listings">
      <JobFiltersPanel filters={filters} onChange={(change) => dispatch(filtersChanged(change))} onClear={() => dispatch(filtersCleared())} />
      {status === 'failed' ? (
        <p className="inline-error" role="alert">
          Error: {error}
        </p>
      ) : firstLoad ? (
        <PageSpinner label="Loading job listings" />
      ) : (
        <>
          <p className="job-listings__count" aria-live="polite">
            Found {count} job listings
          </p>
          {jobs.length === 0 ? (
            <p className="empty-state">{NO_MATCH_TEXT}</p>
          ) : (
            <div className="job-grid" aria-busy={status === 'loading'} onPointerOver={preloadDialog} onFocus={preloadDialog}>
              {jobs.map((job) => (
                <JobCard key={job._id} job={job} onView={(id) => dispatch(jobOpened(id))} placement={placement} />
              ))}
            </div>
          )}
          <Pagination page={page} pages={pages} onPage={onPage} label="Job listing pages" />
        </>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <JobDetailsDialog job={selected} placement={placement} />
        </Suspense>
      )}
    </div>
  );
}
