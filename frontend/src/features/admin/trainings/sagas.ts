import type { PayloadAction } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import { adminApi } from '../api';
import type { AdminTraining, TrainingBody } from '../types';
import { pageReplyAction } from '../table/serverPaging';
import {
  type AdminTrainingsState,
  actionFailed,
  pageChosen,
  deleteRequested,
  deleteSucceeded,
  saveRequested,
  saveSucceeded,
  TRAINING_ADMIN_MESSAGES,
  trainingsFailed,
  trainingsLoaded,
  trainingsRequested,
} from './trainingsSlice';

/** The page of trainings the state names; a page past the end (trainings deleted meanwhile) goes to the last one. */
export function* loadTrainingsSaga() {
  const { paging }: AdminTrainingsState = yield select((state: RootState) => state.admin.trainings);
  try {
    const response: AxiosResponse<unknown> = yield call(adminApi.listTrainings, paging.page);
    yield put(pageReplyAction<AdminTraining, UnknownAction>(response, paging.page, trainingsLoaded, pageChosen));
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
  yield takeLatest([trainingsRequested.type, pageChosen.type], loadTrainingsSaga);
  yield takeEvery(saveRequested.type, saveSaga);
  yield takeEvery(deleteRequested.type, deleteSaga);
}
