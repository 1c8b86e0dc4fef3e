import type { AxiosResponse } from 'axios';
import { profileApi } from './api';
import { call, put, takeLatest } from 'redux-saga/effects';
import { errorMessage, statusOf } from '../../shared/api/errors';
import { navigateTo } from '../../shared/navigation';
import { notify } from '../../shared/notifications/notificationsSlice';
import { PATHS } from '../../shared/routes';
import { clearSession, readToken } from '../../shared/storage';
import { logout } from '../auth/authSlice';
import { PROFILE_MESSAGES, profileFailed, profileLoaded, profileRequested } from './profileSlice';
import type { Profile } from './types';

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

export function* profileSaga() {
  yield takeLatest(profileRequested.type, fetchProfileSaga);
}
