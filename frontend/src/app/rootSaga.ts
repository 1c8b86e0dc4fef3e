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
import { runFeatureSagas } from '../shared/sagas/supervise';

/**
 * Every feature's watcher saga, by name; a new feature adds its own here. Each runs under its own
 * supervisor (shared/sagas/supervise.ts): a crash is logged and restarts that feature only.
 */
export const FEATURE_SAGAS = {
  auth: authSaga,
  password: passwordSaga,
  jobs: jobsSaga,
  myApplications: myApplicationsSaga,
  dashboard: dashboardSaga,
  trainings: trainingsSaga,
  profile: profileSaga,
  interviews: interviewsSaga,
  postJob: postJobSaga,
  resume: resumeSaga,
  admin: adminSaga,
};

export function* rootSaga() {
  yield* runFeatureSagas(FEATURE_SAGAS);
}
