import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlacementStatistics } from '@placement/domain';

export const STATISTICS_TEXT = {
  title: 'Placement Statistics',
  asOf: 'As of',
  wholeSeason: 'Whole season',
  loading: 'Loading placement statistics...',
  loadFailed: 'Failed to load the placement statistics',
  exportFailed: 'Failed to export the placement statistics',
  export: 'Export to Excel',
} as const;

export interface AdminStatisticsState {
  /** The day asked (YYYY-MM-DD), or null for the whole season to date. */
  asOf: string | null;
  statistics: PlacementStatistics | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  exporting: boolean;
}

const initialState: AdminStatisticsState = { asOf: null, statistics: null, status: 'idle', error: null, exporting: false };

const slice = createSlice({
  name: 'adminStatistics',
  initialState,
  reducers: {
    statisticsRequested(state, action: PayloadAction<string | null>) {
      state.asOf = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    statisticsLoaded(state, action: PayloadAction<PlacementStatistics>) {
      state.statistics = action.payload;
      state.status = 'succeeded';
    },
    statisticsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    statisticsExportRequested(state) {
      state.exporting = true;
      state.error = null;
    },
    statisticsExportFinished(state, action: PayloadAction<string | null>) {
      state.exporting = false;
      state.error = action.payload;
    },
  },
});

export const { statisticsRequested, statisticsLoaded, statisticsFailed, statisticsExportRequested, statisticsExportFinished } = slice.actions;
export const adminStatisticsReducer = slice.reducer;
