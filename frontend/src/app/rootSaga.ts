import { all, call } from 'redux-saga/effects';
import { authSaga } from '../features/auth/sagas';
import { passwordSaga } from '../features/auth/passwordSagas';
import { jobsSaga } from '../features/jobs/sagas';
import { myApplicationsSaga } from '../features/applications/sagas';
import { dashboardSaga } from '../features/dashboard/sagas';
import { trainingsSaga } from '../features/trainings/sagas';
import { profileSaga } from '../features/profile/sagas';
import { interviewsSaga } from '../features/interviews/sagas';
import { postJobSaga } from '../features/jobs/post/sagas';
import { resumeSaga } from '../features/resume/sagas';
import { adminSaga } from '../features/admin/sagas';

/** Every feature's watcher saga; a new feature adds its own here. */
export function* rootSaga() {
  yield all([call(authSaga), call(passwordSaga), call(jobsSaga), call(myApplicationsSaga), call(dashboardSaga), call(trainingsSaga), call(profileSaga), call(interviewsSaga), call(postJobSaga), call(resumeSaga), call(adminSaga)]);
}
