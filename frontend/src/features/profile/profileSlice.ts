import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from './types';

export const PROFILE_MESSAGES = { loadFailed: 'Failed to load your profile' } as const;

export interface ProfileState {
  user: Profile | null;
  loading: boolean;
  error: string | null;
}

const initialState: ProfileState = { user: null, loading: false, error: null };

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
  },
});

export const { profileRequested, profileLoaded, profileFailed } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
export const selectProfile = (state: { profile: ProfileState }): ProfileState => state.profile;
