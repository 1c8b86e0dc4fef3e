import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MyApplication, Training } from '../../shared/records';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface DashboardState {
  jobs: { status: LoadStatus; count: number };
  applications: { status: LoadStatus; items: MyApplication[] };
  trainings: { status: LoadStatus; items: Training[]; error: string | null };
}

const initialState: DashboardState = {
  jobs: { status: 'idle', count: 0 },
  applications: { status: 'idle', items: [] },
  trainings: { status: 'idle', items: [], error: null },
};

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    dashboardRequested(state) {
      state.jobs.status = 'loading';
      state.applications.status = 'loading';
      state.trainings.status = 'loading';
      state.trainings.error = null;
    },
    jobCountLoaded(state, action: PayloadAction<number>) {
      state.jobs = { status: 'succeeded', count: action.payload };
    },
    jobCountFailed(state) {
      state.jobs.status = 'failed';
    },
    applicationsLoaded(state, action: PayloadAction<MyApplication[]>) {
      state.applications = { status: 'succeeded', items: action.payload };
    },
    applicationsFailed(state) {
      state.applications.status = 'failed';
    },
    upcomingTrainingsLoaded(state, action: PayloadAction<Training[]>) {
      state.trainings = { status: 'succeeded', items: action.payload, error: null };
    },
    upcomingTrainingsFailed(state, action: PayloadAction<string>) {
      state.trainings = { status: 'failed', items: [], error: action.payload };
    },
  },
});

export const { dashboardRequested, jobCountLoaded, jobCountFailed, applicationsLoaded, applicationsFailed, upcomingTrainingsLoaded, upcomingTrainingsFailed } =
  dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
export const selectDashboard = (state: { dashboard: DashboardState }): DashboardState => state.dashboard;
