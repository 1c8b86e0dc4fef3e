import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminTraining, TrainingBody } from '../types';

export const TRAINING_ADMIN_MESSAGES = {
  loading: 'Loading trainings...',
  empty: 'No trainings available.',
  loadFailed: 'Failed to fetch trainings',
  saveFailed: 'Failed to save training',
  deleteFailed: 'Failed to delete training',
  confirmDelete: 'Are you sure you want to delete this training?',
  created: 'Training created successfully.',
  updated: 'Training updated successfully.',
  deleted: 'Training deleted successfully.',
} as const;

/** The form is closed, adding, or editing one training. */
export type TrainingFormState = { mode: 'add' } | { mode: 'edit'; training: AdminTraining } | null;

export interface AdminTrainingsState {
  items: AdminTraining[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  success: string | null;
  form: TrainingFormState;
  saving: boolean;
}

const initialState: AdminTrainingsState = { items: [], status: 'idle', error: null, success: null, form: null, saving: false };

const slice = createSlice({
  name: 'adminTrainings',
  initialState,
  reducers: {
    trainingsRequested(state) {
      state.status = 'loading';
    },
    trainingsLoaded(state, action: PayloadAction<AdminTraining[]>) {
      state.items = action.payload;
      state.status = 'succeeded';
    },
    trainingsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    trainingFormOpened(state, action: PayloadAction<TrainingFormState>) {
      state.form = action.payload;
      state.error = null;
      state.success = null;
    },
    saveRequested(state, _action: PayloadAction<{ id: string | null; body: TrainingBody }>) {
      state.saving = true;
      state.error = null;
      state.success = null;
    },
    saveSucceeded(state, action: PayloadAction<string>) {
      state.saving = false;
      state.form = null;
      state.success = action.payload;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.saving = true;
      state.error = null;
      state.success = null;
    },
    deleteSucceeded(state, action: PayloadAction<string>) {
      state.saving = false;
      state.items = state.items.filter((t) => t._id !== action.payload);
      state.success = TRAINING_ADMIN_MESSAGES.deleted;
    },
    actionFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.error = action.payload;
    },
  },
});

export const { trainingsRequested, trainingsLoaded, trainingsFailed, trainingFormOpened, saveRequested, saveSucceeded, deleteRequested, deleteSucceeded, actionFailed } = slice.actions;
export const adminTrainingsReducer = slice.reducer;
