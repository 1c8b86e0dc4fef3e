import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuditEntry, AuditKind, LogFilters, LogPage } from './types';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface AuditState {
  timeline: { kind: AuditKind; id: string; status: LoadStatus; error: string | null; streamId: string | null; events: AuditEntry[] };
  log: {
    filters: LogFilters;
    /** The position this page starts after, and those of the pages before it (for Previous). */
    after: number;
    history: number[];
    status: LoadStatus;
    error: string | null;
    events: LogPage['events'];
    nextAfter: number | null;
  };
}

export const NO_LOG_FILTERS: LogFilters = { actor: '', type: '', from: '', to: '' };

const initialState: AuditState = {
  timeline: { kind: 'jobs', id: '', status: 'idle', error: null, streamId: null, events: [] },
  log: { filters: NO_LOG_FILTERS, after: 0, history: [], status: 'idle', error: null, events: [], nextAfter: null },
};

const slice = createSlice({
  name: 'adminAudit',
  initialState,
  reducers: {
    timelineRequested(state, action: PayloadAction<{ kind: AuditKind; id: string }>) {
      state.timeline = { ...action.payload, status: 'loading', error: null, streamId: null, events: [] };
    },
    timelineLoaded(state, action: PayloadAction<{ streamId: string; events: AuditEntry[] }>) {
      state.timeline.status = 'succeeded';
      state.timeline.streamId = action.payload.streamId;
      state.timeline.events = action.payload.events;
    },
    timelineFailed(state, action: PayloadAction<string>) {
      state.timeline.status = 'failed';
      state.timeline.error = action.payload;
    },
    logSearched(state, action: PayloadAction<LogFilters>) {
      state.log = { ...state.log, filters: action.payload, after: 0, history: [], status: 'loading', error: null };
    },
    logNextPage(state) {
      if (state.log.nextAfter === null) return;
      state.log.history = [...state.log.history, state.log.after];
      state.log.after = state.log.nextAfter;
      state.log.status = 'loading';
    },
    logPreviousPage(state) {
      const previous = state.log.history.at(-1);
      if (previous === undefined) return;
      state.log.history = state.log.history.slice(0, -1);
      state.log.after = previous;
      state.log.status = 'loading';
    },
    logLoaded(state, action: PayloadAction<LogPage>) {
      state.log.status = 'succeeded';
      state.log.events = action.payload.events;
      state.log.nextAfter = action.payload.nextAfter;
    },
    logFailed(state, action: PayloadAction<string>) {
      state.log.status = 'failed';
      state.log.error = action.payload;
    },
  },
});

export const { timelineRequested, timelineLoaded, timelineFailed, logSearched, logNextPage, logPreviousPage, logLoaded, logFailed } = slice.actions;
export const adminAuditReducer = slice.reducer;
