import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardStats } from '../types';

export const DASHBOARD_MESSAGES = {
  loading: 'Loading dashboard data...',
  restricted: 'Access to dashboard is restricted to administrators.',
  serverError: 'Server error while fetching stats. Please try again later.',
  failed: (message: string) => `Failed to load dashboard: ${message}`,
} as const;

export interface AdminDashboardState {
  stats: DashboardStats | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

const initialState: AdminDashboardState = { stats: null, status: 'idle', error: null };

const slice = createSlice({
  name: 'adminDashboard',
  initialState,
  reducers: {
    statsRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    statsLoaded(state, action: PayloadAction<DashboardStats>) {
      state.stats = action.payload;
      state.status = 'succeeded';
    },
    statsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { statsRequested, statsLoaded, statsFailed } = slice.actions;
export const adminDashboardReducer = slice.reducer;

/** Approval rate = approved / (approved + rejected) as a percent to one decimal, or 0% (spec §4). */
export function approvalRate(approved: number, rejected: number): string {
  const decided = approved + rejected;
  return decided > 0 ? `${((approved / decided) * 100).toFixed(1)}%` : '0%';
}
