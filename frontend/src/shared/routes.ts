import { SIGN_IN_PATH } from '@placement/domain';

/** Every path of the route table (spec §2, both documents), in one place. */
export const PATHS = {
  home: '/',
  about: '/about',
  jobs: '/jobs',
  faq: '/faq',
  contact: '/contact',
  signIn: SIGN_IN_PATH,
  /** The other spelling of the sign-in path that part of the product uses. */
  signInAlt: '/authContainer',
  verifyEmail: '/verify-email',
  /** Not in the spec: asking for a reset link, and the page that link opens (docs/decisions.md). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  submitExperience: '/submit-interview-experience',
  postJob: '/post-job',
  /** Not in the spec: the season's headline placement figures, public (issue 16 part 4). */
  placements: '/placements',
  studentDetails: '/student-details',
  dashboard: '/dashboard',
  profile: '/profile',
  jobListings: '/job-listings',
  myApplications: '/my-applications',
  trainings: '/cdc-trainings',
  interviewInsights: '/interview-insights',
  resumeInsights: '/cv',
  adminPanel: '/admin-panel',
  adminExperiences: '/admin-panel/interview-experiences',
  adminManagement: '/admin-mgmnt',
  adminApplications: '/admin-applications',
} as const;

const isPanelRole = (role: string | null | undefined): boolean => role === 'admin' || role === 'staff';

/** After login or e-mail verification (spec §4): admin/staff → panel, student → profile form, otherwise the dashboard. */
export function homeAfterLogin(role: string | null | undefined): string {
  if (isPanelRole(role)) return PATHS.adminPanel;
  if (role === 'student') return PATHS.studentDetails;
  return PATHS.dashboard;
}

/** Opening the sign-in page while signed in with a role (spec §2, route guard). */
export const homeWhenSignedIn = (role: string): string => (isPanelRole(role) ? PATHS.adminPanel : PATHS.studentDetails);

/** A role the route does not allow (spec §2, route guard). */
export function homeForForbiddenRole(role: string): string {
  if (isPanelRole(role)) return PATHS.adminPanel;
  if (role === 'student') return PATHS.studentDetails;
  return PATHS.home;
}

/** Any path outside the route table (spec §2). */
export function homeForUnknownPath(role: string | null | undefined): string {
  if (isPanelRole(role)) return PATHS.adminPanel;
  if (role === 'student') return PATHS.studentDetails;
  return PATHS.signIn;
}

/** The navbar's Dashboard link: each role's own start page. */
export const dashboardPathFor = (role: string | null | undefined): string => (isPanelRole(role) ? PATHS.adminPanel : PATHS.dashboard);

const NOT_WORTH_RETURNING_TO = new Set<string>([PATHS.home, PATHS.signIn.toLowerCase(), PATHS.signInAlt.toLowerCase(), PATHS.verifyEmail, PATHS.forgotPassword, PATHS.resetPassword]);

/**
 * The page to return to after signing in, if it is one of ours and worth returning to.
 * Only same-origin paths are accepted (no '//host' or 'https://' open redirects).
 */
export function returnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  const pathname = from.split(/[?#]/)[0]!.toLowerCase().replace(/\/+$/, '') || '/';
  return NOT_WORTH_RETURNING_TO.has(pathname) ? null : from;
}

/** A router location (or anything carrying pathname/search/hash) as a path string. */
export function pathOf(location: unknown): string | null {
  if (typeof location === 'string') return location;
  if (!location || typeof location !== 'object') return null;
  const { pathname, search, hash } = location as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string') return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

/** Each screen's name: the document title, and the student header's 'Student - {page name}'. */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  [PATHS.home]: 'Home',
  [PATHS.about]: 'About',
  [PATHS.signIn]: 'Sign In',
  [PATHS.signInAlt]: 'Sign In',
  [PATHS.verifyEmail]: 'Verify Email',
  [PATHS.forgotPassword]: 'Forgot Password',
  [PATHS.resetPassword]: 'Reset Password',
  [PATHS.submitExperience]: 'Share Your Interview Experience',
  [PATHS.postJob]: 'Post a Job',
  [PATHS.placements]: 'Placements',
  [PATHS.studentDetails]: 'Student Details',
  [PATHS.dashboard]: 'Dashboard',
  [PATHS.profile]: 'Profile',
  [PATHS.jobListings]: 'Job Listings',
  [PATHS.myApplications]: 'My Applications',
  [PATHS.trainings]: 'CDC Trainings',
  [PATHS.interviewInsights]: 'Interview Insights',
  [PATHS.resumeInsights]: 'Resume Insights',
  [PATHS.adminPanel]: 'Admin Panel',
  [PATHS.adminExperiences]: 'Interview Experiences',
};

const TITLES_BY_LOWER_PATH = new Map(Object.entries(PAGE_TITLES).map(([path, title]) => [path.toLowerCase(), title]));

/** The page name of a path (paths match case-insensitively, as the router does). */
export function pageTitleOf(pathname: string): string | undefined {
  const normalized = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return TITLES_BY_LOWER_PATH.get(normalized);
}
