import { combineReducers } from '@reduxjs/toolkit';
import { adminApplicationsReducer } from './applications/applicationsSlice';
import { adminAuditReducer } from './audit/auditSlice';
import { adminDashboardReducer } from './dashboard/dashboardSlice';
import { adminDeadLettersReducer } from './deadLetters/deadLettersSlice';
import { adminEmailReducer } from './email/emailSlice';
import { adminExperiencesReducer } from './experiences/experiencesSlice';
import { adminJobsReducer } from './jobs/jobsSlice';
import { adminStatisticsReducer } from './statistics/statisticsSlice';
import { adminSystemReducer } from './system/systemSlice';
import { adminTrainingsReducer } from './trainings/trainingsSlice';
import { adminUsersReducer } from './users/usersSlice';

/** The admin panel's state, one key in the root reducer. */
export const adminReducer = combineReducers({
  dashboard: adminDashboardReducer,
  users: adminUsersReducer,
  experiences: adminExperiencesReducer,
  trainings: adminTrainingsReducer,
  email: adminEmailReducer,
  audit: adminAuditReducer,
  deadLetters: adminDeadLettersReducer,
  system: adminSystemReducer,
  jobs: adminJobsReducer,
  applications: adminApplicationsReducer,
  statistics: adminStatisticsReducer,
});
