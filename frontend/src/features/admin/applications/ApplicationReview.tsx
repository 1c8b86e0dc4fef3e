import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AdminBanners } from '../components/AdminBanners';
import { ApplicationDetailsModal } from './ApplicationDetailsModal';
import {
  detailsClosed,
  errorDismissed,
  jobChosen,
  jobsPageChosen,
  jobsRequested,
  jobsSorted,
  resumeDownloadRequested,
  REVIEW_MESSAGES,
  statusChangeRequested,
  successHidden,
} from './applicationsSlice';
import { JobApplicationsView } from './JobApplicationsView';
import { ReviewJobsTable } from './ReviewJobsTable';

/** Application review (spec §2): the job list, then one job's applications, their details and the export. */
export function ApplicationReview() {
  const dispatch = useAppDispatch();
  const { jobs, jobsStatus, jobsPaging, currentJobId, applications, error, success, details, downloading, busy } = useAppSelector((state) => state.admin.applications);

  useEffect(() => {
    dispatch(jobsRequested());
  }, [dispatch]);

  const currentJob = jobs.find((job) => job._id === currentJobId);
  const nestedJob = applications[0]?.jobId;
  const heading = REVIEW_MESSAGES.heading(currentJob?.profiles ?? nestedJob?.profiles ?? '', currentJob?.companyName ?? nestedJob?.companyName ?? '');
  const viewed = details ? applications.find((application) => application._id === details.id) : undefined;

  return (
    <div className="admin-section">
      {currentJobId === null && <h2>Application Review</h2>}

      <AdminBanners error={error} success={success} onDismissError={() => dispatch(errorDismissed())} onDismissSuccess={() => dispatch(successHidden())} />

      {currentJobId === null ? (
        <ReviewJobsTable
          jobs={jobs}
          loading={jobsStatus === 'loading'}
          paging={jobsPaging}
          onSort={(field) => dispatch(jobsSorted(field))}
          onPage={(page) => dispatch(jobsPageChosen(page))}
          onView={(jobId) => dispatch(jobChosen(jobId))}
          onRefresh={() => dispatch(jobsRequested())}
        />
      ) : (
        <JobApplicationsView heading={heading} />
      )}

      {details && viewed && (
        <ApplicationDetailsModal
          application={viewed}
          job={currentJob}
          resume={details.resume}
          downloading={downloading}
          busy={busy}
          onStatus={(status, interview) => dispatch(statusChangeRequested({ id: viewed._id, status, ...(interview ? { interview } : {}) }))}
          onDownload={() => dispatch(resumeDownloadRequested(viewed._id))}
          onClose={() => dispatch(detailsClosed())}
        />
      )}
    </div>
  );
}
