import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JobFields, JobStatus } from '@placement/domain';
import { bannerReducers, selectionReducers, serverPagedReducers } from '../sliceReducers';
import type { Sort } from '../table/SortableHeader';
import { firstPage, type ServerPaging } from '../table/serverPaging';
import { NO_JOB_FILTERS, type AdminJob, type AdminJobFilters, type AdminJobSortField } from './types';

/** Every text of Job Management (spec §2 and §8), word for word. */
export const JOB_ADMIN_MESSAGES = {
  loading: 'Loading jobs...',
  empty: 'No jobs found matching your criteria.',
  invalidResponse: 'Invalid response format from server',
  loadFailed: (reason: string) => `Failed to load jobs: ${reason}`,
  approveFailed: (reason: string) => `Failed to approve job or send notifications: ${reason}`,
  rejectFailed: (reason: string) => `Failed to reject job: ${reason}`,
  deleteFailed: (reason: string) => `Failed to delete job: ${reason}`,
  bulkApproveFailed: 'Failed to approve some jobs or send notifications',
  bulkRejectFailed: 'Failed to reject some jobs',
  saveFailed: 'Failed to save job',
  statusDefault: (status: JobStatus) => `Failed to ${status} job`,
  deleteDefault: 'Failed to delete job',
  notifyDefault: 'Failed to send job notification',
  approved: 'Job approved and email notifications sent to students.',
  bulkApproved: (n: number) => `${n} jobs approved and email notifications sent to students.`,
  created: 'Job created and email notifications sent to students.',
  confirmDelete: 'Are you sure you want to delete this job? This action cannot be undone.',
  confirmBulkApprove: (n: number) => `Are you sure you want to approve ${n} jobs?`,
  confirmBulkReject: (n: number) => `Are you sure you want to reject ${n} jobs?`,
} as const;

export type JobForm = { mode: 'add' } | { mode: 'edit'; job: AdminJob } | null;
export type JobDecision = 'approved' | 'rejected';

/** Spec §2: newest first until a header is clicked. */
export const DEFAULT_ADMIN_JOB_SORT: Sort<AdminJobSortField> = { field: 'createdAt', order: 'desc' };

export interface JobsState {
  /** The page of jobs shown, in the server's order. */
  items: AdminJob[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  filters: AdminJobFilters;
  /** The table's page, its sort, and how many jobs match the filters. */
  paging: ServerPaging<AdminJobSortField>;
  selected: string[];
  busy: boolean;
  error: string | null;
  success: string | null;
  form: JobForm;
  formBusy: boolean;
  formError: string | null;
  viewingId: string | null;
}

const initialState: JobsState = {
  items: [],
  status: 'idle',
  filters: NO_JOB_FILTERS,
  paging: firstPage(DEFAULT_ADMIN_JOB_SORT),
  selected: [],
  busy: false,
  error: null,
  success: null,
  form: null,
  formBusy: false,
  formError: null,
  viewingId: null,
};

const slice = createSlice({
  name: 'adminJobs',
  initialState,
  reducers: {
    jobsRequested(state) {
      state.status = 'loading';
    },
    ...serverPagedReducers<AdminJobSortField>(),
    jobsLoaded(state, action: PayloadAction<{ jobs: AdminJob[]; total: number }>) {
      state.items = action.payload.jobs;
      state.paging.total = action.payload.total;
      state.status = 'succeeded';
      state.selected = [];
    },
    jobsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    filtersChanged(state, action: PayloadAction<Partial<AdminJobFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.paging.page = 1;
    },
    filtersCleared(state) {
      state.filters = NO_JOB_FILTERS;
      state.paging.page = 1;
    },
    ...selectionReducers,
    errorShown(state, action: PayloadAction<string>) {
      state.error = action.payload;
      state.success = null;
      state.busy = false;
    },
    ...bannerReducers,
    statusChangeRequested(state, _action: PayloadAction<{ id: string; status: JobDecision }>) {
      state.busy = true;
      state.error = null;
    },
    bulkStatusRequested(state, _action: PayloadAction<{ ids: string[]; status: JobDecision }>) {
      state.busy = true;
      state.error = null;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    jobStatusSet(state, action: PayloadAction<{ ids: string[]; status: JobStatus }>) {
      const { ids, status } = action.payload;
      state.items = state.items.map((job) => (ids.includes(job._id) ? { ...job, status } : job));
    },
    jobRemoved(state, action: PayloadAction<string>) {
      if (state.items.some((job) => job._id === action.payload)) state.paging.total = Math.max(0, state.paging.total - 1);
      state.items = state.items.filter((job) => job._id !== action.payload);
      state.selected = state.selected.filter((id) => id !== action.payload);
      if (state.viewingId === action.payload) state.viewingId = null;
    },
    viewOpened(state, action: PayloadAction<string>) {
      state.viewingId = action.payload;
    },
    viewClosed(state) {
      state.viewingId = null;
    },
    formOpened(state, action: PayloadAction<JobForm>) {
      state.form = action.payload;
      state.formError = null;
      state.viewingId = null;
    },
    formClosed(state) {
      state.form = null;
      state.formError = null;
    },
    saveRequested(state, _action: PayloadAction<{ id: string | null; job: JobFields }>) {
      state.formBusy = true;
      state.formError = null;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.formBusy = false;
      state.formError = action.payload;
    },
    jobCreated(state, action: PayloadAction<AdminJob>) {
      state.items = [action.payload, ...state.items];
      state.paging.total += 1;
      state.formBusy = false;
      state.form = null;
    },
    jobUpdated(state, action: PayloadAction<AdminJob>) {
      state.items = state.items.map((job) => (job._id === action.payload._id ? { ...job, ...action.payload } : job));
      state.formBusy = false;
      state.form = null;
    },
  },
});

export const {
  jobsRequested,
  jobsLoaded,
  pageChosen,
  sorted,
  jobsFailed,
  filtersChanged,
  filtersCleared,
  selectionChanged,
  errorShown,
  errorDismissed,
  successShown,
  successHidden,
  statusChangeRequested,
  bulkStatusRequested,
  deleteRequested,
  jobStatusSet,
  jobRemoved,
  actionFinished,
  viewOpened,
  viewClosed,
  formOpened,
  formClosed,
  saveRequested,
  saveFailed,
  jobCreated,
  jobUpdated,
} = slice.actions;
export const adminJobsReducer = slice.reducer;
