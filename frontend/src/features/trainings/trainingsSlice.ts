import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Training } from '../../shared/records';

export const TRAINING_MESSAGES = {
  loadFailed: 'Failed to fetch trainings',
  empty: 'No training programs scheduled at the moment.',
} as const;

export interface TrainingsState {
  items: Training[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

const initialState: TrainingsState = { items: [], status: 'idle', error: null };

const trainingsSlice = createSlice({
  name: 'trainings',
  initialState,
  reducers: {
    trainingsRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    trainingsLoaded(state, action: PayloadAction<Training[]>) {
      state.items = action.payload;
      state.status = 'succeeded';
    },
    trainingsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { trainingsRequested, trainingsLoaded, trainingsFailed } = trainingsSlice.actions;
export const trainingsReducer = trainingsSlice.reducer;
export const selectTrainings = (state: { trainings: TrainingsState }): TrainingsState => state.trainings;
