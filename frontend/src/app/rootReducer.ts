import { combineReducers } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/authSlice';
import { registrationReducer } from '../features/auth/registrationSlice';
import { notificationsReducer } from '../shared/notifications/notificationsSlice';

/** One key per feature slice; a new feature adds its reducer here. */
export const rootReducer = combineReducers({
  auth: authReducer,
  registration: registrationReducer,
  notifications: notificationsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
