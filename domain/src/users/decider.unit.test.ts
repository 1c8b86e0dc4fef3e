import { fold, given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW as now } from '../schemas-shared/test-support';
import { MESSAGES } from './form-messages';
import {
  canLogIn,
  MAX_PENDING_PASSWORD_RESETS,
  MAX_PENDING_VERIFICATION_LINKS,
  PASSWORD_RESET_TOKEN_TTL_MS,
  REGISTRATION_NOTICE_QUIET_MS,
  userDecider,
  VERIFICATION_TOKEN_TTL_MS,
  type UserCommand,
} from './decider';
import type { StudentProfile, UserEvent } from './events';
import { USER_EVENT_VERSIONS } from './events';
import { USER_MESSAGES } from './messages';

const admin = contextAs('admin', 'admin-1');
const visitor = contextAs('visitor');
const userId = 'u1';
const inOneDay = new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
const at = (iso: string) => ({ ...visitor, now: new Date(iso) });

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, fullName: 'Asha Rao', email: 'asha@university.edu', rollNo: 'CS21-042', passwordHash: 'argon2:pw', role: 'student', status: 'active', verified: false },
};
const tokenIssued = (tokenHash = 'hash-1', expiresAt = inOneDay): UserEvent => ({
  type: 'VerificationTokenIssued',
  data: { userId, email: 'asha@university.edu', tokenHash, expiresAt },
});
const verified: UserEvent = { type: 'EmailVerified', data: { userId } };
const createdByAdmin = (role: 'student' | 'staff' | 'admin' = 'staff', status: 'active' | 'inactive' | 'suspended' = 'active'): UserEvent => ({
  type: 'UserCreatedByAdmin',
  data: { userId, fullName: 'Ravi Menon', email: 'ravi@university.edu', mobileNo: '9876543210', rollNo: null, passwordHash: 'argon2:pw', role, status, verified: true },
});
const deleted: UserEvent = { type: 'UserDeleted', data: { userId, email: 'asha@university.edu', role: 'student', status: 'active', verified: true } };
const student = [registered, tokenIssued(), verified];

/** The same JSON value with every object's keys in reverse order, as a store may hand it back. */
const withKeysReversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withKeysReversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, withKeysReversed(item)]));
};

const rejectionAfter = (history: UserEvent[], command: UserCommand, context = admin) => rejectionOf(() => given(userDecider, history).when(command, context));

const notFound = { kind: 'not_found', message: USER_MESSAGES.notFound, errors: undefined };

/** Every command on an account that does not exist, or no longer does, is refused as not found. */
const commandsOnAnExistingUser: UserCommand[] = [
  { type: 'VerifyEmail', userId, tokenHash: 'hash-1' },
  { type: 'ChangeUserDetails', userId, fullName: 'X', email: 'x@university.edu', mobileNo: null, rollNo: null },
  { type: 'ChangeUserRole', userId, role: 'staff' },
  { type: 'ChangeUserStatus', userId, status: 'inactive' },
  { type: 'DeleteUser', userId },
  { type: 'UpdateStudentProfile', userId, profile: {} },
  { type: 'RequestPasswordReset', userId, tokenHash: 'reset-1' },
  { type: 'ChangePassword', userId, passwordHash: 'argon2:new' },
];

describe.each([
  ['unknown', []],
  ['deleted', [...student, deleted]],
])('on a %s user', (_label, history: UserEvent[]) => {
  it.each(commandsOnAnExistingUser.map((command) => [command.type, command] as const))('%s is refused as not found', (_type, command) => {
    expect(rejectionAfter(history, command)).toEqual(notFound);
  });

  it('ResendVerification is refused as not found, with a message about the address', () => {
    expect(rejectionAfter(history, { type: 'ResendVerification', userId, verificationTokenHash: 'hash-2' }, visitor)).toEqual({
      kind: 'not_found',
      message: USER_MESSAGES.noAccountForEmail,
      errors: undefined,
    });
  });
});

describe('RegisterUser', () => {
  const command: UserCommand = {
    type: 'RegisterUser',
    userId,
    fullName: 'Asha Rao',
    email: ' Asha@University.edu ',
    rollNo: 'CS21-042',
    passwordHash: 'argon2:pw',
    verificationTokenHash: 'hash-1',
  };

  it('registers an unverified active student and issues a token valid for a day', () => {
    expect(given(userDecider, []).when(command, visitor)).toEqual([registered, tokenIssued('hash-1', '2025-03-11T09:00:00.000Z')]);
  });

  it('refuses a second registration on the same stream', () => {
    expect(rejectionAfter(student, command, visitor)).toEqual({ kind: 'conflict', message: USER_MESSAGES.alreadyExists, errors: undefined });
  });
});

describe('ResendVerification', () => {
  const resend: UserCommand = { type: 'ResendVerification', userId, verificationTokenHash: 'hash-2' };

  it('issues a new token that expires a day from now', () => {
    expect(given(userDecider, [registered, tokenIssued()]).when(resend, at('2025-03-12T10:00:00.000Z'))).toEqual([
      tokenIssued('hash-2', '2025-03-13T10:00:00.000Z'),
    ]);
  });

  it('is refused once the address is verified', () => {
    expect(rejectionAfter(student, resend, visitor)).toEqual({ kind: 'conflict', message: USER_MESSAGES.alreadyVerified, errors: undefined });
  });

  it('is refused for an account an admin created (verified from the start)', () => {
    expect(rejectionAfter([createdByAdmin()], resend, visitor)).toEqual({ kind: 'conflict', message: USER_MESSAGES.alreadyVerified, errors: undefined });
  });
});

describe('VerifyEmail', () => {
  const verify = (tokenHash: string): UserCommand => ({ type: 'VerifyEmail', userId, tokenHash });
  const invalid = (message: string) => ({ kind: 'invalid', message, errors: undefined });

  it('verifies with the active token before it expires', () => {
    expect(given(userDecider, [registered, tokenIssued()]).when(verify('hash-1'), at('2025-03-11T08:59:59.999Z'))).toEqual([verified]);
  });

  it('refuses a token that does not match', () => {
    expect(rejectionAfter([registered, tokenIssued()], verify('hash-x'), visitor)).toEqual(invalid(USER_MESSAGES.invalidVerificationLink));
  });

  it('keeps the earlier link working after a resend (someone else may have asked for it)', () => {
    const resent = [registered, tokenIssued('hash-1'), tokenIssued('hash-2')];
    expect(given(userDecider, resent).when(verify('hash-1'), visitor)).toEqual([verified]);
    expect(given(userDecider, resent).when(verify('hash-2'), visitor)).toEqual([verified]);
  });

  it('uses up every pending link once one of them verified the address', () => {
    expect(rejectionAfter([registered, tokenIssued('hash-1'), tokenIssued('hash-2'), verified], verify('hash-2'), visitor)).toEqual(invalid(USER_MESSAGES.verificationLinkUsed));
  });

  it('keeps an expired link expired while a newer one works', () => {
    const later = new Date(Date.parse(inOneDay) + 1000).toISOString();
    const history = [registered, tokenIssued('hash-1'), tokenIssued('hash-2', new Date(Date.parse(later) + VERIFICATION_TOKEN_TTL_MS).toISOString())];
    expect(rejectionAfter(history, verify('hash-1'), at(later))).toEqual(invalid(USER_MESSAGES.verificationLinkExpired));
    expect(given(userDecider, history).when(verify('hash-2'), at(later))).toEqual([verified]);
  });

  it(`keeps only the newest ${MAX_PENDING_VERIFICATION_LINKS} links`, () => {
    const resends = Array.from({ length: MAX_PENDING_VERIFICATION_LINKS + 1 }, (_, index) => tokenIssued(`hash-${index}`));
    expect(rejectionAfter([registered, ...resends], verify('hash-0'), visitor)).toEqual(invalid(USER_MESSAGES.invalidVerificationLink));
    expect(given(userDecider, [registered, ...resends]).when(verify('hash-1'), visitor)).toEqual([verified]);
  });

  it('refuses an account that never had a token', () => {
    expect(rejectionAfter([createdByAdmin()], verify('hash-1'), visitor)).toEqual(invalid(USER_MESSAGES.invalidVerificationLink));
  });

  it('refuses an expired token, from the instant it expires', () => {
    expect(rejectionAfter([registered, tokenIssued()], verify('hash-1'), at(inOneDay))).toEqual(invalid(USER_MESSAGES.verificationLinkExpired));
  });

  it('refuses a token used once already', () => {
    expect(rejectionAfter(student, verify('hash-1'), visitor)).toEqual(invalid(USER_MESSAGES.verificationLinkUsed));
  });
});

describe('NoteRegistrationAttempt', () => {
  const attempt: UserCommand = { type: 'NoteRegistrationAttempt', userId, verificationTokenHash: 'hash-9' };
  const attempted = (quietUntil: string): UserEvent => ({ type: 'RegistrationAttempted', data: { userId, email: 'asha@university.edu', quietUntil } });

  it('gives an unverified account a new link, leaving the earlier one valid', () => {
    const history = [registered, tokenIssued('hash-1')];
    const events = given(userDecider, history).when(attempt, at('2025-03-10T10:00:00.000Z'));
    expect(events).toEqual([tokenIssued('hash-9', '2025-03-11T10:00:00.000Z')]);
    expect(given(userDecider, [...history, ...events]).when({ type: 'VerifyEmail', userId, tokenHash: 'hash-1' }, visitor)).toEqual([verified]);
  });

  it('tells the owner of a verified account, then stays quiet for an hour', () => {
    const first = given(userDecider, student).when(attempt, at('2025-03-10T10:00:00.000Z'));
    expect(first).toEqual([attempted('2025-03-10T11:00:00.000Z')]);
    expect(REGISTRATION_NOTICE_QUIET_MS).toBe(60 * 60 * 1000);
    expect(given(userDecider, [...student, ...first]).when(attempt, at('2025-03-10T10:59:59.999Z'))).toEqual([]);
    expect(given(userDecider, [...student, ...first]).when(attempt, at('2025-03-10T11:00:00.000Z'))).toEqual([attempted('2025-03-10T12:00:00.000Z')]);
  });

  it('is refused as not found for an account that is gone', () => {
    expect(rejectionAfter([...student, deleted], attempt, visitor)).toEqual(notFound);
  });
});

describe('CreateUserByAdmin', () => {
  const command: UserCommand = {
    type: 'CreateUserByAdmin',
    userId,
    fullName: 'Ravi Menon',
    email: 'Ravi@University.edu',
    mobileNo: '9876543210',
    rollNo: null,
    passwordHash: 'argon2:pw',
    role: 'staff',
    status: 'active',
  };

  it('creates a verified account with the role and status the admin chose', () => {
    expect(given(userDecider, []).when(command, admin)).toEqual([createdByAdmin('staff', 'active')]);
  });

  it('refuses an id already taken', () => {
    expect(rejectionAfter([createdByAdmin()], command)).toEqual({ kind: 'conflict', message: USER_MESSAGES.alreadyExists, errors: undefined });
  });
});

describe('ChangeUserDetails', () => {
  const edit = (changes: Partial<Extract<UserCommand, { type: 'ChangeUserDetails' }>> = {}): UserCommand => ({
    type: 'ChangeUserDetails',
    userId,
    fullName: 'Asha Rao',
    email: 'asha@university.edu',
    mobileNo: null,
    rollNo: 'CS21-042',
    ...changes,
  });

  it('records only the fields that changed, before and after', () => {
    expect(given(userDecider, student).when(edit({ fullName: 'Asha R. Rao', mobileNo: '9876543210' }), admin)).toEqual([
      { type: 'UserDetailsChanged', data: { userId, before: { fullName: 'Asha Rao', mobileNo: null }, after: { fullName: 'Asha R. Rao', mobileNo: '9876543210' } } },
    ]);
  });

  it('emits nothing when nothing changed, a differently cased e-mail included', () => {
    expect(given(userDecider, student).when(edit({ email: 'ASHA@university.edu', role: 'student', status: 'active' }), admin)).toEqual([]);
  });

  it('decides a new e-mail, role and status of the edit form at once', () => {
    expect(given(userDecider, student).when(edit({ email: 'asha.rao@university.edu', role: 'staff', status: 'inactive' }), admin)).toEqual([
      { type: 'UserDetailsChanged', data: { userId, before: { email: 'asha@university.edu' }, after: { email: 'asha.rao@university.edu' } } },
      { type: 'UserRoleChanged', data: { userId, from: 'student', to: 'staff' } },
      { type: 'UserStatusChanged', data: { userId, from: 'active', to: 'inactive' } },
    ]);
  });

  it('keeps the new details in the state', () => {
    const history = [...student, ...given(userDecider, student).when(edit({ fullName: 'Asha R. Rao', rollNo: 'CS21-043' }), admin)];
    expect(fold(userDecider, history)).toMatchObject({ fullName: 'Asha R. Rao', rollNo: 'CS21-043', email: 'asha@university.edu' });
  });

  it('refuses an admin changing their own role or status through the form', () => {
    const self = contextAs('admin', userId);
    expect(rejectionAfter([createdByAdmin('admin')], edit({ role: 'staff' }), self)).toMatchObject({ kind: 'forbidden', message: USER_MESSAGES.cannotChangeOwnRole });
    expect(rejectionAfter([createdByAdmin('admin')], edit({ status: 'inactive' }), self)).toMatchObject({ kind: 'forbidden', message: USER_MESSAGES.cannotChangeOwnStatus });
  });

  it('lets an admin edit their own name', () => {
    const self = contextAs('admin', userId);
    const [event] = given(userDecider, [createdByAdmin('admin')]).when(edit({ fullName: 'Ravi M.', email: 'ravi@university.edu', mobileNo: '9876543210', rollNo: null, role: 'admin' }), self);
    expect(event).toEqual({ type: 'UserDetailsChanged', data: { userId, before: { fullName: 'Ravi Menon' }, after: { fullName: 'Ravi M.' } } });
  });
});

describe('ChangeUserRole', () => {
  it('changes the role, recording from and to', () => {
    expect(given(userDecider, student).when({ type: 'ChangeUserRole', userId, role: 'admin' }, admin)).toEqual([
      { type: 'UserRoleChanged', data: { userId, from: 'student', to: 'admin' } },
    ]);
  });

  it('emits nothing for the current role', () => {
    expect(given(userDecider, student).when({ type: 'ChangeUserRole', userId, role: 'student' }, admin)).toEqual([]);
  });

  it('refuses an admin changing their own role', () => {
    expect(rejectionAfter([createdByAdmin('admin')], { type: 'ChangeUserRole', userId, role: 'student' }, contextAs('admin', userId))).toEqual({
      kind: 'forbidden',
      message: USER_MESSAGES.cannotChangeOwnRole,
      errors: undefined,
    });
  });
});

describe('ChangeUserStatus', () => {
  it('changes the status, recording from and to', () => {
    expect(given(userDecider, student).when({ type: 'ChangeUserStatus', userId, status: 'suspended' }, admin)).toEqual([
      { type: 'UserStatusChanged', data: { userId, from: 'active', to: 'suspended' } },
    ]);
  });

  it('emits nothing for the current status', () => {
    expect(given(userDecider, student).when({ type: 'ChangeUserStatus', userId, status: 'active' }, admin)).toEqual([]);
  });

  it('refuses an admin changing their own status', () => {
    expect(rejectionAfter([createdByAdmin('admin')], { type: 'ChangeUserStatus', userId, status: 'inactive' }, contextAs('admin', userId))).toEqual({
      kind: 'forbidden',
      message: USER_MESSAGES.cannotChangeOwnStatus,
      errors: undefined,
    });
  });
});

describe('DeleteUser', () => {
  it('deletes the account, naming its e-mail so that the claim can be released', () => {
    expect(given(userDecider, student).when({ type: 'DeleteUser', userId }, admin)).toEqual([deleted]);
  });

  it('refuses an admin deleting their own account', () => {
    expect(rejectionAfter([createdByAdmin('admin')], { type: 'DeleteUser', userId }, contextAs('admin', userId))).toEqual({
      kind: 'forbidden',
      message: USER_MESSAGES.cannotDeleteSelf,
      errors: undefined,
    });
  });
});

describe('UpdateStudentProfile', () => {
  const self = contextAs('student', userId);
  const form = {
    mobileNo: '9876543210',
    whatsappNo: '9876543210',
    mailId: '',
    fatherName: 'Ramesh Rao',
    fatherNumber: '9876543212',
    education: {
      tenth: { percentage: '91.2', passingYear: '2017' },
      twelfth: { percentage: 88, passingYear: '2019' },
      graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
    },
    school: 'SOET',
    existingBacklogs: 0,
    areaOfInterest: 'Data engineering',
    skills: [{ id: 's1', name: 'SQL' }],
    hasCertifications: true,
    certifications: [{ name: 'AWS Cloud Practitioner', imageKey: 'certifications/u1/aws.png' }],
    readyToRelocate: false,
    experience: [{ hasExperience: true, organizationName: 'Acme', duration: '6 months', details: 'Data pipelines' }],
  };
  const profile: StudentProfile = {
    mobileNo: '9876543210',
    whatsappNo: '9876543210',
    mailId: null,
    fatherName: 'Ramesh Rao',
    fatherNumber: '9876543212',
    education: {
      tenth: { percentage: 91.2, passingYear: '2017' },
      twelfth: { percentage: 88, passingYear: '2019' },
      graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
      masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
    },
    school: 'SOET',
    existingBacklogs: 0,
    areaOfInterest: 'Data engineering',
    skills: [{ id: 's1', name: 'SQL' }],
    hasCertifications: true,
    certifications: [{ name: 'AWS Cloud Practitioner', imageKey: 'certifications/u1/aws.png' }],
    readyToRelocate: false,
    experience: [{ hasExperience: true, organizationName: 'Acme', duration: '6 months', details: 'Data pipelines' }],
    resumeKey: 'resumes/u1/r1.pdf',
    profilePhotoKey: null,
  };
  const firstUpdate: UserEvent = { type: 'StudentProfileUpdated', data: { userId, profile, before: {}, after: profile } };
  const update = (changes: Partial<Extract<UserCommand, { type: 'UpdateStudentProfile' }>> = {}): UserCommand => ({
    type: 'UpdateStudentProfile',
    userId,
    profile: form,
    ...changes,
  });

  it('stores the first profile whole, every field new', () => {
    expect(given(userDecider, student).when(update({ resumeKey: 'resumes/u1/r1.pdf' }), self)).toEqual([firstUpdate]);
  });

  it('records only the fields that changed, and keeps the stored files when none are sent', () => {
    const changedForm = { ...form, skills: [...form.skills, { id: 's2', name: 'Python' }], readyToRelocate: 'true' };
    const after = { ...profile, skills: [...profile.skills, { id: 's2', name: 'Python' }], readyToRelocate: true };
    expect(given(userDecider, [...student, firstUpdate]).when(update({ profile: changedForm, profilePhotoKey: 'photos/u1/p1.jpg' }), self)).toEqual([
      {
        type: 'StudentProfileUpdated',
        data: {
          userId,
          profile: { ...after, profilePhotoKey: 'photos/u1/p1.jpg' },
          before: { skills: profile.skills, readyToRelocate: false, profilePhotoKey: null },
          after: { skills: after.skills, readyToRelocate: true, profilePhotoKey: 'photos/u1/p1.jpg' },
        },
      },
    ]);
  });

  it('emits nothing when the form is saved unchanged, even if the store returned the keys in another order', () => {
    const reordered = withKeysReversed(firstUpdate) as UserEvent;
    expect(given(userDecider, [...student, reordered]).when(update(), self)).toEqual([]);
  });

  it('refuses an invalid form with every field problem, the first as the message', () => {
    expect(rejectionAfter(student, update({ profile: { ...form, mobileNo: '123', skills: [] } }), self)).toEqual({
      kind: 'invalid',
      message: MESSAGES.mobileNoDigits,
      errors: [
        { field: 'mobileNo', message: MESSAGES.mobileNoDigits },
        { field: 'skills', message: MESSAGES.skillsRequired },
      ],
    });
  });

  it('refuses accounts that are not students', () => {
    expect(rejectionAfter([createdByAdmin('staff')], update(), self)).toEqual({ kind: 'forbidden', message: USER_MESSAGES.notAStudent, errors: undefined });
  });
});

describe('canLogIn', () => {
  const stateAfter = (history: UserEvent[]) => fold(userDecider, history);
  const refused = (status: 401 | 403, message: string) => ({ ok: false, status, message });

  it.each([
    ['an unknown account', [], refused(401, 'Invalid email or password')],
    ['a deleted account', [...student, deleted], refused(401, 'Invalid email or password')],
    ['an unverified account', [registered, tokenIssued()], refused(403, 'Please verify your email before logging in.')],
    ['a suspended account', [createdByAdmin('student', 'suspended')], refused(403, 'Your account is suspended. Contact the placement office.')],
    ['an inactive account', [...student, { type: 'UserStatusChanged', data: { userId, from: 'active', to: 'inactive' } } as UserEvent], refused(403, 'Your account is inactive. Contact the placement office.')],
    ['a verified active student', student, { ok: true }],
    ['an active account an admin created', [createdByAdmin('admin')], { ok: true }],
  ])('%s → %j', (_label, history: UserEvent[], expected) => {
    expect(canLogIn(stateAfter(history))).toEqual(expected);
  });
});

describe('USER_EVENT_VERSIONS', () => {
  it('versions every event type at 1', () => {
    expect(Object.values(USER_EVENT_VERSIONS)).toEqual(Array(18).fill(1));
  });
});

describe('RequestPasswordReset', () => {
  const request: UserCommand = { type: 'RequestPasswordReset', userId, tokenHash: 'reset-1' };
  const inHalfAnHour = new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS).toISOString();

  it('issues a reset link to the account\'s address that expires in 30 minutes', () => {
    expect(PASSWORD_RESET_TOKEN_TTL_MS).toBe(30 * 60 * 1000);
    expect(given(userDecider, student).when(request, visitor)).toEqual([
      { type: 'PasswordResetRequested', data: { userId, email: 'asha@university.edu', tokenHash: 'reset-1', expiresAt: inHalfAnHour } },
    ]);
  });

  it(`mails nothing more while ${MAX_PENDING_PASSWORD_RESETS} links are pending, and again once one expired`, () => {
    const pending = Array.from({ length: MAX_PENDING_PASSWORD_RESETS }, (_, index): UserEvent => ({
      type: 'PasswordResetRequested',
      data: { userId, email: 'asha@university.edu', tokenHash: `reset-${index}`, expiresAt: new Date(now.getTime() + (index + 1) * 60_000).toISOString() },
    }));
    expect(given(userDecider, [...student, ...pending]).when(request, visitor)).toEqual([]);
    expect(given(userDecider, [...student, ...pending]).when(request, { ...visitor, now: new Date(now.getTime() + 60_000) })).toHaveLength(1);
  });

  it('issues one for an unverified account too (the reset will prove the address)', () => {
    expect(given(userDecider, [registered, tokenIssued()]).when(request, visitor).map((event) => event.type)).toEqual(['PasswordResetRequested']);
  });
});

describe('ResetPassword', () => {
  const resetRequested = (tokenHash = 'reset-1', expiresAt = new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS).toISOString()): UserEvent => ({
    type: 'PasswordResetRequested',
    data: { userId, email: 'asha@university.edu', tokenHash, expiresAt },
  });
  const reset = (tokenHash = 'reset-1'): UserCommand => ({ type: 'ResetPassword', userId, tokenHash, passwordHash: 'argon2:new' });
  const passwordReset: UserEvent = { type: 'PasswordReset', data: { userId, passwordHash: 'argon2:new' } };
  const refused = (message: string) => ({ kind: 'invalid', message, errors: undefined });

  it('sets the new password with a pending link before it expires', () => {
    expect(given(userDecider, [...student, resetRequested()]).when(reset(), visitor)).toEqual([passwordReset]);
    expect(fold(userDecider, [...student, resetRequested(), passwordReset]).passwordHash).toBe('argon2:new');
  });

  it('verifies an unverified account, spending its verification links: the link proved the address', () => {
    const history = [registered, tokenIssued(), resetRequested()];
    const events = given(userDecider, history).when(reset(), visitor);
    expect(events).toEqual([passwordReset, { type: 'EmailVerified', data: { userId } }]);
    const state = fold(userDecider, [...history, ...events]);
    expect(state.verified).toBe(true);
    expect(state.verifications.every((token) => token.used)).toBe(true);
    expect(canLogIn(state)).toEqual({ ok: true });
  });

  it('works once: the link is spent, and so is every other pending link', () => {
    const history = [...student, resetRequested('reset-1'), resetRequested('reset-2'), passwordReset];
    expect(rejectionAfter(history, reset('reset-1'), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkUsed));
    expect(rejectionAfter(history, reset('reset-2'), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkUsed));
  });

  it('is spent by a password change too', () => {
    const history = [...student, resetRequested(), { type: 'PasswordChanged', data: { userId, passwordHash: 'argon2:other' } } as UserEvent];
    expect(rejectionAfter(history, reset(), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkUsed));
  });

  it('refuses an expired link from the instant it expires', () => {
    const expiresAt = new Date(now.getTime() + 1000).toISOString();
    const history = [...student, resetRequested('reset-1', expiresAt)];
    expect(given(userDecider, history).when(reset(), { ...visitor, now: new Date(now.getTime() + 999) })).toEqual([passwordReset]);
    expect(rejectionAfter(history, reset(), { ...visitor, now: new Date(expiresAt) })).toEqual(refused(USER_MESSAGES.passwordResetLinkExpired));
  });

  it('refuses a link that was never issued, and a verification link', () => {
    expect(rejectionAfter([...student, resetRequested()], reset('reset-other'), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkInvalid));
    expect(rejectionAfter([registered, tokenIssued('hash-1')], reset('hash-1'), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkInvalid));
  });

  it(`keeps only the newest ${MAX_PENDING_PASSWORD_RESETS} links`, () => {
    const requests = Array.from({ length: MAX_PENDING_PASSWORD_RESETS + 1 }, (_, index) => resetRequested(`reset-${index}`));
    expect(rejectionAfter([...student, ...requests], reset('reset-0'), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkInvalid));
    expect(given(userDecider, [...student, ...requests]).when(reset('reset-1'), visitor)).toEqual([passwordReset]);
  });

  it('tells an unknown or deleted account like a link that never existed', () => {
    expect(rejectionAfter([], reset(), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkInvalid));
    expect(rejectionAfter([...student, resetRequested(), deleted], reset(), visitor)).toEqual(refused(USER_MESSAGES.passwordResetLinkInvalid));
  });
});

describe('ChangePassword', () => {
  const change: UserCommand = { type: 'ChangePassword', userId, passwordHash: 'argon2:new' };

  it("records the owner's new password", () => {
    expect(given(userDecider, student).when(change, contextAs('student', userId))).toEqual([{ type: 'PasswordChanged', data: { userId, passwordHash: 'argon2:new' } }]);
  });

  it("refuses anyone else, an admin too", () => {
    expect(rejectionAfter(student, change, admin)).toEqual({ kind: 'forbidden', message: USER_MESSAGES.ownPasswordOnly, errors: undefined });
  });
});

describe('the session version', () => {
  const versionAfter = (history: UserEvent[]) => fold(userDecider, history).sessionVersion;
  const base = versionAfter(student);

  it.each<[string, UserEvent]>([
    ['a password change', { type: 'PasswordChanged', data: { userId, passwordHash: 'argon2:new' } }],
    ['a password reset', { type: 'PasswordReset', data: { userId, passwordHash: 'argon2:new' } }],
    ['a suspension', { type: 'UserStatusChanged', data: { userId, from: 'active', to: 'suspended' } }],
    ['a deactivation', { type: 'UserStatusChanged', data: { userId, from: 'active', to: 'inactive' } }],
    ['a role change', { type: 'UserRoleChanged', data: { userId, from: 'student', to: 'staff' } }],
    ['the deletion', deleted],
  ])('moves on with %s, ending every session issued before', (_label, event) => {
    expect(versionAfter([...student, event])).toBe(base + 1);
  });

  it.each<[string, UserEvent]>([
    ['a profile update', { type: 'StudentProfileUpdated', data: { userId, profile: {} as StudentProfile, before: {}, after: {} } }],
    ['an edit of the details', { type: 'UserDetailsChanged', data: { userId, before: { fullName: 'Asha Rao' }, after: { fullName: 'Asha R.' } } }],
    ['a reset request (anyone may ask)', { type: 'PasswordResetRequested', data: { userId, email: 'asha@university.edu', tokenHash: 'x', expiresAt: inOneDay } }],
    ['a new verification link', tokenIssued('hash-9')],
  ])('stays with %s', (_label, event) => {
    expect(versionAfter([...student, event])).toBe(base);
  });

  it('starts at 0', () => {
    expect(versionAfter([createdByAdmin()])).toBe(0);
  });
});
