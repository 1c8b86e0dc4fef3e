import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SystemStatus } from './types';

export const SYSTEM_TEXT = {
  title: 'System Status',
  loading: 'Loading system status...',
  loadFailed: 'Failed to load the system status',
} as const;

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
}

const initialState: SystemState = { status: null, loading: false, error: null, history: [] };

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
  },
});

export const { systemWatchStarted, systemWatchStopped, systemStatusRequested, systemStatusLoaded, systemStatusFailed } = slice.actions;
export const adminSystemReducer = slice.reducer;
