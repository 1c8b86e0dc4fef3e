import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestStatus } from './types';

/**
 * Forgot password, the reset link's page and the signed-in password change: each a request with the
 * server's message, or its error and the messages it gave per field.
 */
export interface PasswordRequest {
  status: RequestStatus;
  message: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export interface PasswordState {
  forgot: PasswordRequest;
  reset: PasswordRequest;
  change: PasswordRequest;
}

/** Texts the spec does not give (docs/decisions.md, forgot password). */
export const PASSWORD_MESSAGES = {
  forgotFailed: 'Failed to send the reset link. Try again.',
  resetFailed: 'Failed to reset the password. Try again.',
  changeFailed: 'Failed to change the password. Try again.',
  changed: 'Your password has been changed.',
} as const;

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

type Kind = keyof PasswordState;

const idle: PasswordRequest = { status: 'idle', message: null, error: null, fieldErrors: {} };
const initialState: PasswordState = { forgot: idle, reset: idle, change: idle };

const pending = (): PasswordRequest => ({ ...idle, status: 'pending' });
const succeeded = (message: string): PasswordRequest => ({ ...idle, status: 'succeeded', message });
const failed = (failure: { message: string; fieldErrors?: Record<string, string> }): PasswordRequest => ({
  ...idle,
  status: 'failed',
  error: failure.message,
  fieldErrors: failure.fieldErrors ?? {},
});

export type PasswordFailure = { kind: Kind; message: string; fieldErrors?: Record<string, string> };

const passwordSlice = createSlice({
  name: 'password',
  initialState,
  reducers: {
    forgotPasswordRequested(state, _action: PayloadAction<string>) {
      state.forgot = pending();
    },
    resetPasswordRequested(state, _action: PayloadAction<ResetPasswordRequest>) {
      state.reset = pending();
    },
    changePasswordRequested(state, _action: PayloadAction<ChangePasswordRequest>) {
      state.change = pending();
    },
    passwordRequestSucceeded(state, action: PayloadAction<{ kind: Kind; message: string }>) {
      state[action.payload.kind] = succeeded(action.payload.message);
    },
    passwordRequestFailed(state, action: PayloadAction<PasswordFailure>) {
      state[action.payload.kind] = failed(action.payload);
    },
    /** Leaves a form's outcome behind (the user edits again, or leaves the page). */
    passwordRequestReset(state, action: PayloadAction<Kind>) {
      state[action.payload] = idle;
    },
  },
});

export const { forgotPasswordRequested, resetPasswordRequested, changePasswordRequested, passwordRequestSucceeded, passwordRequestFailed, passwordRequestReset } = passwordSlice.actions;

export const passwordReducer = passwordSlice.reducer;

export const selectPassword = (state: { password: PasswordState }): PasswordState => state.password;
