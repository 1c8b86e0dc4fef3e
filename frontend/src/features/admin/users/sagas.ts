import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { errorMessage } from '../../../shared/api/errors';
import type { RootState } from '../../../app/rootReducer';
import { adminApi } from '../api';
import type { AdminUser, BulkReply, Role, StudentProfile, UserForm } from '../types';
import {
  actionSucceeded,
  bulkDeleteRequested,
  bulkRoleRequested,
  bulkSucceeded,
  createRequested,
  deleteRequested,
  detailsLoaded,
  detailsRequested,
  detailsUserUpdated,
  errorShown,
  formFailed,
  formSucceeded,
  pageChosen,
  roleChangeRequested,
  sorted,
  updateRequested,
  USER_MESSAGES,
  usersFailed,
  usersLoaded,
  usersRequested,
  type UsersState,
} from './usersSlice';
import { pageReplyOf } from '../table/serverPaging';

/** The list answer is a bare array or an object with a data array; anything else is an error (spec §7). */
export function usersFrom(body: unknown): AdminUser[] {
  if (Array.isArray(body)) return body as AdminUser[];
  if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) return (body as { data: AdminUser[] }).data;
  throw new Error(USER_MESSAGES.invalidResponse);
}

/** The body sent by the forms: rollNo only for students, password only when adding. */
export function userBody(form: UserForm, withPassword: boolean) {
  return {
    fullName: form.fullName.trim(),
    email: form.email.trim(),
    mobileNo: form.mobileNo.trim(),
    role: form.role,
    status: form.status,
    ...(withPassword ? { password: form.password } : {}),
    ...(form.role === 'student' ? { rollNo: form.rollNo.trim() } : {}),
  };
}

const reasonOf = (error: unknown): string => errorMessage(error, error instanceof Error && error.message ? error.message : 'Unknown error');

/** The page of users the state names, with its role filter, search and sort; a page past the end (users deleted meanwhile) goes to the last one. */
export function* loadUsersSaga() {
  const { roleFilter, search, paging }: UsersState = yield select((state: RootState) => state.admin.users);
  const { page, sort } = paging;
  try {
    const response: AxiosResponse<unknown> = yield call(adminApi.listUsers, roleFilter, search, { page, sort });
    const users = usersFrom(response.data);
    const { total, lastPage } = pageReplyOf(response.headers, page, users.length);
    if (lastPage !== null) {
      yield put(pageChosen(lastPage));
      return;
    }
    yield put(usersLoaded({ users, total }));
  } catch (error) {
    yield put(usersFailed(USER_MESSAGES.loadFailed(reasonOf(error))));
  }
}

function* createSaga(action: PayloadAction<UserForm>) {
  try {
    yield call(adminApi.createUser, userBody(action.payload, true));
    yield put(formSucceeded());
    yield put(usersRequested());
  } catch (error) {
    yield put(formFailed(errorMessage(error, USER_MESSAGES.createFailed)));
  }
}

function* updateSaga(action: PayloadAction<{ id: string; form: UserForm }>) {
  try {
    yield call(adminApi.updateUser, action.payload.id, userBody(action.payload.form, false));
    yield put(formSucceeded());
    yield put(usersRequested());
  } catch (error) {
    yield put(formFailed(errorMessage(error, USER_MESSAGES.updateFailed)));
  }
}

function* deleteSaga(action: PayloadAction<string>) {
  try {
    yield call(adminApi.deleteUser, action.payload);
    yield put(actionSucceeded());
    yield put(usersRequested());
  } catch (error) {
    yield put(errorShown(errorMessage(error, USER_MESSAGES.deleteFailed)));
  }
}

function* roleSaga(action: PayloadAction<{ id: string; role: Role }>) {
  const { id, role } = action.payload;
  try {
    yield call(adminApi.changeRole, id, role);
    yield put(actionSucceeded());
    yield put(detailsUserUpdated({ _id: id, role }));
    yield put(usersRequested());
  } catch (error) {
    yield put(errorShown(errorMessage(error, USER_MESSAGES.roleFailed(role))));
  }
}

const allOk = (reply: BulkReply | undefined): boolean => Array.isArray(reply?.results) && reply.results.every((r) => r.ok);

function* bulkDeleteSaga(action: PayloadAction<string[]>) {
  try {
    const response: AxiosResponse<BulkReply> = yield call(adminApi.bulkDelete, action.payload);
    if (!allOk(response.data)) throw new Error('partial');
    yield put(bulkSucceeded());
  } catch {
    yield put(errorShown(USER_MESSAGES.bulkDeleteFailed));
  }
  yield put(usersRequested());
}

function* bulkRoleSaga(action: PayloadAction<{ ids: string[]; role: Role }>) {
  const { ids, role } = action.payload;
  try {
    const response: AxiosResponse<BulkReply> = yield call(adminApi.bulkRole, ids, role);
    if (!allOk(response.data)) throw new Error('partial');
    yield put(bulkSucceeded());
  } catch {
    yield put(errorShown(USER_MESSAGES.bulkRoleFailed(role)));
  }
  yield put(usersRequested());
}

/** View: students' full profile is fetched; on failure the row data is shown with the error (spec §7). */
function* detailsSaga(action: PayloadAction<AdminUser>) {
  if (action.payload.role !== 'student') return;
  try {
    const response: AxiosResponse<StudentProfile> = yield call(adminApi.studentProfile, action.payload._id);
    yield put(detailsLoaded(response.data && typeof response.data === 'object' ? response.data : null));
  } catch {
    yield put(detailsLoaded(null));
    yield put(errorShown(USER_MESSAGES.detailsFailed));
  }
}

export function* adminUsersSaga() {
  yield takeLatest([usersRequested.type, pageChosen.type, sorted.type], loadUsersSaga);
  yield takeEvery(createRequested.type, createSaga);
  yield takeEvery(updateRequested.type, updateSaga);
  yield takeEvery(deleteRequested.type, deleteSaga);
  yield takeEvery(roleChangeRequested.type, roleSaga);
  yield takeEvery(bulkDeleteRequested.type, bulkDeleteSaga);
  yield takeEvery(bulkRoleRequested.type, bulkRoleSaga);
  yield takeLatest(detailsRequested.type, detailsSaga);
}
