import { lazy } from 'react';
import { screen } from './lazyScreens';

/**
 * Every screen is its own chunk (route-based code splitting): the landing page ships only the
 * shell and itself. A screen module default-exports its page component; a screen outside the
 * shell's feature brings its feature module (reducers and sagas), injected into the store as it loads.
 */
const feature = {
  jobs: () => import('../features/jobs/feature'),
  applications: () => import('../features/applications/feature'),
  dashboard: () => import('../features/dashboard/feature'),
  trainings: () => import('../features/trainings/feature'),
  profile: () => import('../features/profile/feature'),
  interviews: () => import('../features/interviews/feature'),
  resume: () => import('../features/resume/feature'),
  admin: () => import('../features/admin/feature'),
};

export const LandingPage = screen(() => import('../features/landing/pages/LandingPage'), { zod: false });
export const AboutPage = screen(() => import('../features/about/pages/AboutPage'), { zod: false });
export const SignInPage = screen(() => import('../features/auth/pages/SignInPage'));
export const VerifyEmailPage = screen(() => import('../features/auth/pages/VerifyEmailPage'));
export const ForgotPasswordPage = screen(() => import('../features/auth/pages/ForgotPasswordPage'));
export const ResetPasswordPage = screen(() => import('../features/auth/pages/ResetPasswordPage'));
export const SubmitExperiencePage = screen(() => import('../features/interviews/pages/SubmitExperiencePage'), { feature: feature.interviews });
export const PostJobPage = screen(() => import('../features/jobs/pages/PostJobPage'), { feature: feature.jobs });
export const PlacementsPage = screen(() => import('../features/statistics/pages/PlacementsPage'));

export const StudentLayout = lazy(() => import('./layouts/StudentLayout'));
export const StudentDetailsPage = screen(() => import('../features/profile/pages/StudentDetailsPage'), { feature: feature.profile });
export const DashboardPage = screen(() => import('../features/dashboard/pages/DashboardPage'), { feature: feature.dashboard });
export const ProfilePage = screen(() => import('../features/profile/pages/ProfilePage'), { feature: feature.profile });
export const JobListingsPage = screen(() => import('../features/jobs/pages/JobListingsPage'), { feature: feature.jobs });
export const MyApplicationsPage = screen(() => import('../features/applications/pages/MyApplicationsPage'), { feature: feature.applications });
export const TrainingsPage = screen(() => import('../features/trainings/pages/TrainingsPage'), { feature: feature.trainings });
export const InterviewInsightsPage = screen(() => import('../features/interviews/pages/InterviewInsightsPage'), { feature: feature.interviews });
export const ResumeInsightsPage = screen(() => import('../features/resume/pages/ResumeInsightsPage'), { feature: feature.resume });

export const AdminPanelPage = screen(() => import('../features/admin/pages/AdminPanelPage'), { feature: feature.admin });
export const AdminInterviewExperiencesPage = screen(() => import('../features/admin/pages/AdminInterviewExperiencesPage'), { feature: feature.admin });
