import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminTraining, TrainingBody } from '../types';
import { firstPage, type ServerPaging } from '../table/serverPaging';

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

/**
 * The list is paged by the server, latest date first: a placement cell keeps years of trainings, and the
 * first page holds the upcoming ones and the latest past ones.
 */
export interface AdminTrainingsState {
  /** The page shown. */
  items: AdminTraining[];
  /** The page shown and how many trainings there are in all (no sort to choose: always latest first). */
  paging: ServerPaging<never>;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  success: string | null;
  form: TrainingFormState;
  saving: boolean;
}

const initialState: AdminTrainingsState = { items: [], paging: firstPage(), status: 'idle', error: null, success: null, form: null, saving: false };

const slice = createSlice({
  name: 'adminTrainings',
  initialState,
  reducers: {
    trainingsRequested(state) {
      state.status = 'loading';
    },
    pageChosen(state, action: PayloadAction<number>) {
      state.paging.page = action.payload;
      state.status = 'loading';
    },
    trainingsLoaded(state, action: PayloadAction<{ items: AdminTraining[]; total: number }>) {
      state.items = action.payload.items;
      state.paging.total = action.payload.total;
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
      state.paging.total = Math.max(0, state.paging.total - 1);
      state.success = TRAINING_ADMIN_MESSAGES.deleted;
    },
    actionFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.error = action.payload;
    },
  },
});

export const { trainingsRequested, pageChosen, trainingsLoaded, trainingsFailed, trainingFormOpened, saveRequested, saveSucceeded, deleteRequested, deleteSucceeded, actionFailed } = slice.actions;
export const adminTrainingsReducer = slice.reducer;
