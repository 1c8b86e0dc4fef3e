import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { LIMITS, type DeadLetterListReply, type DeadLetterRetryReply } from '@placement/domain';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import { deadLettersApi } from './api';
import {
  DEAD_LETTER_TEXT,
  deadLettersFailed,
  deadLettersLoaded,
  deadLettersRequested,
  retryFailed,
  retryRequested,
  retrySucceeded,
  successHidden,
  type DeadLetterFilter,
} from './deadLettersSlice';

function* loadSaga() {
  const filter: DeadLetterFilter = yield select((state: RootState) => state.admin.deadLetters.filter);
  try {
    const response: AxiosResponse<Partial<DeadLetterListReply> | undefined> = yield call(deadLettersApi.list, filter);
    const items = Array.isArray(response.data?.deadLetters) ? response.data.deadLetters : [];
    yield put(deadLettersLoaded({ items, total: typeof response.data?.total === 'number' ? response.data.total : items.length }));
  } catch (error) {
    yield put(deadLettersFailed(errorMessage(error, DEAD_LETTER_TEXT.loadFailed)));
  }
}

function* retrySaga(action: PayloadAction<string>) {
  const id = action.payload;
  try {
    const response: AxiosResponse<Partial<DeadLetterRetryReply> | undefined> = yield call(deadLettersApi.retry, id);
    yield put(retrySucceeded({ id, message: response.data?.message || DEAD_LETTER_TEXT.retried, deadLetter: response.data?.deadLetter ?? null }));
  } catch (error) {
    yield put(retryFailed({ id, message: errorMessage(error, DEAD_LETTER_TEXT.retryFailed) }));
    return;
  }
  yield delay(LIMITS.reviewMessageTimeoutMs);
  yield put(successHidden());
}

export function* adminDeadLettersSaga() {
  yield takeLatest(deadLettersRequested.type, loadSaga);
  yield takeEvery(retryRequested.type, retrySaga);
}
