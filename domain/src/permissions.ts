import type { Role } from './constants';
import type { Actor } from './decider';

/**
 * The one permission matrix. Every endpoint of the command and query APIs names its action here,
 * and the server refuses any caller whose role the action does not list.
 * 'public' admits everyone, signed in or not; 'signed-in' admits every active, verified account.
 * Ownership (a student's own applications and profile) is checked by the handlers on top of this.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

const ADMIN = ['admin'] as const;
const STAFF_AND_ADMIN = ['staff', 'admin'] as const;
const STUDENT = ['student'] as const;

export const PERMISSIONS = {
  // accounts
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.resendVerification': 'public',
  'auth.verifyEmail': 'public',
  'auth.forgotPassword': 'public',
  'auth.resetPassword': 'public',
  /** Any signed-in account changes its own password (the handler passes its own id only). */
  'auth.changePassword': 'signed-in',
  'auth.me': 'signed-in',
  /** The signed-in admin or staff member sets up their own second factor (signing in with one is part of auth.login). */
  'auth.secondFactor': STAFF_AND_ADMIN,
  'users.resetSecondFactor': ADMIN,
  'settings.security': ADMIN,
  'profile.readOwn': 'signed-in',
  'profile.update': STUDENT,
  'profile.readAny': ADMIN,
  'users.list': ADMIN,
  'users.create': ADMIN,
  'users.edit': ADMIN,
  'users.delete': ADMIN,
  'users.changeRole': ADMIN,
  'users.stats': ADMIN,
  // jobs
  'jobs.listPublic': 'public',
  'jobs.postPublic': 'public',
  'jobs.post': STAFF_AND_ADMIN,
  'jobs.edit': ADMIN,
  'jobs.changeStatus': ADMIN,
  'jobs.delete': ADMIN,
  'jobs.notify': ADMIN,
  /** Lets one student apply to a job despite its eligibility rules, with a reason. */
  'jobs.overrideEligibility': ADMIN,
  'jobs.listAdmin': ADMIN,
  'jobs.stats': ADMIN,
  // applications
  'applications.submit': STUDENT,
  'applications.listOwn': STUDENT,
  'applications.listAll': ADMIN,
  'applications.changeStatus': ADMIN,
  'applications.delete': ADMIN,
  'applications.resume': ADMIN,
  'applications.stats': ADMIN,
  // offers and the placement policy (issue 16 part 3): a student answers the offer on their own application (the decider checks whose)
  'offers.answer': STUDENT,
  /** A student's own accepted offers and the policy in force, so that job cards show which jobs the policy leaves open. */
  'placement.readOwn': STUDENT,
  'placementPolicy.read': ADMIN,
  'placementPolicy.publish': ADMIN,
  /** Replays the season so far under a proposed policy; writes nothing. */
  'placementPolicy.whatIf': ADMIN,
  /** A student's private calendar feed (interviews and trainings): create or replace its URL, revoke it, see whether one is active. */
  'calendarFeed.own': STUDENT,
  /** The feed itself, fetched by calendar apps without a login: the unguessable token in its URL is the credential. */
  'calendarFeed.read': 'public',
  // files
  'files.read': 'signed-in',
  // trainings
  'trainings.list': 'public',
  'trainings.manage': STAFF_AND_ADMIN,
  'trainings.stats': STAFF_AND_ADMIN,
  // interview experiences
  'experiences.list': 'public',
  'experiences.share': 'public',
  'experiences.manage': STAFF_AND_ADMIN,
  /** Shares without review; anyone else's experience waits for a moderator ('experiences.manage'). */
  'experiences.publish': STAFF_AND_ADMIN,
  'experiences.stats': STAFF_AND_ADMIN,
  // bulk e-mail
  'email.recipients': STAFF_AND_ADMIN,
  'email.templates': STAFF_AND_ADMIN,
  'email.send': STAFF_AND_ADMIN,
  'email.campaigns': STAFF_AND_ADMIN,
  'email.trackOpen': 'public',
  // resume insights (/cv, a student screen): the ATS engine checks a signed-in student's token
  'resume.analyze': STUDENT,
  /** A student's own resume checks over time (ResumeAnalysed); admins read any student's (staff see only e-mail, trainings and experiences). */
  'resume.historyOwn': STUDENT,
  'resume.historyAny': ADMIN,
  // operations
  'audit.read': ADMIN,
  /** Admins read any application's timeline; a student only their own (the handler checks ownership). */
  'audit.readApplication': ['student', 'admin'],
  'deadLetters.manage': ADMIN,
  'system.status': ADMIN,
  'projections.skip': ADMIN,
  'dashboard.read': ADMIN,
  // placement statistics (issue 16 part 4): the full figures as of any day, and the season's headline figures for the public page
  'statistics.read': ADMIN,
  'statistics.headline': 'public',
} as const satisfies Record<string, Access>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Who is asking: a role, or a visitor without a (valid) token. */
export type Caller = Role | 'visitor';

export type Decision = 'allow' | 'authenticate' | 'forbid';

/** The caller an actor is to the matrix: the portal acting on its own has no role's rights. */
export const callerOf = (actor: Pick<Actor, 'role'>): Caller => (actor.role === 'visitor' || actor.role === 'system' ? 'visitor' : actor.role);

/** 'authenticate' (401) when a visitor asks for a signed-in action, 'forbid' (403) for a wrong role. */
export function authorize(caller: Caller, action: Action): Decision {
  const access: Access = PERMISSIONS[action];
  if (access === 'public') return 'allow';
  if (caller === 'visitor') return 'authenticate';
  if (access === 'signed-in') return 'allow';
  return access.includes(caller) ? 'allow' : 'forbid';
}
