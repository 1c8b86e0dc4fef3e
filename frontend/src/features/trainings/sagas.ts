import type { AxiosResponse } from 'axios';
import { call, put, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../shared/api/errors';
import { trainingsApi } from './api';
import { TRAINING_MESSAGES, trainingsFailed, trainingsLoaded, trainingsRequested } from './trainingsSlice';
import type { Training } from '../../shared/records';

export function* fetchTrainingsSaga() {
  try {
    const response: AxiosResponse<Training[]> = yield call(trainingsApi.list);
    yield put(trainingsLoaded(Array.isArray(response.data) ? response.data : []));
  } catch (error) {
    yield put(trainingsFailed(errorMessage(error, TRAINING_MESSAGES.loadFailed)));
  }
}

export function* trainingsSaga() {
  yield takeLatest(trainingsRequested.type, fetchTrainingsSaga);
}
