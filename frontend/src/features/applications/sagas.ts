import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { statusOf } from '../../shared/api/errors';
import { applicationsApi } from './api';
import {
  MY_APPLICATIONS_MESSAGES,
  historyFailed,
  historyLoaded,
  historyMissing,
  historyRequested,
  myApplicationsFailed,
  myApplicationsLoaded,
  myApplicationsRequested,
} from './myApplicationsSlice';
import type { MyApplication } from '../../shared/records';
import type { ApplicationHistory } from './types';

export function* fetchMyApplicationsSaga() {
  try {
    const response: AxiosResponse<MyApplication[]> = yield call(applicationsApi.mine);
    yield put(myApplicationsLoaded(Array.isArray(response.data) ? response.data : []));
  } catch {
    // Spec §8: the screen's own text, whatever the server said.
    yield put(myApplicationsFailed(MY_APPLICATIONS_MESSAGES.loadFailed));
  }
}

export function* fetchHistorySaga(action: PayloadAction<string>) {
  const id = action.payload;
  try {
    const response: AxiosResponse<ApplicationHistory> = yield call(applicationsApi.history, id);
    yield put(historyLoaded({ id, events: Array.isArray(response.data?.events) ? response.data.events : [] }));
  } catch (error) {
    if (statusOf(error) === 404) yield put(historyMissing(id));
    else yield put(historyFailed(id));
  }
}

export function* myApplicationsSaga() {
  yield all([takeLatest(myApplicationsRequested.type, fetchMyApplicationsSaga), takeEvery(historyRequested.type, fetchHistorySaga)]);
}
