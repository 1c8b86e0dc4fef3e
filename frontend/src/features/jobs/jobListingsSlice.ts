import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApplicationSubmission, Job, JobFilters } from './types';

export const JOB_MESSAGES = {
  loadFailed: 'Failed to fetch jobs',
  applyFailed: 'Failed to submit application. Please try again.',
  applied: 'Application submitted successfully!',
} as const;

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type ApplyStatus = 'idle' | 'submitting' | 'success' | 'failed';

export const EMPTY_FILTERS: JobFilters = { search: '', location: '', offerType: '', skills: '', category: '', eligibleOnly: false };

export interface JobListingsState {
  filters: JobFilters;
  page: number;
  jobs: Job[];
  count: number;
  status: LoadStatus;
  error: string | null;
  /** The job whose detail overlay is open. */
  selectedId: string | null;
  /** The application form inside the overlay. */
  apply: { open: boolean; status: ApplyStatus; progress: number; error: string | null; fieldErrors: Record<string, string> };
}

const idleApply: JobListingsState['apply'] = { open: false, status: 'idle', progress: 0, error: null, fieldErrors: {} };

const initialState: JobListingsState = {
  filters: EMPTY_FILTERS,
  page: 1,
  jobs: [],
  count: 0,
  status: 'idle',
  error: null,
  selectedId: null,
  apply: idleApply,
};

const markApplied = (state: JobListingsState, jobId: string) => {
  const job = state.jobs.find((entry) => entry._id === jobId);
  if (job) job.hasApplied = true;
};

const jobListingsSlice = createSlice({
  name: 'jobListings',
  initialState,
  reducers: {
    jobsRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    /** A filter changed: the list reloads after the debounce, from page 1. */
    filtersChanged(state, action: PayloadAction<Partial<JobFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.page = 1;
      state.status = 'loading';
    },
    filtersCleared(state) {
      state.filters = EMPTY_FILTERS;
      state.page = 1;
      state.status = 'loading';
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = action.payload;
      state.status = 'loading';
    },
    jobsLoaded(state, action: PayloadAction<{ jobs: Job[]; count: number }>) {
      state.jobs = action.payload.jobs;
      state.count = action.payload.count;
      state.status = 'succeeded';
      state.error = null;
    },
    jobsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    jobOpened(state, action: PayloadAction<string>) {
      state.selectedId = action.payload;
      state.apply = idleApply;
    },
    jobClosed(state) {
      state.selectedId = null;
      state.apply = idleApply;
    },
    applyOpened(state) {
      state.apply = { ...idleApply, open: true };
    },
    applyClosed(state) {
      state.apply = idleApply;
    },
    /** Files are not serializable: the resume travels in meta.files, which the store's serializability check skips. */
    applyRequested: {
      reducer(state, _action: PayloadAction<Omit<ApplicationSubmission, 'resume'>, string, { files: { resume: File } }>) {
        state.apply = { open: true, status: 'submitting', progress: 0, error: null, fieldErrors: {} };
      },
      prepare({ resume, ...fields }: ApplicationSubmission) {
        return { payload: fields, meta: { files: { resume } } };
      },
    },
    applyProgressed(state, action: PayloadAction<number>) {
      state.apply.progress = action.payload;
    },
    applySucceeded(state) {
      state.apply.status = 'success';
      state.apply.progress = 100;
    },
    applyFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.apply.status = 'failed';
      state.apply.error = action.payload.message;
      state.apply.fieldErrors = action.payload.fieldErrors ?? {};
    },
    /** The job is applied to: after the form's success (it then closes) or when the server says so (409). */
    jobMarkedApplied(state, action: PayloadAction<string>) {
      markApplied(state, action.payload);
    },
    /** The form closed itself 2 s after success and told the parent: back to the job's details, now applied. */
    applyAutoClosed(state, action: PayloadAction<string>) {
      markApplied(state, action.payload);
      state.apply = idleApply;
    },
  },
});

export const {
  jobsRequested,
  filtersChanged,
  filtersCleared,
  pageChanged,
  jobsLoaded,
  jobsFailed,
  jobOpened,
  jobClosed,
  applyOpened,
  applyClosed,
  applyRequested,
  applyProgressed,
  applySucceeded,
  applyFailed,
  jobMarkedApplied,
  applyAutoClosed,
} = jobListingsSlice.actions;

export const jobListingsReducer = jobListingsSlice.reducer;

export const selectJobListings = (state: { jobListings: JobListingsState }): JobListingsState => state.jobListings;
