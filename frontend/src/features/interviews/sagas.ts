import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { all, call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ExperienceFields } from '@placement/domain';
import { errorMessage, fieldErrorsOf } from '../../shared/api/errors';
import { notify } from '../../shared/notifications/notificationsSlice';
import { totalOf } from '../../shared/api/totalCount';
import { interviewsApi } from './api';
import {
  INTERVIEW_MESSAGES,
  companyFilterChanged,
  experienceSubmitFailed,
  experienceSubmitRequested,
  experienceSubmitted,
  experiencesFailed,
  experiencesLoaded,
  experiencesRequested,
  pageChanged,
  roleFilterChanged,
  selectInterviews,
  sortChanged,
  type InterviewsState,
} from './interviewsSlice';
import type { InterviewExperience } from './types';

/** Typing in a search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTER_TYPES: string[] = [companyFilterChanged.type, roleFilterChanged.type];

/** One page from the server; the latest query wins (takeLatest cancels an older one). */
export function* fetchExperiencesSaga(action: { type: string }) {
  if (FILTER_TYPES.includes(action.type)) yield delay(SEARCH_DEBOUNCE_MS);
  const { company, role, sort, page }: InterviewsState = yield select(selectInterviews);
  try {
    const response: AxiosResponse<InterviewExperience[]> = yield call(interviewsApi.list, { company, role, sort, page });
    const items = Array.isArray(response.data) ? response.data : [];
    yield put(experiencesLoaded({ items, total: totalOf(response.headers, items.length) }));
  } catch {
    yield put(experiencesFailed(INTERVIEW_MESSAGES.loadFailed));
    yield put(notify({ severity: 'error', summary: INTERVIEW_MESSAGES.loadFailed }));
  }
}

/** Spec §8: success text and a reset form; failure the server's message, else 'Failed to submit experience.' */
export function* submitExperienceSaga(action: PayloadAction<ExperienceFields>) {
  try {
    yield call(interviewsApi.submit, action.payload);
    yield put(experienceSubmitted());
    yield put(notify({ severity: 'success', summary: INTERVIEW_MESSAGES.submitted, detail: INTERVIEW_MESSAGES.heldForReview }));
  } catch (error) {
    const message = errorMessage(error, INTERVIEW_MESSAGES.submitFailed);
    yield put(experienceSubmitFailed({ message, fieldErrors: fieldErrorsOf(error) }));
    yield put(notify({ severity: 'error', summary: message }));
  }
}

export function* interviewsSaga() {
  yield all([
    takeLatest([experiencesRequested.type, companyFilterChanged.type, roleFilterChanged.type, sortChanged.type, pageChanged.type], fetchExperiencesSaga),
    takeLeading(experienceSubmitRequested.type, submitExperienceSaga),
  ]);
}
