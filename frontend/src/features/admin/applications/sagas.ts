import type { PayloadAction } from '@reduxjs/toolkit';
import axios, { type AxiosResponse } from 'axios';
import { all, call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { LIMITS, type ApplicationStatus, type InterviewSlot } from '@placement/domain';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import { readBlobText, saveBlob } from '../../../shared/download';
import { notify } from '../../../shared/notifications/notificationsSlice';
import type { BulkReply } from '../types';
import { adminApplicationsApi } from './api';
import {
  actionFinished,
  applicationsFailed,
  applicationsLoaded,
  applicationsRemoved,
  applicationsRequested,
  bulkDeleteRequested,
  bulkStatusRequested,
  deleteRequested,
  detailsOpened,
  errorShown,
  exportFinished,
  exportRequested,
  jobChosen,
  jobsFailed,
  jobsLoaded,
  jobsPageChosen,
  jobsRequested,
  jobsSorted,
  resumeChecked,
  resumeDownloadFinished,
  resumeDownloadRequested,
  REVIEW_MESSAGES,
  statusChangeRequested,
  statusesSet,
  successHidden,
  successShown,
  type ApplicationsState,
  type ShownError,
} from './applicationsSlice';
import { buildApplicationsWorkbook, exportFileName, exportRows, loadExcelJs, matchingStatus, XLSX_TYPE, type ExcelJsModule } from './excelExport';
import { pageReplyOf } from '../table/serverPaging';
import type { ReviewedApplication, ReviewJob } from './types';

const review = (state: RootState): ApplicationsState => state.admin.applications;

/** The server's message when it sent one, else what went wrong, else ''. */
const reasonOf = (error: unknown): string => errorMessage(error, error instanceof Error ? error.message : '');
const listOf = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

/** The page of jobs the state names, in its sort; a page past the end (jobs deleted meanwhile) goes to the last one. */
function* loadJobsSaga() {
  try {
    const { page, sort }: ApplicationsState['jobsPaging'] = yield select((state: RootState) => review(state).jobsPaging);
    const response: AxiosResponse<unknown> = yield call(adminApplicationsApi.listJobs, { page, sort });
    const jobs = listOf<ReviewJob>(response.data);
    const { total, lastPage } = pageReplyOf(response.headers, page, jobs.length);
    if (lastPage !== null) {
      yield put(jobsPageChosen(lastPage));
      return;
    }
    yield put(jobsLoaded({ jobs, total }));
  } catch (error) {
    yield put(jobsFailed());
    yield put(errorShown({ message: REVIEW_MESSAGES.loadJobsFailed(reasonOf(error)), toast: REVIEW_MESSAGES.loadJobsToast }));
  }
}

function* loadApplicationsSaga() {
  const { currentJobId }: ApplicationsState = yield select(review);
  if (!currentJobId) return;
  try {
    const response: AxiosResponse<unknown> = yield call(adminApplicationsApi.listApplications, currentJobId);
    yield put(applicationsLoaded(listOf<ReviewedApplication>(response.data)));
  } catch (error) {
    yield put(applicationsFailed());
    yield put(errorShown({ message: REVIEW_MESSAGES.loadApplicationsFailed(reasonOf(error)), toast: REVIEW_MESSAGES.loadApplicationsToast }));
  }
}

/** The slot as the API calls' last argument, only when there is one. */
const slotArgument = (interview: InterviewSlot | undefined): [InterviewSlot] | [] => (interview ? [interview] : []);

function* statusSaga(action: PayloadAction<{ id: string; status: ApplicationStatus; interview?: InterviewSlot }>) {
  const { id, status, interview } = action.payload;
  try {
    // The reply names the job and the applicant by id only: the row keeps its nested ones and takes the status.
    yield call(adminApplicationsApi.changeStatus, id, status, ...slotArgument(interview));
    yield put(statusesSet({ ids: [id], status }));
    yield put(actionFinished());
    // A new interview slot is shown as the read side keeps it.
    if (interview) yield put(applicationsRequested());
    yield put(successShown(REVIEW_MESSAGES.statusUpdated(status)));
  } catch (error) {
    yield put(errorShown({ message: REVIEW_MESSAGES.statusFailed(status, reasonOf(error)), toast: REVIEW_MESSAGES.statusToast }));
  }
}

/** The bulk reply's outcome: the ids that succeeded, and the distinct reasons of those that did not. */
export function bulkOutcome(reply: BulkReply | undefined, ids: readonly string[]): { done: string[]; reasons: string[] } {
  if (!Array.isArray(reply?.results)) return { done: [], reasons: [] };
  const done = ids.filter((id) => reply.results.some((result) => result.id === id && result.ok));
  const reasons = [...new Set(reply.results.flatMap((result) => (result.ok ? [] : [result.message])))];
  return { done, reasons };
}

/** Spec §5: a status must be chosen and at least one application selected. */
export const bulkStatusProblem = (status: string, ids: readonly string[]): string | null =>
  !status ? REVIEW_MESSAGES.selectStatus : ids.length === 0 ? REVIEW_MESSAGES.selectApplications : null;

/** One bulk call (an outcome per id); what failed stays selected. */
function* bulkStatusSaga(action: PayloadAction<{ ids: string[]; status: ApplicationStatus | ''; interview?: InterviewSlot }>) {
  const { ids, status, interview } = action.payload;
  const problem = bulkStatusProblem(status, ids);
  if (problem !== null || status === '') {
    yield put(errorShown({ message: problem ?? REVIEW_MESSAGES.selectStatus }));
    return;
  }
  try {
    const response: AxiosResponse<BulkReply> = yield call(adminApplicationsApi.bulkStatus, ids, status, ...slotArgument(interview));
    const { done, reasons } = bulkOutcome(response.data, ids);
    if (done.length > 0) yield put(statusesSet({ ids: done, status }));
    yield put(actionFinished({ selected: ids.filter((id) => !done.includes(id)) }));
    if (interview && done.length > 0) yield put(applicationsRequested());
    if (done.length < ids.length) yield put(errorShown({ message: REVIEW_MESSAGES.bulkStatusFailed(reasons.join(', ')) }));
    else yield put(successShown(REVIEW_MESSAGES.bulkUpdated(done.length, status)));
  } catch (error) {
    yield put(errorShown({ message: REVIEW_MESSAGES.bulkStatusFailed(reasonOf(error)) }));
  }
}

function* deleteSaga(action: PayloadAction<string>) {
  try {
    yield call(adminApplicationsApi.remove, action.payload);
    yield put(applicationsRemoved([action.payload]));
    yield put(actionFinished());
  } catch (error) {
    yield put(errorShown({ message: REVIEW_MESSAGES.deleteFailed(reasonOf(error)) }));
  }
}

function* bulkDeleteSaga(action: PayloadAction<string[]>) {
  const ids = action.payload;
  try {
    const response: AxiosResponse<BulkReply> = yield call(adminApplicationsApi.bulkDelete, ids);
    const { done, reasons } = bulkOutcome(response.data, ids);
    if (done.length > 0) yield put(applicationsRemoved(done));
    yield put(actionFinished({ selected: ids.filter((id) => !done.includes(id)) }));
    if (done.length < ids.length) yield put(errorShown({ message: REVIEW_MESSAGES.bulkDeleteFailed(reasons.join(', ')) }));
  } catch (error) {
    yield put(errorShown({ message: REVIEW_MESSAGES.bulkDeleteFailed(reasonOf(error)) }));
  }
}

/** Spec §8: a failed check is only logged, and the resume is then treated as invalid. */
function* checkResumeSaga(action: PayloadAction<{ id: string; hasResume: boolean }>) {
  const { id, hasResume } = action.payload;
  if (!hasResume) return;
  try {
    const response: AxiosResponse<{ isValid?: boolean }> = yield call(adminApplicationsApi.checkResume, id);
    yield put(resumeChecked({ id, valid: response.data?.isValid === true }));
  } catch (error) {
    console.warn('Resume check failed', error);
    yield put(resumeChecked({ id, valid: false }));
  }
}

/** A blob reply's error body is JSON the client could not parse on its own. */
export async function downloadErrorReason(error: unknown): Promise<string> {
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  if (data instanceof Blob) {
    try {
      const body: unknown = JSON.parse(await readBlobText(data));
      const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
      if (typeof message === 'string' && message.trim() !== '') return message;
    } catch {
      // not JSON: fall through to the error itself
    }
  }
  return reasonOf(error);
}

const isPdf = (contentType: unknown): boolean => typeof contentType === 'string' && contentType.toLowerCase().startsWith('application/pdf');

/** Spec §4/§7: the file must come with a PDF content type; it is saved as resume-{id}.pdf. */
function* downloadResumeSaga(action: PayloadAction<string>) {
  const id = action.payload;
  try {
    const response: AxiosResponse<Blob> = yield call(adminApplicationsApi.downloadResume, id);
    const contentType: unknown = response.headers?.['content-type'] ?? response.data?.type;
    if (!isPdf(contentType)) throw new Error(REVIEW_MESSAGES.notPdf);
    yield call(saveBlob, response.data, `resume-${id}.pdf`);
  } catch (error) {
    const reason: string = yield call(downloadErrorReason, error);
    yield put(errorShown({ message: REVIEW_MESSAGES.downloadFailed(reason) }));
  } finally {
    yield put(resumeDownloadFinished());
  }
}

/** Spec §5/§9: entirely in the browser, after the two checks; exceljs is loaded on first use. */
function* exportSaga() {
  const { applications, exportStatus, jobs, currentJobId }: ApplicationsState = yield select(review);
  const job = jobs.find((j) => j._id === currentJobId);
  try {
    if (applications.length === 0) {
      yield put(errorShown({ message: REVIEW_MESSAGES.nothingToExport }));
      return;
    }
    const chosen = matchingStatus(applications, exportStatus);
    if (chosen.length === 0) {
      yield put(errorShown({ message: REVIEW_MESSAGES.nothingMatches }));
      return;
    }
    const company = job?.companyName ?? chosen[0]?.jobId?.companyName ?? '';
    const profile = job?.profiles ?? chosen[0]?.jobId?.profiles ?? '';
    const excel: ExcelJsModule = yield call(loadExcelJs);
    const workbook = buildApplicationsWorkbook(excel, company, exportRows(chosen, window.location.origin));
    const buffer: ArrayBuffer = yield call(() => workbook.xlsx.writeBuffer());
    yield call(saveBlob, new Blob([buffer], { type: XLSX_TYPE }), exportFileName(company, profile));
  } catch (error) {
    yield put(errorShown({ message: REVIEW_MESSAGES.exportFailed(reasonOf(error)) }));
  } finally {
    yield put(exportFinished());
  }
}

/** Errors show in the banner and in a toast (spec §8). */
function* toastSaga(action: PayloadAction<ShownError>) {
  yield put(notify({ severity: 'error', summary: 'Error', detail: action.payload.toast ?? action.payload.message }));
}

function* hideSuccessLater() {
  yield delay(LIMITS.reviewMessageTimeoutMs);
  yield put(successHidden());
}

export function* adminApplicationsSaga() {
  yield all([
    takeLatest([jobsRequested.type, jobsPageChosen.type, jobsSorted.type], loadJobsSaga),
    takeLatest([jobChosen.type, applicationsRequested.type], loadApplicationsSaga),
    takeEvery(statusChangeRequested.type, statusSaga),
    takeEvery(bulkStatusRequested.type, bulkStatusSaga),
    takeEvery(deleteRequested.type, deleteSaga),
    takeEvery(bulkDeleteRequested.type, bulkDeleteSaga),
    takeLatest(detailsOpened.type, checkResumeSaga),
    takeLatest(resumeDownloadRequested.type, downloadResumeSaga),
    takeLatest(exportRequested.type, exportSaga),
    takeEvery(errorShown.type, toastSaga),
    takeLatest(successShown.type, hideSuccessLater),
  ]);
}
