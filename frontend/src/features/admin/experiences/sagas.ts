import type { PayloadAction } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import { notify } from '../../../shared/notifications/notificationsSlice';
import { adminApi } from '../api';
import type { ExperienceCommandReply } from '@placement/domain';
import type { Experience, ExperienceForm } from '../types';
import { pageReplyAction } from '../table/serverPaging';
import {
  type AdminExperiencesState,
  approveFailed,
  approveRequested,
  approveSucceeded,
  deleteFailed,
  deleteRequested,
  deleteSucceeded,
  EXPERIENCE_MESSAGES,
  experiencesFailed,
  experiencesLoaded,
  experiencesRequested,
  pageChosen,
  searchTyped,
  updateFailed,
  updateRequested,
  updateSucceeded,
} from './experiencesSlice';

/** How long the search box waits for typing to pause before it asks the server. */
export const SEARCH_PAUSE_MS = 300;

/** The page of experiences the state names, with its search; a page past the end (experiences deleted meanwhile) goes to the last one. */
export function* loadExperiencesSaga() {
  const { search, paging }: AdminExperiencesState = yield select((state: RootState) => state.admin.experiences);
  try {
    const response: AxiosResponse<unknown> = yield call(adminApi.listExperiences, search, paging.page);
    yield put(pageReplyAction<Experience, UnknownAction>(response, paging.page, experiencesLoaded, pageChosen));
  } catch {
    yield put(experiencesFailed(EXPERIENCE_MESSAGES.loadFailed));
    yield put(notify({ severity: 'error', summary: 'Error', detail: EXPERIENCE_MESSAGES.loadFailed }));
  }
}

function* updateSaga(action: PayloadAction<{ id: string; form: ExperienceForm }>) {
  const { id, form } = action.payload;
  try {
    const response: AxiosResponse<Partial<ExperienceCommandReply> | undefined> = yield call(adminApi.updateExperience, id, form);
    const updated = response.data?.experience;
    // The reply carries the experience as saved; without it, the list is read again.
    if (updated) yield put(updateSucceeded(updated));
    else yield put(experiencesRequested());
    yield put(notify({ severity: 'success', summary: 'Saved', detail: EXPERIENCE_MESSAGES.updated }));
  } catch (error) {
    const message = errorMessage(error, EXPERIENCE_MESSAGES.updateFailed);
    yield put(updateFailed(message));
    yield put(notify({ severity: 'error', summary: 'Error', detail: message }));
  }
}

function* approveSaga(action: PayloadAction<string>) {
  try {
    yield call(adminApi.approveExperience, action.payload);
    yield put(approveSucceeded(action.payload));
    yield put(notify({ severity: 'success', summary: 'Approved', detail: EXPERIENCE_MESSAGES.approved }));
  } catch (error) {
    const message = errorMessage(error, EXPERIENCE_MESSAGES.approveFailed);
    yield put(approveFailed(message));
    yield put(notify({ severity: 'error', summary: 'Error', detail: message }));
  }
}

function* deleteSaga(action: PayloadAction<string>) {
  try {
    yield call(adminApi.deleteExperience, action.payload);
    yield put(deleteSucceeded(action.payload));
    yield put(notify({ severity: 'success', summary: 'Deleted', detail: EXPERIENCE_MESSAGES.deleted }));
  } catch {
    yield put(deleteFailed(EXPERIENCE_MESSAGES.deleteFailed));
    yield put(notify({ severity: 'error', summary: 'Error', detail: EXPERIENCE_MESSAGES.deleteFailed }));
  }
}

function* searchSaga() {
  yield put(experiencesRequested({ firstPage: true }));
}

export function* adminExperiencesSaga() {
  yield takeLatest([experiencesRequested.type, pageChosen.type], loadExperiencesSaga);
  yield debounce(SEARCH_PAUSE_MS, searchTyped.type, searchSaga);
  yield takeEvery(updateRequested.type, updateSaga);
  yield takeEvery(approveRequested.type, approveSaga);
  yield takeEvery(deleteRequested.type, deleteSaga);
}
