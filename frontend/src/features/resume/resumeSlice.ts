import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalysisRequest } from './api';
import type { AnalysisResponse, ResumeAnalysisEntry } from './types';

export const RESUME_MESSAGES = {
  noFile: 'Please select a file first.',
  badType: 'Please upload a PDF or Word document.',
  unknown: 'Unknown error occurred.',
  network: 'Failed to analyze resume. Please try again.',
  analyzed: 'Resume analyzed successfully!',
  // Not worded by the spec:
  historyFailed: 'Your earlier checks could not be loaded.',
} as const;

/** Spec §4: idle → analysing (progress +10 every 100 ms up to 90, then 100) → results or error. */
export interface ResumeState {
  status: 'idle' | 'analysing' | 'done' | 'failed';
  progress: number;
  result: AnalysisResponse | null;
  error: string | null;
  /** The student's earlier checks, oldest first (GET /api/resume-analyses/me). */
  history: { status: 'idle' | 'loading' | 'loaded' | 'failed'; analyses: ResumeAnalysisEntry[] };
}

const initialState: ResumeState = { status: 'idle', progress: 0, result: null, error: null, history: { status: 'idle', analyses: [] } };

const resumeSlice = createSlice({
  name: 'resume',
  initialState,
  reducers: {
    analysisRequested: {
      reducer(state, _action: PayloadAction<AnalysisRequest, string, { files: { resume: File } }>) {
        state.status = 'analysing';
        state.progress = 0;
        state.error = null;
      },
      prepare(request: AnalysisRequest, resume: File) {
        return { payload: request, meta: { files: { resume } } };
      },
    },
    analysisProgressed(state, action: PayloadAction<number>) {
      state.progress = action.payload;
    },
    analysisSucceeded(state, action: PayloadAction<AnalysisResponse>) {
      state.status = 'done';
      state.progress = 100;
      state.result = action.payload;
    },
    analysisFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.progress = 0;
      state.error = action.payload;
    },
    /** 'Analyze New Resume': back to an empty form (the history stays). */
    analysisCleared(state) {
      return { ...initialState, history: state.history };
    },
    historyRequested(state) {
      state.history.status = 'loading';
    },
    historyLoaded(state, action: PayloadAction<ResumeAnalysisEntry[]>) {
      state.history = { status: 'loaded', analyses: action.payload };
    },
    historyFailed(state) {
      state.history.status = 'failed';
    },
  },
});

export const { analysisRequested, analysisProgressed, analysisSucceeded, analysisFailed, analysisCleared, historyRequested, historyLoaded, historyFailed } = resumeSlice.actions;
export const resumeReducer = resumeSlice.reducer;
export const selectResume = (state: { resume: ResumeState }): ResumeState => state.resume;
