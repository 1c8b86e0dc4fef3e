import type { PayloadAction } from '@reduxjs/toolkit';
import axios, { type AxiosResponse } from 'axios';
import { call, cancel, delay, fork, put, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { notify } from '../../shared/notifications/notificationsSlice';
import { resumeApi, type AnalysisRequest } from './api';
import { RESUME_MESSAGES, analysisFailed, analysisProgressed, analysisRequested, analysisSucceeded, historyFailed, historyLoaded, historyRequested } from './resumeSlice';
import type { AnalysisResponse, ResumeAnalysisHistory } from './types';

export const PROGRESS_STEP = 10;
export const PROGRESS_TICK_MS = 100;
export const PROGRESS_CEILING = 90;

/** Spec §4: the progress rises by 10 every 100 ms up to 90 while the service works. */
export function* progressTicker() {
  let progress = 0;
  while (progress < PROGRESS_CEILING) {
    yield delay(PROGRESS_TICK_MS);
    progress = Math.min(PROGRESS_CEILING, progress + PROGRESS_STEP);
    yield put(analysisProgressed(progress));
  }
}

/** The server's error text if it sent one (the service answers `{ success: false, error }`). */
function serverError(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof message === 'string' && message.trim() !== '') return message;
  return null;
}

/**
 * Spec §8: a reply without success → the server's error, else 'Unknown error occurred.';
 * no reply at all → 'Failed to analyze resume. Please try again.'; success → 'Resume analyzed successfully!'.
 */
export function* analyzeSaga(action: PayloadAction<AnalysisRequest, string, { files: { resume: File } }>) {
  const ticker: Task = yield fork(progressTicker);
  try {
    const response: AxiosResponse<AnalysisResponse> = yield call(resumeApi.analyze, action.payload, action.meta.files.resume);
    yield cancel(ticker);
    if (response.data && response.data.success) {
      yield put(analysisSucceeded(response.data));
      yield put(notify({ severity: 'success', summary: RESUME_MESSAGES.analyzed }));
      // The reply's X-Consistency-Position makes this read wait until the check is in the history.
      if (response.data.analysis) yield put(historyRequested());
    } else {
      const message = serverError(response.data) ?? RESUME_MESSAGES.unknown;
      yield put(analysisFailed(message));
      yield put(notify({ severity: 'error', summary: message }));
    }
  } catch (error) {
    yield cancel(ticker);
    const answered = axios.isAxiosError(error) && error.response !== undefined;
    const message = answered ? (serverError(error.response?.data) ?? RESUME_MESSAGES.unknown) : RESUME_MESSAGES.network;
    yield put(analysisFailed(message));
    yield put(notify({ severity: 'error', summary: message }));
  }
}

/** The student's checks over time; a failure leaves the results alone and says so beside the chart. */
export function* historySaga() {
  try {
    const response: AxiosResponse<ResumeAnalysisHistory> = yield call(resumeApi.history);
    yield put(historyLoaded(Array.isArray(response.data?.analyses) ? response.data.analyses : []));
  } catch {
    yield put(historyFailed());
  }
}

export function* resumeSaga() {
  yield takeLatest(analysisRequested.type, analyzeSaga);
  yield takeLatest(historyRequested.type, historySaga);
}
