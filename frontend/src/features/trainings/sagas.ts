import type { AxiosResponse } from 'axios';
import { call, put, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../shared/api/errors';
import { trainingsApi } from './api';
import { TRAINING_MESSAGES, trainingsFailed, trainingsLoaded, trainingsRequested } from './trainingsSlice';
import type { Training } from '../../shared/records';

/**
 * The trainings still to come, earliest first: each card invites to register, and the page is the
 * dashboard's 'View All' of its upcoming trainings (the empty text speaks of programs scheduled). Past
 * sessions, years of them, stay in Training Management.
 */
export function* fetchTrainingsSaga() {
  try {
    const response: AxiosResponse<Training[]> = yield call(trainingsApi.list, { upcoming: true });
    yield put(trainingsLoaded(Array.isArray(response.data) ? response.data : []));
  } catch (error) {
    yield put(trainingsFailed(errorMessage(error, TRAINING_MESSAGES.loadFailed)));
  }
}

export function* trainingsSaga() {
  yield takeLatest(trainingsRequested.type, fetchTrainingsSaga);
}
