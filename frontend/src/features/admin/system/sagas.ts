import type { AxiosResponse } from 'axios';
import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../../shared/api/errors';
import { systemApi } from './api';
import { SYSTEM_TEXT, systemStatusFailed, systemStatusLoaded, systemStatusRequested, systemWatchStarted, systemWatchStopped } from './systemSlice';
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

export function* adminSystemSaga() {
  yield takeLatest(systemWatchStarted.type, watchSaga);
  yield takeLatest(systemStatusRequested.type, loadSystemStatusSaga);
}
