import { runFeatureSagas } from '../../shared/sagas/supervise';
import { adminApplicationsSaga } from './applications/sagas';
import { adminAuditSaga } from './audit/sagas';
import { adminDashboardSaga } from './dashboard/sagas';
import { adminDeadLettersSaga } from './deadLetters/sagas';
import { adminEmailSaga } from './email/sagas';
import { adminExperiencesSaga } from './experiences/sagas';
import { adminJobsSaga } from './jobs/sagas';
import { adminStatisticsSaga } from './statistics/sagas';
import { adminSystemSaga } from './system/sagas';
import { adminTrainingsSaga } from './trainings/sagas';
import { adminUsersSaga } from './users/sagas';

/** Every watcher of the admin panel, one entry in the root saga; each section supervised on its own. */
export function* adminSaga() {
  yield* runFeatureSagas({
    'admin/dashboard': adminDashboardSaga,
    'admin/users': adminUsersSaga,
    'admin/experiences': adminExperiencesSaga,
    'admin/trainings': adminTrainingsSaga,
    'admin/email': adminEmailSaga,
    'admin/audit': adminAuditSaga,
    'admin/deadLetters': adminDeadLettersSaga,
    'admin/system': adminSystemSaga,
    'admin/jobs': adminJobsSaga,
    'admin/applications': adminApplicationsSaga,
    'admin/statistics': adminStatisticsSaga,
  });
}
