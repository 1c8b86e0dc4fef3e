import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, delay, put, race, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { LIMITS, PROJECTION_SKIP_MESSAGES } from '@placement/domain';
import { errorMessage } from '../../../shared/api/errors';
import { systemApi } from './api';
import {
  skipFailed,
  skipMessagesHidden,
  skipRequested,
  skipSucceeded,
  SYSTEM_TEXT,
  systemStatusFailed,
  systemStatusLoaded,
  systemStatusRequested,
  systemWatchStarted,
  systemWatchStopped,
  type SkipRequest,
} from './systemSlice';
import type { SystemStatus } from './types';

export const SYSTEM_POLL_MS = 10_000;

export function* loadSystemStatusSaga() {
  try {
    const response: AxiosResponse<SystemStatus> = yield call(systemApi.status);
    yield put(systemStatusLoaded(response.data));
  } catch (error) {
    yield put(systemStatusFailed(errorMessage(error, SYSTEM_TEXT.loadFailed)));
  }
}

function* poll() {
  while (true) {
    yield call(loadSystemStatusSaga);
    yield delay(SYSTEM_POLL_MS);
  }
}

/** Polls while the section is open: the watch ends when the section unmounts. */
function* watchSaga() {
  yield race({ polling: call(poll), stopped: take(systemWatchStopped.type) });
}

/** Records the skip, then reads the status again (the projection moves on at its next try). */
export function* skipSaga(action: PayloadAction<SkipRequest>) {
  const { projection, position, reason } = action.payload;
  try {
    const response: AxiosResponse<{ message?: string }> = yield call(systemApi.skipEvent, projection, position, reason);
    yield put(skipSucceeded(response.data?.message || PROJECTION_SKIP_MESSAGES.skipped));
  } catch (error) {
    yield put(skipFailed(errorMessage(error, SYSTEM_TEXT.skipFailed)));
    return;
  }
  yield call(loadSystemStatusSaga);
  yield delay(LIMITS.reviewMessageTimeoutMs);
  yield put(skipMessagesHidden());
}

export function* adminSystemSaga() {
  yield takeLatest(systemWatchStarted.type, watchSaga);
  yield takeLatest(systemStatusRequested.type, loadSystemStatusSaga);
  yield takeEvery(skipRequested.type, skipSaga);
}
