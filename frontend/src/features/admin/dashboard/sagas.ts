import type { AxiosResponse } from 'axios';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { statusOf } from '../../../shared/api/errors';
import { navigateTo } from '../../../shared/navigation';
import { logout } from '../../../shared/session/authSlice';
import { adminApi } from '../api';
import type { DashboardStats } from '../types';
import { DASHBOARD_MESSAGES, statsFailed, statsLoaded, statsRequested } from './dashboardSlice';

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
type Body = Record<string, unknown>;
const bodyOf = (response: AxiosResponse | null | undefined): Body => (response && response.data && typeof response.data === 'object' ? (response.data as Body) : {});

/** Training and experience statistics may fail without failing the dashboard (spec §8). */
function* tolerated(fn: () => Promise<AxiosResponse>) {
  try {
    const response: AxiosResponse = yield call(fn);
    return response;
  } catch {
    return null;
  }
}

export function* loadDashboardSaga() {
  try {
    const [users, jobs, applications, trainings, experiences]: (AxiosResponse | null)[] = yield all([
      call(adminApi.userStats),
      call(adminApi.jobStats),
      call(adminApi.applicationStats),
      call(tolerated, adminApi.trainingStats),
      call(tolerated, adminApi.experienceStats),
    ]);
    const u = bodyOf(users);
    const j = bodyOf(jobs);
    const a = bodyOf(applications);
    const t = bodyOf(trainings);
    const e = bodyOf(experiences);
    const stats: DashboardStats = {
      users: { totalUsers: num(u.totalUsers), activeUsers: num(u.activeUsers), pendingApprovals: num(u.pendingApprovals) },
      applications: { totalApplications: num(a.totalApplications), pendingReview: num(a.pendingReview), approved: num(a.approved), rejected: num(a.rejected) },
      jobs: {
        totalJobs: num(j.totalJobs),
        activeJobs: num(j.activeJobs),
        expiredJobs: num(j.expiredJobs),
        pendingJobs: num(j.pendingJobs),
        approvedJobs: num(j.approvedJobs),
        rejectedJobs: num(j.rejectedJobs),
      },
      trainings: { totalTrainings: num(t.totalTrainings), upcomingTrainings: num(t.upcomingTrainings) },
      experiences: { totalExperiences: num(e.totalExperiences) },
    };
    yield put(statsLoaded(stats));
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) {
      yield put(logout());
      yield call(navigateTo, '/', { replace: true });
      return;
    }
    if (status === 500) {
      yield put(statsFailed(DASHBOARD_MESSAGES.serverError));
      return;
    }
    yield put(statsFailed(DASHBOARD_MESSAGES.failed(error instanceof Error ? error.message : String(error))));
  }
}

export function* adminDashboardSaga() {
  yield takeLatest(statsRequested.type, loadDashboardSaga);
}
