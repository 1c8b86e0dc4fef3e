import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MyApplication } from '../../shared/records';
import type { HistoryEntry } from './types';

export const MY_APPLICATIONS_MESSAGES = {
  loadFailed: 'Applications not loaded.',
  empty: 'No Applications!',
  historyFailed: 'History could not be loaded.',
  historyMissing: 'No history recorded for this application yet.',
} as const;

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface HistoryState {
  status: LoadStatus | 'missing';
  events: HistoryEntry[];
}

export interface MyApplicationsState {
  items: MyApplication[];
  status: LoadStatus;
  error: string | null;
  /** Histories by application id, loaded when a row's history is opened. */
  histories: Record<string, HistoryState>;
}

const initialState: MyApplicationsState = { items: [], status: 'idle', error: null, histories: {} };

const myApplicationsSlice = createSlice({
  name: 'myApplications',
  initialState,
  reducers: {
    myApplicationsRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    myApplicationsLoaded(state, action: PayloadAction<MyApplication[]>) {
      state.items = action.payload;
      state.status = 'succeeded';
      // Statuses may have changed: histories are read again when opened.
      state.histories = {};
    },
    myApplicationsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    historyRequested(state, action: PayloadAction<string>) {
      state.histories[action.payload] = { status: 'loading', events: [] };
    },
    historyLoaded(state, action: PayloadAction<{ id: string; events: HistoryEntry[] }>) {
      state.histories[action.payload.id] = { status: 'succeeded', events: action.payload.events };
    },
    /** 404: the history endpoint (or this application's history) is not there; not an error for the student. */
    historyMissing(state, action: PayloadAction<string>) {
      state.histories[action.payload] = { status: 'missing', events: [] };
    },
    historyFailed(state, action: PayloadAction<string>) {
      state.histories[action.payload] = { status: 'failed', events: [] };
    },
  },
});

export const { myApplicationsRequested, myApplicationsLoaded, myApplicationsFailed, historyRequested, historyLoaded, historyMissing, historyFailed } =
  myApplicationsSlice.actions;
export const myApplicationsReducer = myApplicationsSlice.reducer;
export const selectMyApplications = (state: { myApplications: MyApplicationsState }): MyApplicationsState => state.myApplications;
