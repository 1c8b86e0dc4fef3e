import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileReply, SecondFactorStepReply, SessionReply } from '@placement/domain';
import { readRole, readToken } from '../storage';
import type { Credentials, SessionUser } from './types';

/** Spec §3/§4: user, token, role, isAuthenticated, loading, error; starts from the stored token and role. */
export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  role: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /** The password matched and the account's second factor comes next (a code, or its set-up): no session yet. */
  secondFactor: SecondFactorChallenge | null;
}

/** The step after the password for an admin or staff account with (or required to have) a second factor. */
export interface SecondFactorChallenge {
  kind: SecondFactorStepReply['secondFactor'];
  /** The server's short-lived token for this step only (never a session). */
  challenge: string;
  message: string;
  from: string | null;
}

export interface SecondFactorAnswer {
  code?: string;
  recoveryCode?: string;
}

export const AUTH_FALLBACKS = {
  noToken: 'No token found',
  fetchUser: 'Failed to fetch user',
  fetchProfile: 'Failed to fetch profile',
  login: 'Login failed',
} as const;

export function initialAuthState(): AuthState {
  const token = readToken();
  return { user: null, token, role: readRole(), isAuthenticated: Boolean(token), loading: false, error: null, secondFactor: null };
}

export interface LoginRequest extends Credentials {
  /** Where the user was going when the guard sent them to sign in. */
  from?: string | null;
}

const signedOut = (state: AuthState) => {
  state.user = null;
  state.token = null;
  state.role = null;
  state.isAuthenticated = false;
  state.loading = false;
  state.secondFactor = null;
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.loading = true;
      state.error = null;
    },
    /** Login, or a verified e-mail (which signs the user in). */
    loginSucceeded(state, action: PayloadAction<SessionReply>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.role = action.payload.user.role;
      state.isAuthenticated = true;
      state.loading = false;
      state.error = null;
      state.secondFactor = null;
    },
    secondFactorAsked(state, action: PayloadAction<SecondFactorChallenge>) {
      state.loading = false;
      state.error = null;
      state.secondFactor = action.payload;
    },
    secondFactorSubmitted(state, _action: PayloadAction<SecondFactorAnswer>) {
      state.loading = true;
      state.error = null;
    },
    /** The set-up at sign-in ended with a session (after the recovery codes were shown). */
    secondFactorEnrolledAtLogin(state, _action: PayloadAction<SessionReply>) {
      state.loading = true;
    },
    /** Back to the password (the challenge expired, or the user gave up). */
    secondFactorCancelled(state) {
      state.secondFactor = null;
      state.loading = false;
      state.error = null;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    userFetchRequested(state) {
      state.loading = true;
      state.error = null;
    },
    /** Re-reads the current user (e.g. for the sidebar photo) without the fatal failure path. */
    userRefreshRequested() {},
    /** GET /api/profile/me's reply: the account with its student profile. */
    userFetchSucceeded(state, action: PayloadAction<ProfileReply>) {
      state.user = { ...state.user, ...action.payload };
      state.role = action.payload.role;
      state.isAuthenticated = true;
      state.loading = false;
    },
    userFetchFailed(state, action: PayloadAction<string>) {
      signedOut(state);
      state.error = action.payload;
    },
    logout(state) {
      signedOut(state);
      state.error = null;
    },
    /** A call with our token was refused (401): the session is over. */
    sessionExpired(state, action: PayloadAction<string>) {
      signedOut(state);
      state.error = action.payload;
    },
    authErrorCleared(state) {
      state.error = null;
    },
  },
});

export const {
  loginRequested,
  loginSucceeded,
  loginFailed,
  secondFactorAsked,
  secondFactorSubmitted,
  secondFactorEnrolledAtLogin,
  secondFactorCancelled,
  userFetchRequested,
  userRefreshRequested,
  userFetchSucceeded,
  userFetchFailed,
  logout,
  sessionExpired,
  authErrorCleared,
} = authSlice.actions;

export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;
