import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestStatus } from '../../shared/session/types';
import type { Registration } from './types';

/** Sign-up, resend-verification and e-mail verification: the sign-in page's other requests. */

export interface RegistrationState {
  signup: { status: RequestStatus; message: string | null; error: string | null; fieldErrors: Record<string, string> };
  resend: { status: RequestStatus; message: string | null; error: string | null };
  verification: { status: RequestStatus; token: string | null; error: string | null };
}

export const REGISTRATION_MESSAGES = {
  unexpectedReply: 'Unexpected response from server.',
  signupFailed: 'Signup failed. Try again.',
  resendFailed: 'Failed to resend verification email.',
  resendSent: 'Verification email sent. Please check your inbox.',
  verificationFailed: 'Verification failed. Try again.',
} as const;

const initialState: RegistrationState = {
  signup: { status: 'idle', message: null, error: null, fieldErrors: {} },
  resend: { status: 'idle', message: null, error: null },
  verification: { status: 'idle', token: null, error: null },
};

const registrationSlice = createSlice({
  name: 'registration',
  initialState,
  reducers: {
    signupRequested(state, _action: PayloadAction<Registration>) {
      state.signup = { status: 'pending', message: null, error: null, fieldErrors: {} };
    },
    signupSucceeded(state, action: PayloadAction<string>) {
      state.signup = { status: 'succeeded', message: action.payload, error: null, fieldErrors: {} };
    },
    signupFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.signup = { status: 'failed', message: null, error: action.payload.message, fieldErrors: action.payload.fieldErrors ?? {} };
    },
    signupReset(state) {
      state.signup = initialState.signup;
    },
    resendRequested(state, _action: PayloadAction<string>) {
      state.resend = { status: 'pending', message: null, error: null };
    },
    resendSucceeded(state, action: PayloadAction<string>) {
      state.resend = { status: 'succeeded', message: action.payload, error: null };
    },
    resendFailed(state, action: PayloadAction<string>) {
      state.resend = { status: 'failed', message: null, error: action.payload };
    },
    resendReset(state) {
      state.resend = initialState.resend;
    },
    verificationRequested(state, action: PayloadAction<string | null>) {
      state.verification = { status: 'pending', token: action.payload, error: null };
    },
    verificationSucceeded(state) {
      state.verification.status = 'succeeded';
    },
    verificationFailed(state, action: PayloadAction<string>) {
      state.verification.status = 'failed';
      state.verification.error = action.payload;
    },
  },
});

export const {
  signupRequested,
  signupSucceeded,
  signupFailed,
  signupReset,
  resendRequested,
  resendSucceeded,
  resendFailed,
  resendReset,
  verificationRequested,
  verificationSucceeded,
  verificationFailed,
} = registrationSlice.actions;

export const registrationReducer = registrationSlice.reducer;

export const selectRegistration = (state: { registration: RegistrationState }): RegistrationState => state.registration;
