import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import type { EventChannel } from 'redux-saga';
import { all, call, debounce, delay, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { LIMITS } from '@placement/domain';
import { errorMessage, fieldErrorsOf, statusOf } from '../../shared/api/errors';
import { uploadChannel, type UploadEvent } from '../../shared/api/upload';
import { notify } from '../../shared/notifications/notificationsSlice';
import { jobsApi } from './api';
import { takePageReadAhead } from './readAhead';
import {
  JOB_MESSAGES,
  applyAutoClosed,
  applyFailed,
  applyProgressed,
  applyRequested,
  applySucceeded,
  filtersChanged,
  filtersCleared,
  jobMarkedApplied,
  jobsFailed,
  jobsLoaded,
  jobsRequested,
  pageChanged,
  selectJobListings,
  type JobListingsState,
} from './jobListingsSlice';
import type { ApplicationSubmission, JobListReply } from './types';

export function* fetchJobsSaga() {
  const { filters, page }: JobListingsState = yield select(selectJobListings);
  try {
    // The screen's first load takes the page its first render asked for (readAhead.ts); any other asks now.
    const readAhead: Promise<AxiosResponse<JobListReply>> | null = yield call(takePageReadAhead, filters, page);
    const response: AxiosResponse<JobListReply> = yield readAhead ? call(() => readAhead) : call(jobsApi.list, filters, page);
    const jobs = Array.isArray(response.data?.data) ? response.data.data : [];
    const count = typeof response.data?.count === 'number' ? response.data.count : jobs.length;
    yield put(jobsLoaded({ jobs, count }));
  } catch (error) {
    yield put(jobsFailed(errorMessage(error, JOB_MESSAGES.loadFailed)));
  }
}

export function* applySaga(action: PayloadAction<Omit<ApplicationSubmission, 'resume'>, string, { files: { resume: File } }>) {
  const submission: ApplicationSubmission = { ...action.payload, resume: action.meta.files.resume };
  const channel: EventChannel<UploadEvent<{ message?: string }>> = yield call(uploadChannel, (onProgress: Parameters<typeof jobsApi.apply>[1]) =>
    jobsApi.apply(submission, onProgress),
  );
  try {
    while (true) {
      const event: UploadEvent<{ message?: string }> = yield take(channel);
      if (event.kind === 'progress') {
        yield put(applyProgressed(event.percent));
      } else if (event.kind === 'done') {
        yield put(applySucceeded());
        yield put(notify({ severity: 'success', summary: JOB_MESSAGES.applied }));
        yield delay(LIMITS.applicationFormAutoCloseMs);
        yield put(applyAutoClosed(submission.jobId));
        return;
      } else {
        const message = errorMessage(event.error, JOB_MESSAGES.applyFailed);
        // 409: this student already applied (from another tab, or a list that was out of date).
        if (statusOf(event.error) === 409) yield put(jobMarkedApplied(submission.jobId));
        yield put(applyFailed({ message, fieldErrors: fieldErrorsOf(event.error) }));
        yield put(notify({ severity: 'error', summary: message }));
        return;
      }
    }
  } finally {
    channel.close();
  }
}

export function* jobsSaga() {
  yield all([
    takeLatest([jobsRequested.type, pageChanged.type, filtersCleared.type], fetchJobsSaga),
    debounce(LIMITS.jobFilterDebounceMs, filtersChanged.type, fetchJobsSaga),
    takeLeading(applyRequested.type, applySaga),
  ]);
}
