import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile, ProfileSubmission, ProfileUploads } from './types';

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load your profile',
  saved: 'Profile updated successfully!',
  saveFailed: 'Error updating profile',
  sessionExpired: 'Session expired. Please login again.',
} as const;

/** The profile form's save: idle → saving (upload progress) → saved, or failed with the server's words. */
export interface ProfileSaveState {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  progress: number;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export interface ProfileState {
  user: Profile | null;
  loading: boolean;
  error: string | null;
  save: ProfileSaveState;
}

const idleSave: ProfileSaveState = { status: 'idle', progress: 0, error: null, fieldErrors: {} };

const initialState: ProfileState = { user: null, loading: false, error: null, save: idleSave };

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileRequested(state) {
      state.loading = true;
      state.error = null;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      state.user = action.payload;
      state.loading = false;
    },
    profileFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** Files travel in `meta.files` (the store lets them through its serializability check). */
    profileSaveRequested: {
      reducer(state, _action: PayloadAction<ProfileSubmission, string, { files: ProfileUploads }>) {
        state.save = { status: 'saving', progress: 0, error: null, fieldErrors: {} };
      },
      prepare(submission: ProfileSubmission, files: ProfileUploads) {
        return { payload: submission, meta: { files } };
      },
    },
    profileSaveProgressed(state, action: PayloadAction<number>) {
      state.save.progress = Math.max(state.save.progress, action.payload);
    },
    profileSaved(state) {
      state.save = { ...idleSave, status: 'saved', progress: 100 };
    },
    profileSaveFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.save = { status: 'failed', progress: 0, error: action.payload.message, fieldErrors: action.payload.fieldErrors ?? {} };
    },
    profileSaveReset(state) {
      state.save = idleSave;
    },
  },
});

export const { profileRequested, profileLoaded, profileFailed, profileSaveRequested, profileSaveProgressed, profileSaved, profileSaveFailed, profileSaveReset } =
  profileSlice.actions;
export const profileReducer = profileSlice.reducer;
export const selectProfile = (state: { profile: ProfileState }): ProfileState => state.profile;
