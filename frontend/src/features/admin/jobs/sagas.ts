import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { all, call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { LIMITS, type JobFields } from '@placement/domain';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import type { BulkReply } from '../types';
import { adminJobsApi } from './api';
import {
  actionFinished,
  bulkStatusRequested,
  deleteRequested,
  errorShown,
  filtersChanged,
  filtersCleared,
  JOB_ADMIN_MESSAGES,
  jobCreated,
  jobRemoved,
  jobsFailed,
  jobsLoaded,
  jobsRequested,
  jobStatusSet,
  jobUpdated,
  pageChosen,
  saveFailed,
  saveRequested,
  sorted,
  statusChangeRequested,
  successShown,
  successHidden,
  type JobDecision,
  type JobsState,
} from './jobsSlice';
import { pageReplyOf } from '../table/serverPaging';
import { TYPED_JOB_FILTERS, type AdminJob, type AdminJobFilters } from './types';

/** The list answer is the list itself or a `data` list (spec §7). */
export function jobsFrom(body: unknown): AdminJob[] {
  if (Array.isArray(body)) return body as AdminJob[];
  if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) return (body as { data: AdminJob[] }).data;
  throw new Error(JOB_ADMIN_MESSAGES.invalidResponse);
}

/** Spec §8: the server's errors joined by commas, else its message, else 'Failed to save job'. */
export function saveErrorText(error: unknown): string {
  const body: unknown = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const messages = Array.isArray(errors) ? errors.map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { message?: unknown }).message : entry)).filter((m): m is string => typeof m === 'string' && m !== '') : [];
  return messages.length > 0 ? messages.join(', ') : errorMessage(error, JOB_ADMIN_MESSAGES.saveFailed);
}

const reasonOf = (error: unknown): string => errorMessage(error, error instanceof Error && error.message ? error.message : 'Unknown error');

/** Only typed filters wait for the typing to stop. */
export const isTypedChange = (change: Partial<AdminJobFilters>): boolean => Object.keys(change).every((key) => (TYPED_JOB_FILTERS as readonly string[]).includes(key));

/** The count a list answer announces in its body (`{count, data}`), if any. */
const countIn = (body: unknown): number | undefined => {
  const count = body && typeof body === 'object' && !Array.isArray(body) ? (body as { count?: unknown }).count : undefined;
  return typeof count === 'number' ? count : undefined;
};

/** The page of jobs the state names, with its filters and sort; a page past the end (jobs deleted meanwhile) goes to the last one. */
function* loadJobsSaga() {
  const { filters, paging }: JobsState = yield select((state: RootState) => state.admin.jobs);
  const { page, sort } = paging;
  try {
    const response: AxiosResponse<unknown> = yield call(adminJobsApi.list, filters, { page, sort });
    const jobs = jobsFrom(response.data);
    const { total, lastPage } = pageReplyOf(response.headers, page, jobs.length, countIn(response.data));
    if (lastPage !== null) {
      yield put(pageChosen(lastPage));
      return;
    }
    yield put(jobsLoaded({ jobs, total }));
  } catch (error) {
    yield put(jobsFailed(JOB_ADMIN_MESSAGES.loadFailed(reasonOf(error))));
  }
}

function* filtersSaga(action: PayloadAction<Partial<AdminJobFilters> | undefined>) {
  if (action.type === filtersChanged.type && action.payload && isTypedChange(action.payload)) yield delay(LIMITS.adminJobFilterDebounceMs);
  yield put(jobsRequested());
}

/** A failed call becomes an Error carrying the server's message or the call's default text. */
function* attempt<T>(fn: () => Promise<T>, fallback: string) {
  try {
    return (yield call(fn)) as T;
  } catch (error) {
    throw new Error(errorMessage(error, fallback), { cause: error });
  }
}

/** Approving is two calls: the status, then the students' e-mail (POST /notify). */
function* approveOne(id: string) {
  yield* attempt(() => adminJobsApi.changeStatus(id, 'approved'), JOB_ADMIN_MESSAGES.statusDefault('approved'));
  yield put(jobStatusSet({ ids: [id], status: 'approved' }));
  yield* attempt(() => adminJobsApi.notify(id), JOB_ADMIN_MESSAGES.notifyDefault);
}

function* rejectOne(id: string) {
  yield* attempt(() => adminJobsApi.changeStatus(id, 'rejected'), JOB_ADMIN_MESSAGES.statusDefault('rejected'));
  yield put(jobStatusSet({ ids: [id], status: 'rejected' }));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function* statusSaga(action: PayloadAction<{ id: string; status: JobDecision }>) {
  const { id, status } = action.payload;
  try {
    if (status === 'approved') {
      yield* approveOne(id);
      yield put(successShown(JOB_ADMIN_MESSAGES.approved));
    } else {
      yield* rejectOne(id);
    }
    yield put(actionFinished());
  } catch (error) {
    const reason = messageOf(error);
    yield put(errorShown(status === 'approved' ? JOB_ADMIN_MESSAGES.approveFailed(reason) : JOB_ADMIN_MESSAGES.rejectFailed(reason)));
  }
}

function* notifySucceeds(id: string) {
  try {
    yield call(adminJobsApi.notify, id);
    return true;
  } catch {
    return false;
  }
}

const idsThatFailed = (reply: BulkReply | undefined, ids: readonly string[]): string[] =>
  Array.isArray(reply?.results) ? ids.filter((id) => !reply.results.some((result) => result.id === id && result.ok)) : [...ids];

/**
 * One bulk status call (an outcome per id), then for approvals one notification per approved job.
 * Jobs that failed stay selected so the admin can try them again.
 */
function* bulkStatusSaga(action: PayloadAction<{ ids: string[]; status: JobDecision }>) {
  const { ids, status } = action.payload;
  const failureText = status === 'approved' ? JOB_ADMIN_MESSAGES.bulkApproveFailed : JOB_ADMIN_MESSAGES.bulkRejectFailed;
  let failed: string[] = [...ids];
  try {
    const response: AxiosResponse<BulkReply> = yield call(adminJobsApi.bulkStatus, ids, status);
    failed = idsThatFailed(response.data, ids);
  } catch {
    // every id stays failed
  }
  const changed = ids.filter((id) => !failed.includes(id));
  if (changed.length > 0) yield put(jobStatusSet({ ids: changed, status }));
  if (status === 'approved' && changed.length > 0) {
    const notified: boolean[] = yield all(changed.map((id) => call(notifySucceeds, id)));
    failed = [...failed, ...changed.filter((_, index) => !notified[index])];
  }
  yield put(actionFinished({ selected: failed }));
  if (failed.length > 0) yield put(errorShown(failureText));
  else if (status === 'approved') yield put(successShown(JOB_ADMIN_MESSAGES.bulkApproved(ids.length)));
}

function* deleteSaga(action: PayloadAction<string>) {
  try {
    yield* attempt(() => adminJobsApi.remove(action.payload), JOB_ADMIN_MESSAGES.deleteDefault);
    yield put(jobRemoved(action.payload));
    yield put(actionFinished());
  } catch (error) {
    yield put(errorShown(JOB_ADMIN_MESSAGES.deleteFailed(messageOf(error))));
  }
}

const jobOf = (body: { data?: AdminJob } | undefined, fallback: AdminJob): AdminJob => (body?.data && typeof body.data === 'object' ? body.data : fallback);

/** Create prepends the returned job and, when it is already approved, e-mails the students (spec §4). */
function* saveSaga(action: PayloadAction<{ id: string | null; job: JobFields }>) {
  const { id, job } = action.payload;
  let saved: AdminJob;
  try {
    const response: AxiosResponse<{ data?: AdminJob }> = yield id === null ? call(adminJobsApi.create, job) : call(adminJobsApi.update, id, job);
    saved = jobOf(response.data, { ...job, _id: id ?? '', status: 'pending' });
  } catch (error) {
    yield put(saveFailed(saveErrorText(error)));
    return;
  }
  if (id !== null) {
    yield put(jobUpdated(saved));
    return;
  }
  yield put(jobCreated(saved));
  if (saved.status !== 'approved') return;
  try {
    yield call(adminJobsApi.notify, saved._id);
    yield put(successShown(JOB_ADMIN_MESSAGES.created));
  } catch (error) {
    yield put(errorShown(errorMessage(error, JOB_ADMIN_MESSAGES.notifyDefault)));
  }
}

function* hideSuccessLater() {
  yield delay(LIMITS.jobCreatedMessageTimeoutMs);
  yield put(successHidden());
}

export function* adminJobsSaga() {
  yield takeLatest([jobsRequested.type, pageChosen.type, sorted.type], loadJobsSaga);
  yield takeLatest([filtersChanged.type, filtersCleared.type], filtersSaga);
  yield takeEvery(statusChangeRequested.type, statusSaga);
  yield takeEvery(bulkStatusRequested.type, bulkStatusSaga);
  yield takeEvery(deleteRequested.type, deleteSaga);
  yield takeEvery(saveRequested.type, saveSaga);
  yield takeLatest(successShown.type, hideSuccessLater);
}
