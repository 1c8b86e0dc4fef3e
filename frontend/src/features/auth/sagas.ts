import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, delay, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { MESSAGES } from '@placement/domain';
import { errorMessage, fieldErrorsOf } from '../../shared/api/errors';
import { setUnauthorizedHandler } from '../../shared/api/unauthorized';
import { currentPath, navigateTo } from '../../shared/navigation';
import { PATHS, homeAfterLogin, returnPath } from '../../shared/routes';
import { clearSession, readToken, saveSession } from '../../shared/storage';
import { authApi } from './api';
import { INVALID_TOKEN_MESSAGE } from './constants';
import {
  AUTH_FALLBACKS,
  loginFailed,
  loginRequested,
  loginSucceeded,
  logout,
  secondFactorAsked,
  secondFactorEnrolledAtLogin,
  secondFactorSubmitted,
  type SecondFactorAnswer,
  selectAuth,
  sessionExpired,
  userFetchFailed,
  userFetchRequested,
  userFetchSucceeded,
  userRefreshRequested,
  type AuthState,
  type LoginRequest,
} from '../../shared/session/authSlice';
import {
  REGISTRATION_MESSAGES,
  resendFailed,
  resendRequested,
  resendSucceeded,
  signupFailed,
  signupRequested,
  signupSucceeded,
  verificationFailed,
  verificationRequested,
  verificationSucceeded,
} from './registrationSlice';
import type { CommandMessageReply, ProfileReply, SecondFactorSessionReply, SessionCommandReply, SessionReply } from '@placement/domain';
import type { LoginReply, Registration } from './types';

/** How long 'Email verified! Redirecting...' stays before the redirect. */
export const VERIFIED_REDIRECT_DELAY_MS = 1500;

/** The reply carries a session, as its contract says (checked all the same: it comes off the wire). */
const isSession = (reply: Partial<SessionReply> | undefined): reply is SessionReply =>
  typeof reply?.token === 'string' && reply.token !== '' && typeof reply.user === 'object' && reply.user !== null;

/** Sends the user to sign in, remembering the page they were on. */
function* toSignIn() {
  const from = returnPath(currentPath());
  yield call(navigateTo, PATHS.signIn, { replace: true, state: from ? { from } : undefined });
}

/** A sign-in that ends with a session: stored, and the browser goes where the user was going. */
function* startSession(reply: Partial<SessionReply>, from: string | null | undefined) {
  if (!isSession(reply)) {
    yield put(loginFailed(REGISTRATION_MESSAGES.unexpectedReply));
    return;
  }
  yield call(saveSession, reply.token, reply.user.role);
  yield put(loginSucceeded(reply));
  yield call(navigateTo, returnPath(from) ?? homeAfterLogin(reply.user.role), { replace: true });
}

export function* loginSaga(action: PayloadAction<LoginRequest>) {
  const { email, password, from } = action.payload;
  try {
    const response: AxiosResponse<LoginReply> = yield call(authApi.login, { email, password });
    const reply = response.data;
    if ('secondFactor' in reply) {
      yield put(secondFactorAsked({ kind: reply.secondFactor, challenge: reply.challenge, message: reply.message, from: from ?? null }));
      return;
    }
    yield* startSession(reply, from);
  } catch (error) {
    yield put(loginFailed(errorMessage(error, AUTH_FALLBACKS.login)));
  }
}

/** The code (or a recovery code) after the password: the session, or the server's message. */
export function* secondFactorSaga(action: PayloadAction<SecondFactorAnswer>) {
  const { secondFactor } = (yield select(selectAuth)) as AuthState;
  if (!secondFactor) return;
  try {
    const response: AxiosResponse<SecondFactorSessionReply> = yield call(authApi.secondFactor, { challenge: secondFactor.challenge, ...action.payload });
    yield* startSession(response.data, secondFactor.from);
  } catch (error) {
    yield put(loginFailed(errorMessage(error, AUTH_FALLBACKS.login)));
  }
}

export function* secondFactorEnrolledSaga(action: PayloadAction<SessionReply>) {
  const { secondFactor } = (yield select(selectAuth)) as AuthState;
  yield* startSession(action.payload, secondFactor?.from);
}

/** Spec §4: a failed user fetch clears the session and sends the browser to the sign-in page. */
function* failUserFetch(message: string) {
  yield call(clearSession);
  yield put(userFetchFailed(message));
  yield* toSignIn();
}

export function* fetchUserSaga() {
  if (!readToken()) {
    yield* failUserFetch(AUTH_FALLBACKS.noToken);
    return;
  }
  try {
    const response: AxiosResponse<ProfileReply> = yield call(authApi.currentUser);
    yield put(userFetchSucceeded(response.data));
  } catch (error) {
    yield* failUserFetch(errorMessage(error, AUTH_FALLBACKS.fetchUser));
  }
}

/** The non-fatal re-read (sidebar photo): a failure keeps the session; a 401 ends it through the http handler. */
export function* refreshUserSaga() {
  if (!readToken()) return;
  try {
    const response: AxiosResponse<ProfileReply> = yield call(authApi.currentUser);
    yield put(userFetchSucceeded(response.data));
  } catch {
    /* the page keeps what it has */
  }
}

export function* logoutSaga() {
  yield call(clearSession);
}

export function* sessionExpiredSaga() {
  yield call(clearSession);
  yield* toSignIn();
}

export function* signupSaga(action: PayloadAction<Registration>) {
  try {
    const response: AxiosResponse<CommandMessageReply> = yield call(authApi.register, action.payload);
    const message = response.data?.message;
    if (typeof message === 'string' && message.trim() !== '') yield put(signupSucceeded(message));
    else yield put(signupFailed({ message: REGISTRATION_MESSAGES.unexpectedReply }));
  } catch (error) {
    yield put(signupFailed({ message: errorMessage(error, REGISTRATION_MESSAGES.signupFailed), fieldErrors: fieldErrorsOf(error) }));
  }
}

export function* resendSaga(action: PayloadAction<string>) {
  try {
    const response: AxiosResponse<CommandMessageReply> = yield call(authApi.resendVerification, action.payload);
    const message = response.data?.message;
    yield put(resendSucceeded(typeof message === 'string' && message.trim() !== '' ? message : REGISTRATION_MESSAGES.resendSent));
  } catch (error) {
    yield put(resendFailed(errorMessage(error, REGISTRATION_MESSAGES.resendFailed)));
  }
}

export function* verifySaga(action: PayloadAction<string | null>) {
  // The same rule as the domain's verifyEmailSchema; checked by hand so that zod stays out of the app shell.
  const token = action.payload?.trim() ?? '';
  if (token === '') {
    yield put(verificationFailed(MESSAGES.invalidVerificationLink));
    return;
  }
  try {
    const response: AxiosResponse<SessionCommandReply> = yield call(authApi.verifyEmail, token);
    const reply = response.data;
    if (!isSession(reply)) {
      yield put(verificationFailed(REGISTRATION_MESSAGES.verificationFailed));
      return;
    }
    yield call(saveSession, reply.token, reply.user.role);
    yield put(loginSucceeded(reply));
    yield put(verificationSucceeded());
    yield delay(VERIFIED_REDIRECT_DELAY_MS);
    yield call(navigateTo, homeAfterLogin(reply.user.role), { replace: true });
  } catch (error) {
    yield put(verificationFailed(errorMessage(error, REGISTRATION_MESSAGES.verificationFailed)));
  }
}

/** 401s of authenticated calls, from the http client, as actions. */
export function unauthorizedChannel(): EventChannel<string> {
  return eventChannel((emit) => {
    setUnauthorizedHandler((error) => emit(errorMessage(error, INVALID_TOKEN_MESSAGE)));
    return () => setUnauthorizedHandler(null);
  });
}

export function* watchUnauthorized() {
  const channel: EventChannel<string> = yield call(unauthorizedChannel);
  try {
    while (true) {
      const message: string = yield take(channel);
      const auth: AuthState = yield select(selectAuth);
      // Several calls may fail together; the first one ends the session.
      if (auth.token) yield put(sessionExpired(message));
    }
  } finally {
    channel.close();
  }
}

/** A stored token without a loaded user: load the user once at start (the guard shows 'Loading...' meanwhile). */
export function* bootstrapSaga() {
  const auth: AuthState = yield select(selectAuth);
  if (auth.token && !auth.user) yield put(userFetchRequested());
}

export function* authSaga() {
  yield all([
    takeLatest(loginRequested.type, loginSaga),
    takeLeading(secondFactorSubmitted.type, secondFactorSaga),
    takeLeading(secondFactorEnrolledAtLogin.type, secondFactorEnrolledSaga),
    takeLeading(userFetchRequested.type, fetchUserSaga),
    takeLeading(userRefreshRequested.type, refreshUserSaga),
    takeEvery(logout.type, logoutSaga),
    takeLeading(sessionExpired.type, sessionExpiredSaga),
    takeLeading(signupRequested.type, signupSaga),
    takeLatest(resendRequested.type, resendSaga),
    takeLatest(verificationRequested.type, verifySaga),
    call(watchUnauthorized),
    call(bootstrapSaga),
  ]);
}
