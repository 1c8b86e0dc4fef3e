import type { Role } from '@placement/domain';
import { PATHS } from '../shared/routes';
import { lazyPart, screen, type LazyPart } from './lazyScreens';

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

export const StudentLayout = lazyPart(() => import('./layouts/StudentLayout'));
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

export const STUDENT_ROLES: readonly Role[] = ['student'];
export const PANEL_ROLES: readonly Role[] = ['admin', 'staff'];

/** The routes behind the session check: who may open them, and the chunks they render (layout first). */
const SIGNED_IN_ROUTES: Readonly<Record<string, { roles: readonly Role[]; parts: readonly LazyPart[] }>> = {
  [PATHS.studentDetails]: { roles: STUDENT_ROLES, parts: [StudentLayout, StudentDetailsPage] },
  [PATHS.dashboard]: { roles: STUDENT_ROLES, parts: [StudentLayout, DashboardPage] },
  [PATHS.profile]: { roles: STUDENT_ROLES, parts: [StudentLayout, ProfilePage] },
  [PATHS.jobListings]: { roles: STUDENT_ROLES, parts: [StudentLayout, JobListingsPage] },
  [PATHS.myApplications]: { roles: STUDENT_ROLES, parts: [StudentLayout, MyApplicationsPage] },
  [PATHS.trainings]: { roles: STUDENT_ROLES, parts: [StudentLayout, TrainingsPage] },
  [PATHS.interviewInsights]: { roles: STUDENT_ROLES, parts: [StudentLayout, InterviewInsightsPage] },
  [PATHS.resumeInsights]: { roles: STUDENT_ROLES, parts: [StudentLayout, ResumeInsightsPage] },
  [PATHS.adminPanel]: { roles: PANEL_ROLES, parts: [AdminPanelPage] },
  [PATHS.adminExperiences]: { roles: PANEL_ROLES, parts: [AdminInterviewExperiencesPage] },
};

/**
 * Loads the chunks of the route the app was opened at while the route guard waits for the session
 * check (`GET /api/profile/me`), for a stored token whose role may open it: the layout and the screen
 * then render with the user, at once and together, instead of loading one after the other behind two
 * spinners, each held for at least 300 ms (issue 14, docs/decisions.md). Paths match case-insensitively,
 * as in the route table. Returns the loads started (none for a public route, or without a session).
 */
export function preloadSignedInRoute(pathname: string, session: { token: string | null; role: string | null }): Promise<unknown>[] {
  const route = SIGNED_IN_ROUTES[pathname.toLowerCase().replace(/(.)\/+$/, '$1')];
  if (!route || !session.token || !(route.roles as readonly string[]).includes(session.role ?? '')) return [];
  // A failed load is not reported here: the route's own render loads it again and shows the error.
  return route.parts.map((part) => part.preload().catch(() => undefined));
}
