import { lazy } from 'react';

/**
 * Every screen is its own chunk (route-based code splitting): the landing page ships only the
 * shell and itself. A screen module default-exports its page component.
 */
export const LandingPage = lazy(() => import('../features/landing/pages/LandingPage'));
export const AboutPage = lazy(() => import('../features/about/pages/AboutPage'));
export const SignInPage = lazy(() => import('../features/auth/pages/SignInPage'));
export const VerifyEmailPage = lazy(() => import('../features/auth/pages/VerifyEmailPage'));
export const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
export const SubmitExperiencePage = lazy(() => import('../features/interviews/pages/SubmitExperiencePage'));
export const PostJobPage = lazy(() => import('../features/jobs/pages/PostJobPage'));
export const PlacementsPage = lazy(() => import('../features/statistics/pages/PlacementsPage'));

export const StudentLayout = lazy(() => import('./layouts/StudentLayout'));
export const StudentDetailsPage = lazy(() => import('../features/profile/pages/StudentDetailsPage'));
export const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
export const ProfilePage = lazy(() => import('../features/profile/pages/ProfilePage'));
export const JobListingsPage = lazy(() => import('../features/jobs/pages/JobListingsPage'));
export const MyApplicationsPage = lazy(() => import('../features/applications/pages/MyApplicationsPage'));
export const TrainingsPage = lazy(() => import('../features/trainings/pages/TrainingsPage'));
export const InterviewInsightsPage = lazy(() => import('../features/interviews/pages/InterviewInsightsPage'));
export const ResumeInsightsPage = lazy(() => import('../features/resume/pages/ResumeInsightsPage'));

export const AdminPanelPage = lazy(() => import('../features/admin/pages/AdminPanelPage'));
export const AdminInterviewExperiencesPage = lazy(() => import('../features/admin/pages/AdminInterviewExperiencesPage'));
