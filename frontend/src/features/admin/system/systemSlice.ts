import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SystemStatus } from './types';

export const SYSTEM_TEXT = {
  title: 'System Status',
  loading: 'Loading system status...',
  loadFailed: 'Failed to load the system status',
  skipFailed: 'Failed to skip the event',
  confirmSkip: (projection: string, position: number) =>
    `Skip event ${position} in the ${projection} read model? It will never hold what that event changed. The skip is recorded in the audit history.`,
} as const;

/** An admin's skip of the event a projection is stuck at. */
export interface SkipRequest {
  projection: string;
  position: number;
  reason: string;
}

/** Readings kept for the lag chart: ten minutes at one every 10 s. */
export const LAG_HISTORY_LENGTH = 60;

export interface LagReading {
  at: string;
  /** Total lag per consumer group. */
  groups: Record<string, number>;
}

export interface SystemState {
  status: SystemStatus | null;
  loading: boolean;
  error: string | null;
  history: LagReading[];
  /** The projection whose skip is on its way. */
  skipping: string | null;
  skipError: string | null;
  skipSuccess: string | null;
}

const initialState: SystemState = { status: null, loading: false, error: null, history: [], skipping: null, skipError: null, skipSuccess: null };

/** The Kafka lag of one status reading, for the chart; nothing when Kafka did not answer. */
export const lagReadingOf = (status: SystemStatus): LagReading | null =>
  status.kafka.error ? null : { at: status.checkedAt, groups: Object.fromEntries(status.kafka.groups.map((group) => [group.groupId, group.lag])) };

const slice = createSlice({
  name: 'adminSystem',
  initialState,
  reducers: {
    /** Reads the status now and every 10 s until the watch stops. */
    systemWatchStarted(state) {
      state.loading = true;
    },
    systemWatchStopped() {},
    systemStatusRequested(state) {
      state.loading = true;
    },
    systemStatusLoaded(state, action: PayloadAction<SystemStatus>) {
      state.loading = false;
      state.error = null;
      state.status = action.payload;
      const reading = lagReadingOf(action.payload);
      if (reading) state.history = [...state.history, reading].slice(-LAG_HISTORY_LENGTH);
    },
    systemStatusFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    skipRequested(state, action: PayloadAction<SkipRequest>) {
      state.skipping = action.payload.projection;
      state.skipError = null;
      state.skipSuccess = null;
    },
    skipSucceeded(state, action: PayloadAction<string>) {
      state.skipping = null;
      state.skipSuccess = action.payload;
    },
    skipFailed(state, action: PayloadAction<string>) {
      state.skipping = null;
      state.skipError = action.payload;
    },
    skipMessagesHidden(state) {
      state.skipError = null;
      state.skipSuccess = null;
    },
  },
});

export const { systemWatchStarted, systemWatchStopped, systemStatusRequested, systemStatusLoaded, systemStatusFailed, skipRequested, skipSucceeded, skipFailed, skipMessagesHidden } =
  slice.actions;
export const adminSystemReducer = slice.reducer;
