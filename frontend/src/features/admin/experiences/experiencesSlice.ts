import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Experience, ExperienceForm } from '../types';
import { firstPage, type ServerPaging } from '../table/serverPaging';

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

/**
 * The management list is paged and searched by the server, newest first: a placement cell gathers
 * thousands of experiences over the years, too many to fetch whole and filter in the browser.
 */
export interface AdminExperiencesState {
  /** The page shown. */
  items: Experience[];
  /** The search box as typed; the list answers it once typing pauses. */
  search: string;
  /** The page shown and how many experiences match the search in all (the server's order: no sort). */
  paging: ServerPaging<never>;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  success: string | null;
  modal: ModalState;
  saving: boolean;
  formError: string | null;
}

const initialState: AdminExperiencesState = { items: [], search: '', paging: firstPage(), status: 'idle', error: null, success: null, modal: null, saving: false, formError: null };

const slice = createSlice({
  name: 'adminExperiences',
  initialState,
  reducers: {
    /** The page shown read again, or the first page (after a new search). */
    experiencesRequested(state, action: PayloadAction<{ firstPage?: boolean } | undefined>) {
      state.status = 'loading';
      state.error = null;
      if (action.payload?.firstPage) state.paging.page = 1;
    },
    /** The search box changed: the first page of what it matches is asked for once typing pauses. */
    searchTyped(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    pageChosen(state, action: PayloadAction<number>) {
      state.paging.page = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    experiencesLoaded(state, action: PayloadAction<{ items: Experience[]; total: number }>) {
      state.items = action.payload.items;
      state.paging.total = action.payload.total;
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
      state.paging.total = Math.max(0, state.paging.total - 1);
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
  searchTyped,
  pageChosen,
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
