import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Experience, ExperienceForm } from '../types';

export const EXPERIENCE_MESSAGES = {
  loadFailed: 'Failed to load interview experiences.',
  empty: 'No interview experiences found.',
  loading: 'Loading interview experiences...',
  deleteFailed: 'Failed to delete experience.',
  deleted: 'Interview experience deleted successfully.',
  updateFailed: 'Failed to update experience.',
  updated: 'Interview experience updated successfully.',
  confirmDelete: 'Are you sure you want to delete this experience?',
  // Moderation is ours (the spec has none); worded like the spec's texts above.
  pending: 'Pending review',
  approve: 'Approve',
  approved: 'Interview experience approved.',
  approveFailed: 'Failed to approve experience.',
} as const;

export type ModalState = { id: string; mode: 'viewing' | 'editing' } | null;

export interface AdminExperiencesState {
  items: Experience[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  success: string | null;
  modal: ModalState;
  saving: boolean;
  formError: string | null;
}

const initialState: AdminExperiencesState = { items: [], status: 'idle', error: null, success: null, modal: null, saving: false, formError: null };

const slice = createSlice({
  name: 'adminExperiences',
  initialState,
  reducers: {
    experiencesRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    experiencesLoaded(state, action: PayloadAction<Experience[]>) {
      state.items = action.payload;
      state.status = 'succeeded';
    },
    experiencesFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    experienceOpened(state, action: PayloadAction<string>) {
      state.modal = { id: action.payload, mode: 'viewing' };
      state.formError = null;
      state.success = null;
    },
    editStarted(state) {
      if (state.modal) state.modal.mode = 'editing';
      state.formError = null;
    },
    editCancelled(state) {
      if (state.modal) state.modal.mode = 'viewing';
      state.formError = null;
    },
    modalClosed(state) {
      state.modal = null;
      state.formError = null;
    },
    updateRequested(state, _action: PayloadAction<{ id: string; form: ExperienceForm }>) {
      state.saving = true;
      state.formError = null;
    },
    updateSucceeded(state, action: PayloadAction<Experience>) {
      state.saving = false;
      state.items = state.items.map((e) => (e._id === action.payload._id ? action.payload : e));
      if (state.modal) state.modal.mode = 'viewing';
      state.success = EXPERIENCE_MESSAGES.updated;
    },
    updateFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.formError = action.payload;
    },
    approveRequested(state, _action: PayloadAction<string>) {
      state.saving = true;
      state.formError = null;
    },
    approveSucceeded(state, action: PayloadAction<string>) {
      state.saving = false;
      state.items = state.items.map((e) => (e._id === action.payload ? { ...e, status: 'approved' } : e));
      state.success = EXPERIENCE_MESSAGES.approved;
    },
    approveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.formError = action.payload;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.saving = true;
      state.formError = null;
    },
    deleteSucceeded(state, action: PayloadAction<string>) {
      state.saving = false;
      state.items = state.items.filter((e) => e._id !== action.payload);
      state.modal = null;
      state.success = EXPERIENCE_MESSAGES.deleted;
    },
    deleteFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.formError = action.payload;
    },
    successDismissed(state) {
      state.success = null;
    },
  },
});

export const {
  experiencesRequested,
  experiencesLoaded,
  experiencesFailed,
  experienceOpened,
  editStarted,
  editCancelled,
  modalClosed,
  updateRequested,
  updateSucceeded,
  updateFailed,
  approveRequested,
  approveSucceeded,
  approveFailed,
  deleteRequested,
  deleteSucceeded,
  deleteFailed,
  successDismissed,
} = slice.actions;
export const adminExperiencesReducer = slice.reducer;
