import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExperienceFields, ExperienceSort } from '@placement/domain';
import type { InterviewExperience } from './types';

export const INTERVIEW_MESSAGES = {
  loadFailed: 'Failed to load interview experiences.',
  submitted: 'Interview experience submitted successfully!',
  submitFailed: 'Failed to submit experience.',
  // Ours: experiences shared from this form wait for the placement team's review.
  heldForReview: 'It will appear on Interview Insights once the placement team has reviewed it.',
} as const;

export const SORT_OPTIONS: readonly { value: ExperienceSort; label: string }[] = [
  { value: 'dateDesc', label: 'Newest First' },
  { value: 'dateAsc', label: 'Oldest First' },
  { value: 'companyAsc', label: 'Company A-Z' },
  { value: 'companyDesc', label: 'Company Z-A' },
];

export interface InterviewsState {
  company: string;
  role: string;
  sort: ExperienceSort;
  page: number;
  items: InterviewExperience[];
  total: number;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  error: string | null;
  submit: { status: 'idle' | 'submitting' | 'success' | 'failed'; error: string | null; fieldErrors: Record<string, string>; resets: number };
}

const initialState: InterviewsState = {
  company: '',
  role: '',
  sort: 'dateDesc',
  page: 1,
  items: [],
  total: 0,
  status: 'idle',
  error: null,
  submit: { status: 'idle', error: null, fieldErrors: {}, resets: 0 },
};

const loading = (state: InterviewsState) => {
  state.status = 'loading';
  state.error = null;
};

const interviewsSlice = createSlice({
  name: 'interviews',
  initialState,
  reducers: {
    experiencesRequested: loading,
    /** Spec §4: changing a filter or the sort resets the page to 1. */
    companyFilterChanged(state, action: PayloadAction<string>) {
      state.company = action.payload;
      state.page = 1;
      loading(state);
    },
    roleFilterChanged(state, action: PayloadAction<string>) {
      state.role = action.payload;
      state.page = 1;
      loading(state);
    },
    sortChanged(state, action: PayloadAction<ExperienceSort>) {
      state.sort = action.payload;
      state.page = 1;
      loading(state);
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = action.payload;
      loading(state);
    },
    experiencesLoaded(state, action: PayloadAction<{ items: InterviewExperience[]; total: number }>) {
      state.items = action.payload.items;
      state.total = action.payload.total;
      state.status = 'loaded';
    },
    experiencesFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
      state.items = [];
      state.total = 0;
    },
    experienceSubmitRequested(state, _action: PayloadAction<ExperienceFields>) {
      state.submit = { ...state.submit, status: 'submitting', error: null, fieldErrors: {} };
    },
    experienceSubmitted(state) {
      state.submit = { status: 'success', error: null, fieldErrors: {}, resets: state.submit.resets + 1 };
    },
    experienceSubmitFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.submit = { ...state.submit, status: 'failed', error: action.payload.message, fieldErrors: action.payload.fieldErrors ?? {} };
    },
  },
});

export const {
  experiencesRequested,
  companyFilterChanged,
  roleFilterChanged,
  sortChanged,
  pageChanged,
  experiencesLoaded,
  experiencesFailed,
  experienceSubmitRequested,
  experienceSubmitted,
  experienceSubmitFailed,
} = interviewsSlice.actions;
export const interviewsReducer = interviewsSlice.reducer;
export const selectInterviews = (state: { interviews: InterviewsState }): InterviewsState => state.interviews;
