import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import type { EventChannel } from 'redux-saga';
import { all, call, put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { profileApi, profileFormData } from './api';
import { errorMessage, fieldErrorsOf, statusOf } from '../../shared/api/errors';
import { uploadChannel, type UploadEvent } from '../../shared/api/upload';
import { navigateTo } from '../../shared/navigation';
import { notify } from '../../shared/notifications/notificationsSlice';
import { PATHS } from '../../shared/routes';
import { clearSession, readToken } from '../../shared/storage';
import { logout } from '../../shared/session/authSlice';
import {
  PROFILE_MESSAGES,
  profileFailed,
  profileLoaded,
  profileRequested,
  profileSaved,
  profileSaveFailed,
  profileSaveProgressed,
  profileSaveRequested,
} from './profileSlice';
import type { Profile, ProfileSubmission, ProfileUploads } from './types';

/** Spec §2/§8: no token or a 401 → the sign-in page; other failures → a toast. */
export function* fetchProfileSaga() {
  if (!readToken()) {
    yield put(profileFailed(PROFILE_MESSAGES.loadFailed));
    yield call(navigateTo, PATHS.signIn, { replace: true, state: { from: PATHS.profile } });
    return;
  }
  try {
    const response: AxiosResponse<Profile> = yield call(profileApi.me);
    yield put(profileLoaded(response.data));
  } catch (error) {
    const message = errorMessage(error, PROFILE_MESSAGES.loadFailed);
    yield put(profileFailed(message));
    if (statusOf(error) === 401) {
      yield call(clearSession);
      yield put(logout());
      yield call(navigateTo, PATHS.signIn, { replace: true, state: { from: PATHS.profile } });
    } else {
      yield put(notify({ severity: 'error', summary: message }));
    }
  }
}

/**
 * Spec §8, profile save: success → 'Profile updated successfully!' and /dashboard replacing history;
 * 401 → 'Session expired. Please login again.', token and role cleared, sign-in page;
 * anything else → the server's message or 'Error updating profile'.
 */
export function* saveProfileSaga(action: PayloadAction<ProfileSubmission, string, { files: ProfileUploads }>) {
  const body: FormData = yield call(profileFormData, action.payload, action.meta.files);
  const channel: EventChannel<UploadEvent<{ message?: string }>> = yield call(uploadChannel, (onProgress: Parameters<typeof profileApi.update>[1]) =>
    profileApi.update(body, onProgress),
  );
  try {
    while (true) {
      const event: UploadEvent<{ message?: string }> = yield take(channel);
      if (event.kind === 'progress') {
        yield put(profileSaveProgressed(event.percent));
      } else if (event.kind === 'done') {
        yield put(profileSaved());
        yield put(notify({ severity: 'success', summary: PROFILE_MESSAGES.saved }));
        // The profile page and the sidebar read the saved profile again.
        yield put(profileRequested());
        yield call(navigateTo, PATHS.dashboard, { replace: true });
        return;
      } else if (statusOf(event.error) === 401) {
        yield put(profileSaveFailed({ message: PROFILE_MESSAGES.sessionExpired }));
        yield put(notify({ severity: 'error', summary: PROFILE_MESSAGES.sessionExpired }));
        yield call(clearSession);
        yield put(logout());
        yield call(navigateTo, PATHS.signIn, { replace: true, state: { from: PATHS.studentDetails } });
        return;
      } else {
        const message = errorMessage(event.error, PROFILE_MESSAGES.saveFailed);
        yield put(profileSaveFailed({ message, fieldErrors: fieldErrorsOf(event.error) }));
        yield put(notify({ severity: 'error', summary: message }));
        return;
      }
    }
  } finally {
    channel.close();
  }
}

export function* profileSaga() {
  yield all([takeLatest(profileRequested.type, fetchProfileSaga), takeLeading(profileSaveRequested.type, saveProfileSaga)]);
}
