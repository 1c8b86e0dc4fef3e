import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { errorMessage, fieldErrorsOf } from '../../shared/api/errors';
import { saveSession } from '../../shared/storage';
import { authApi } from './api';
import { loginSucceeded } from '../../shared/session/authSlice';
import {
  PASSWORD_MESSAGES,
  changePasswordRequested,
  forgotPasswordRequested,
  passwordRequestFailed,
  passwordRequestSucceeded,
  resetPasswordRequested,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '../../shared/session/passwordSlice';
import { REGISTRATION_MESSAGES } from './registrationSlice';
import type { CommandMessageReply, SessionCommandReply } from '@placement/domain';

const messageOf = (reply: Partial<CommandMessageReply> | undefined): string | null => (typeof reply?.message === 'string' && reply.message.trim() !== '' ? reply.message : null);

export function* forgotPasswordSaga(action: PayloadAction<string>) {
  try {
    const response: AxiosResponse<CommandMessageReply> = yield call(authApi.forgotPassword, action.payload);
    const message = messageOf(response.data);
    if (message) yield put(passwordRequestSucceeded({ kind: 'forgot', message }));
    else yield put(passwordRequestFailed({ kind: 'forgot', message: REGISTRATION_MESSAGES.unexpectedReply }));
  } catch (error) {
    yield put(passwordRequestFailed({ kind: 'forgot', message: errorMessage(error, PASSWORD_MESSAGES.forgotFailed), fieldErrors: fieldErrorsOf(error) }));
  }
}

export function* resetPasswordSaga(action: PayloadAction<ResetPasswordRequest>) {
  try {
    const response: AxiosResponse<CommandMessageReply> = yield call(authApi.resetPassword, action.payload);
    const message = messageOf(response.data);
    if (message) yield put(passwordRequestSucceeded({ kind: 'reset', message }));
    else yield put(passwordRequestFailed({ kind: 'reset', message: REGISTRATION_MESSAGES.unexpectedReply }));
  } catch (error) {
    yield put(passwordRequestFailed({ kind: 'reset', message: errorMessage(error, PASSWORD_MESSAGES.resetFailed), fieldErrors: fieldErrorsOf(error) }));
  }
}

/** A changed password ends every session, this one too: the reply's new token replaces the stored one. */
export function* changePasswordSaga(action: PayloadAction<ChangePasswordRequest>) {
  try {
    const response: AxiosResponse<SessionCommandReply> = yield call(authApi.changePassword, action.payload);
    const reply = response.data;
    if (typeof reply?.token !== 'string' || reply.token === '' || !reply.user) {
      yield put(passwordRequestFailed({ kind: 'change', message: REGISTRATION_MESSAGES.unexpectedReply }));
      return;
    }
    yield call(saveSession, reply.token, reply.user.role);
    yield put(loginSucceeded({ token: reply.token, user: reply.user }));
    yield put(passwordRequestSucceeded({ kind: 'change', message: messageOf(reply) ?? PASSWORD_MESSAGES.changed }));
  } catch (error) {
    yield put(passwordRequestFailed({ kind: 'change', message: errorMessage(error, PASSWORD_MESSAGES.changeFailed), fieldErrors: fieldErrorsOf(error) }));
  }
}

export function* passwordSaga() {
  yield all([
    takeLatest(forgotPasswordRequested.type, forgotPasswordSaga),
    takeLeading(resetPasswordRequested.type, resetPasswordSaga),
    takeLeading(changePasswordRequested.type, changePasswordSaga),
  ]);
}
