import { all, call } from 'redux-saga/effects';
import { authSaga } from '../features/auth/sagas';

/** Every feature's watcher saga; a new feature adds its own here. */
export function* rootSaga() {
  yield all([call(authSaga)]);
}
