import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'redux-saga/effects';
import type { JobFields } from '@placement/domain';
import { errorMessage, fieldErrorsOf } from '../../../shared/api/errors';
import { notify } from '../../../shared/notifications/notificationsSlice';
import { postJobApi, type PostingMode } from './api';
import { POST_JOB_MESSAGES, postJobFailed, postJobRequested, postJobSucceeded } from './postJobSlice';

/** Spec §8: success text, else 'Error: {server message}' defaulting to 'Failed to submit job posting'. */
export function* postJobSubmitSaga(action: PayloadAction<{ job: JobFields; mode: PostingMode }>) {
  try {
    yield call(postJobApi.post, action.payload.job, action.payload.mode);
    yield put(postJobSucceeded());
    yield put(notify({ severity: 'success', summary: POST_JOB_MESSAGES.submitted }));
  } catch (error) {
    const message = POST_JOB_MESSAGES.errorText(errorMessage(error, POST_JOB_MESSAGES.failed));
    yield put(postJobFailed({ message, fieldErrors: fieldErrorsOf(error) }));
    yield put(notify({ severity: 'error', summary: message }));
  }
}

export function* postJobSaga() {
  yield takeLeading(postJobRequested.type, postJobSubmitSaga);
}
