import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JobFields } from '@placement/domain';
import type { PostingMode } from './api';

export const POST_JOB_MESSAGES = {
  submitted: 'Job posting submitted successfully and awaiting admin approval',
  failed: 'Failed to submit job posting',
  /** Spec §8: failures show as 'Error: {message}'. */
  errorText: (message: string) => `Error: ${message}`,
} as const;

export interface PostJobState {
  status: 'idle' | 'submitting' | 'success' | 'failed';
  message: string | null;
  fieldErrors: Record<string, string>;
  /** Bumped on success: the page remounts the form, which resets it. */
  resets: number;
}

const initialState: PostJobState = { status: 'idle', message: null, fieldErrors: {}, resets: 0 };

const postJobSlice = createSlice({
  name: 'postJob',
  initialState,
  reducers: {
    postJobRequested(state, _action: PayloadAction<{ job: JobFields; mode: PostingMode }>) {
      state.status = 'submitting';
      state.message = null;
      state.fieldErrors = {};
    },
    postJobSucceeded(state) {
      state.status = 'success';
      state.message = POST_JOB_MESSAGES.submitted;
      state.resets += 1;
    },
    postJobFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.status = 'failed';
      state.message = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors ?? {};
    },
    postJobReset(state) {
      state.status = 'idle';
      state.message = null;
      state.fieldErrors = {};
    },
  },
});

export const { postJobRequested, postJobSucceeded, postJobFailed, postJobReset } = postJobSlice.actions;
export const postJobReducer = postJobSlice.reducer;
export const selectPostJob = (state: { postJob: PostJobState }): PostJobState => state.postJob;
