import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../../shared/api/errors';
import { adminApi } from '../api';
import type { AdminTraining, TrainingBody } from '../types';
import {
  actionFailed,
  deleteRequested,
  deleteSucceeded,
  saveRequested,
  saveSucceeded,
  TRAINING_ADMIN_MESSAGES,
  trainingsFailed,
  trainingsLoaded,
  trainingsRequested,
} from './trainingsSlice';

export function* loadTrainingsSaga() {
  try {
    const response: AxiosResponse<AdminTraining[]> = yield call(adminApi.listTrainings);
    yield put(trainingsLoaded(Array.isArray(response.data) ? response.data : []));
  } catch (error) {
    yield put(trainingsFailed(errorMessage(error, TRAINING_ADMIN_MESSAGES.loadFailed)));
  }
}

function* saveSaga(action: PayloadAction<{ id: string | null; body: TrainingBody }>) {
  const { id, body } = action.payload;
  try {
    if (id) yield call(adminApi.updateTraining, id, body);
    else yield call(adminApi.createTraining, body);
    yield put(saveSucceeded(id ? TRAINING_ADMIN_MESSAGES.updated : TRAINING_ADMIN_MESSAGES.created));
    yield put(trainingsRequested());
  } catch (error) {
    yield put(actionFailed(errorMessage(error, TRAINING_ADMIN_MESSAGES.saveFailed)));
  }
}

function* deleteSaga(action: PayloadAction<string>) {
  try {
    yield call(adminApi.deleteTraining, action.payload);
    yield put(deleteSucceeded(action.payload));
  } catch (error) {
    yield put(actionFailed(errorMessage(error, TRAINING_ADMIN_MESSAGES.deleteFailed)));
  }
}

export function* adminTrainingsSaga() {
  yield takeLatest(trainingsRequested.type, loadTrainingsSaga);
  yield takeEvery(saveRequested.type, saveSaga);
  yield takeEvery(deleteRequested.type, deleteSaga);
}
