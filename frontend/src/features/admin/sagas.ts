import { all, call } from 'redux-saga/effects';
import { adminApplicationsSaga } from './applications/sagas';
import { adminAuditSaga } from './audit/sagas';
import { adminDashboardSaga } from './dashboard/sagas';
import { adminDeadLettersSaga } from './deadLetters/sagas';
import { adminEmailSaga } from './email/sagas';
import { adminExperiencesSaga } from './experiences/sagas';
import { adminJobsSaga } from './jobs/sagas';
import { adminSystemSaga } from './system/sagas';
import { adminTrainingsSaga } from './trainings/sagas';
import { adminUsersSaga } from './users/sagas';

/** Every watcher of the admin panel, one entry in the root saga. */
export function* adminSaga() {
  yield all([call(adminDashboardSaga), call(adminUsersSaga), call(adminExperiencesSaga), call(adminTrainingsSaga), call(adminEmailSaga), call(adminAuditSaga), call(adminDeadLettersSaga), call(adminSystemSaga), call(adminJobsSaga), call(adminApplicationsSaga)]);
}
