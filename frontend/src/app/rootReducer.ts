import { combineReducers } from '@reduxjs/toolkit';
import { authReducer } from '../shared/session/authSlice';
import { registrationReducer } from '../features/auth/registrationSlice';
import { passwordReducer } from '../shared/session/passwordSlice';
import { jobListingsReducer } from '../features/jobs/jobListingsSlice';
import { myApplicationsReducer } from '../features/applications/myApplicationsSlice';
import { dashboardReducer } from '../features/dashboard/dashboardSlice';
import { trainingsReducer } from '../features/trainings/trainingsSlice';
import { profileReducer } from '../features/profile/profileSlice';
import { adminReducer } from '../features/admin/adminReducer';
import { interviewsReducer } from '../features/interviews/interviewsSlice';
import { postJobReducer } from '../features/jobs/post/postJobSlice';
import { resumeReducer } from '../features/resume/resumeSlice';
import { notificationsReducer } from '../shared/notifications/notificationsSlice';

/** One key per feature slice; a new feature adds its reducer here. */
export const rootReducer = combineReducers({
  auth: authReducer,
  registration: registrationReducer,
  password: passwordReducer,
  notifications: notificationsReducer,
  jobListings: jobListingsReducer,
  myApplications: myApplicationsReducer,
  dashboard: dashboardReducer,
  trainings: trainingsReducer,
  profile: profileReducer,
  interviews: interviewsReducer,
  postJob: postJobReducer,
  resume: resumeReducer,
  admin: adminReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
