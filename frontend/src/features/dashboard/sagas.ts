import type { AxiosResponse } from 'axios';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../shared/api/errors';
import type { MyApplication, Training } from '../../shared/records';
import { dashboardApi } from './api';
import {
  applicationsFailed,
  applicationsLoaded,
  dashboardRequested,
  jobCountFailed,
  jobCountLoaded,
  upcomingTrainingsFailed,
  upcomingTrainingsLoaded,
} from './dashboardSlice';

function* loadJobCount() {
  try {
    const response: AxiosResponse<{ count?: number }> = yield call(dashboardApi.jobCount);
    yield put(jobCountLoaded(typeof response.data?.count === 'number' ? response.data.count : 0));
  } catch {
    yield put(jobCountFailed());
  }
}

function* loadApplications() {
  try {
    const response: AxiosResponse<MyApplication[]> = yield call(dashboardApi.applications);
    yield put(applicationsLoaded(Array.isArray(response.data) ? response.data : []));
  } catch {
    yield put(applicationsFailed());
  }
}

/** Spec §9: dated now or later, earliest first (the server filters; the client keeps the order safe). */
export const upcomingOnly = (trainings: Training[], now: number = Date.now()): Training[] =>
  trainings.filter((training) => new Date(training.date).getTime() >= now).sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());

function* loadTrainings() {
  try {
    const response: AxiosResponse<Training[]> = yield call(dashboardApi.upcomingTrainings);
    yield put(upcomingTrainingsLoaded(upcomingOnly(Array.isArray(response.data) ? response.data : [])));
  } catch (error) {
    yield put(upcomingTrainingsFailed(errorMessage(error, 'Failed to fetch trainings')));
  }
}

export function* loadDashboardSaga() {
  yield all([call(loadJobCount), call(loadApplications), call(loadTrainings)]);
}

export function* dashboardSaga() {
  yield takeLatest(dashboardRequested.type, loadDashboardSaga);
}
