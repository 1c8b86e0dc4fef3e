import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { APPLICATION_MESSAGES, type ApplicationStatus, type InterviewSlot } from '@placement/domain';
import { bannerReducers, selectionReducers } from '../sliceReducers';
import { firstPage, sortedBy, type ServerPaging } from '../table/serverPaging';
import type { ExportStatusFilter, ReviewedApplication, ReviewJob, ReviewJobSortField } from './types';

/** Every text of the application review (spec §2, §4, §5 and §8), word for word. */
export const REVIEW_MESSAGES = {
  jobsLoading: 'Loading jobs...',
  jobsEmpty: 'No jobs found',
  applicationsLoading: 'Loading applications...',
  applicationsEmpty: 'No applications for this job.',
  heading: (profile: string, company: string) => `Applications for ${profile} - ${company}`,
  statusUpdated: (status: string) => `Status updated to ${status}. Email sent to applicant`,
  bulkUpdated: (n: number, status: string) => `${n} application(s) updated to ${status}`,
  selectStatus: APPLICATION_MESSAGES.bulkStatusRequired,
  selectApplications: APPLICATION_MESSAGES.bulkSelectionRequired,
  nothingToExport: APPLICATION_MESSAGES.noApplicationsToExport,
  nothingMatches: APPLICATION_MESSAGES.noApplicationsMatchStatus,
  confirmDelete: 'Are you sure you want to delete this application?',
  confirmBulkDelete: (n: number) => `Are you sure you want to delete ${n} applications?`,
  loadJobsFailed: (reason: string) => `Failed to load jobs: ${reason}`,
  loadJobsToast: 'Failed to load jobs.',
  loadApplicationsFailed: (reason: string) => `Failed to load applications: ${reason}`,
  loadApplicationsToast: 'Failed to load applications.',
  statusFailed: (status: string, reason: string) => `Failed to update status to ${status}: ${reason}`,
  statusToast: 'Failed to update status.',
  bulkStatusFailed: (reason: string) => `Failed to update some statuses: ${reason}`,
  deleteFailed: (reason: string) => `Failed to delete application: ${reason}`,
  bulkDeleteFailed: (reason: string) => `Failed to delete some applications: ${reason}`,
  downloadFailed: (reason: string) => (reason ? `Failed to download resume: ${reason}` : 'Failed to download resume'),
  exportFailed: (reason: string) => `Failed to export applications: ${reason || 'Unknown error'}`,
  notPdf: 'Received file is not a PDF',
  resumeUnavailable: 'Resume unavailable',
} as const;

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type ResumeCheck = 'checking' | 'valid' | 'invalid';

export interface ApplicationsState {
  /** The page of jobs shown, in the server's order. */
  jobs: ReviewJob[];
  jobsStatus: LoadStatus;
  /** The job list's page, its sort (null: the server's, newest first) and how many jobs there are. */
  jobsPaging: ServerPaging<ReviewJobSortField>;
  currentJobId: string | null;
  applications: ReviewedApplication[];
  applicationsStatus: LoadStatus;
  selected: string[];
  exportStatus: ExportStatusFilter;
  exporting: boolean;
  busy: boolean;
  downloading: boolean;
  error: string | null;
  success: string | null;
  details: { id: string; resume: ResumeCheck } | null;
}

const initialState: ApplicationsState = {
  jobs: [],
  jobsStatus: 'idle',
  jobsPaging: firstPage(),
  currentJobId: null,
  applications: [],
  applicationsStatus: 'idle',
  selected: [],
  exportStatus: 'all',
  exporting: false,
  busy: false,
  downloading: false,
  error: null,
  success: null,
  details: null,
};

/** A banner message and, when the spec words the toast differently, the toast's text. */
export interface ShownError {
  message: string;
  toast?: string;
}

const slice = createSlice({
  name: 'adminApplications',
  initialState,
  reducers: {
    jobsRequested(state) {
      state.jobsStatus = 'loading';
    },
    jobsPageChosen(state, action: PayloadAction<number>) {
      state.jobsPaging.page = action.payload;
      state.jobsStatus = 'loading';
    },
    jobsSorted(state, action: PayloadAction<ReviewJobSortField>) {
      state.jobsPaging = sortedBy(state.jobsPaging, action.payload);
      state.jobsStatus = 'loading';
    },
    jobsLoaded(state, action: PayloadAction<{ jobs: ReviewJob[]; total: number }>) {
      state.jobs = action.payload.jobs;
      state.jobsPaging.total = action.payload.total;
      state.jobsStatus = 'succeeded';
    },
    jobsFailed(state) {
      state.jobsStatus = 'failed';
    },
    jobChosen(state, action: PayloadAction<string>) {
      state.currentJobId = action.payload;
      state.applications = [];
      state.selected = [];
      state.exportStatus = 'all';
      state.details = null;
      state.applicationsStatus = 'loading';
    },
    backToJobs(state) {
      state.currentJobId = null;
      state.applications = [];
      state.selected = [];
      state.details = null;
    },
    applicationsRequested(state) {
      state.applicationsStatus = 'loading';
    },
    applicationsLoaded(state, action: PayloadAction<ReviewedApplication[]>) {
      state.applications = action.payload;
      state.applicationsStatus = 'succeeded';
      state.selected = [];
    },
    applicationsFailed(state) {
      state.applicationsStatus = 'failed';
    },
    ...selectionReducers,
    exportStatusChanged(state, action: PayloadAction<ExportStatusFilter>) {
      state.exportStatus = action.payload;
    },
    exportRequested(state) {
      state.exporting = true;
    },
    exportFinished(state) {
      state.exporting = false;
    },
    statusChangeRequested(state, _action: PayloadAction<{ id: string; status: ApplicationStatus; interview?: InterviewSlot }>) {
      state.busy = true;
    },
    bulkStatusRequested(state, _action: PayloadAction<{ ids: string[]; status: ApplicationStatus | ''; interview?: InterviewSlot }>) {
      state.busy = true;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
    },
    bulkDeleteRequested(state, _action: PayloadAction<string[]>) {
      state.busy = true;
    },
    statusesSet(state, action: PayloadAction<{ ids: string[]; status: ApplicationStatus }>) {
      const { ids, status } = action.payload;
      state.applications = state.applications.map((a) => (ids.includes(a._id) ? { ...a, status } : a));
    },
    /** Deleted applications leave the table and lower their job's count. */
    applicationsRemoved(state, action: PayloadAction<string[]>) {
      const removed = state.applications.filter((a) => action.payload.includes(a._id)).length;
      state.applications = state.applications.filter((a) => !action.payload.includes(a._id));
      state.selected = state.selected.filter((id) => !action.payload.includes(id));
      if (state.details && action.payload.includes(state.details.id)) state.details = null;
      const job = state.jobs.find((j) => j._id === state.currentJobId);
      if (job) job.applicationCount = Math.max(0, (job.applicationCount ?? 0) - removed);
    },
    detailsOpened(state, action: PayloadAction<{ id: string; hasResume: boolean }>) {
      state.details = { id: action.payload.id, resume: action.payload.hasResume ? 'checking' : 'invalid' };
    },
    resumeChecked(state, action: PayloadAction<{ id: string; valid: boolean }>) {
      if (state.details?.id === action.payload.id) state.details.resume = action.payload.valid ? 'valid' : 'invalid';
    },
    detailsClosed(state) {
      state.details = null;
    },
    resumeDownloadRequested(state, _action: PayloadAction<string>) {
      state.downloading = true;
    },
    resumeDownloadFinished(state) {
      state.downloading = false;
    },
    errorShown(state, action: PayloadAction<ShownError>) {
      state.error = action.payload.message;
      state.success = null;
      state.busy = false;
    },
    ...bannerReducers,
  },
});

export const {
  jobsRequested,
  jobsPageChosen,
  jobsSorted,
  jobsLoaded,
  jobsFailed,
  jobChosen,
  backToJobs,
  applicationsRequested,
  applicationsLoaded,
  applicationsFailed,
  selectionChanged,
  exportStatusChanged,
  exportRequested,
  exportFinished,
  statusChangeRequested,
  bulkStatusRequested,
  deleteRequested,
  bulkDeleteRequested,
  statusesSet,
  applicationsRemoved,
  actionFinished,
  detailsOpened,
  resumeChecked,
  detailsClosed,
  resumeDownloadRequested,
  resumeDownloadFinished,
  errorShown,
  errorDismissed,
  successShown,
  successHidden,
} = slice.actions;
export const adminApplicationsReducer = slice.reducer;
