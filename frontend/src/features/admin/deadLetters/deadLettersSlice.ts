import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeadLetter } from '@placement/domain';

/** Notifier work given up on after its last try: the domain's contract of GET /api/dead-letters. */
export type { DeadLetter };

export type DeadLetterFilter = 'dead' | 'retried' | 'all';

export const DEAD_LETTER_TEXT = {
  title: 'Dead Letters',
  loading: 'Loading dead letters...',
  empty: 'No dead letters.',
  loadFailed: 'Failed to load dead letters',
  retryFailed: 'Failed to retry the dead letter',
  retried: 'The dead letter was queued for another round of tries.',
  confirmRetry: 'Send this dead letter back for another round of tries?',
} as const;

export interface DeadLettersState {
  filter: DeadLetterFilter;
  items: DeadLetter[];
  total: number;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  success: string | null;
  /** Letters whose retry is on its way. */
  retrying: string[];
}

const initialState: DeadLettersState = { filter: 'dead', items: [], total: 0, status: 'idle', error: null, success: null, retrying: [] };

const slice = createSlice({
  name: 'adminDeadLetters',
  initialState,
  reducers: {
    deadLettersRequested(state, action: PayloadAction<DeadLetterFilter | undefined>) {
      if (action.payload) state.filter = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    deadLettersLoaded(state, action: PayloadAction<{ items: DeadLetter[]; total: number }>) {
      state.status = 'succeeded';
      state.items = action.payload.items;
      state.total = action.payload.total;
    },
    deadLettersFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    retryRequested(state, action: PayloadAction<string>) {
      state.retrying = [...state.retrying, action.payload];
      state.error = null;
      state.success = null;
    },
    retrySucceeded(state, action: PayloadAction<{ id: string; message: string; deadLetter: DeadLetter | null }>) {
      const { id, message, deadLetter } = action.payload;
      state.retrying = state.retrying.filter((x) => x !== id);
      state.success = message;
      if (deadLetter) state.items = state.items.map((item) => (item.id === id ? deadLetter : item));
    },
    retryFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      state.retrying = state.retrying.filter((x) => x !== action.payload.id);
      state.error = action.payload.message;
    },
    successHidden(state) {
      state.success = null;
    },
  },
});

export const { deadLettersRequested, deadLettersLoaded, deadLettersFailed, retryRequested, retrySucceeded, retryFailed, successHidden } = slice.actions;
export const adminDeadLettersReducer = slice.reducer;
