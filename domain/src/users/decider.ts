import type { Role, UserStatus } from '../constants';
import type { CommandContext, Decider } from '../decider';
import { reject } from '../decider';
import { applyChanges, changedFields, parseOrReject, type FieldChanges } from '../schemas-shared';
import { studentProfileSchema, type StudentProfileInput } from './profile';
import { normalizeEmail } from './email-claim';
import type { StudentProfile, UserDetails, UserEvent } from './events';
import { USER_MESSAGES } from './messages';

/** How long a verification link works after it was issued. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Links that stay usable at once: the newest ones (each resend adds one; the rate limit bounds resends). */
export const MAX_PENDING_VERIFICATION_LINKS = 5;

/** After a sign-up attempt on a verified account mails its owner, further attempts stay quiet this long. */
export const REGISTRATION_NOTICE_QUIET_MS = 60 * 60 * 1000;

/** How long a password reset link works after it was asked for. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Reset links that stay usable at once: the newest ones (each request adds one; the rate limit bounds requests). */
export const MAX_PENDING_PASSWORD_RESETS = 5;

/** Recovery codes given at enrolment, each good for one sign-in without the authenticator. */
export const RECOVERY_CODE_COUNT = 10;

// ---------------------------------------------------------------- commands

/** Self sign-up. The password and the verification token arrive hashed: the domain never sees secrets. */
export interface RegisterUser {
  type: 'RegisterUser';
  userId: string;
  fullName: string;
  email: string;
  rollNo: string;
  passwordHash: string;
  verificationTokenHash: string;
}

export interface ResendVerification {
  type: 'ResendVerification';
  userId: string;
  verificationTokenHash: string;
}

export interface VerifyEmail {
  type: 'VerifyEmail';
  userId: string;
  tokenHash: string;
}

/**
 * A sign-up with the address of this account. An unverified account gets a new link (its owner may
 * have lost the first; earlier links keep working); a verified one has its owner told, at most once
 * per quiet period.
 */
export interface NoteRegistrationAttempt {
  type: 'NoteRegistrationAttempt';
  userId: string;
  /** For an unverified account: the hash of the new link's token. */
  verificationTokenHash: string;
}

export interface CreateUserByAdmin extends UserDetails {
  type: 'CreateUserByAdmin';
  userId: string;
  passwordHash: string;
  role: Role;
  status: UserStatus;
}

/** The admin's edit form: the details, and role and status when the form sends them, decided at once. */
export interface ChangeUserDetails extends UserDetails {
  type: 'ChangeUserDetails';
  userId: string;
  role?: Role;
  status?: UserStatus;
}

export interface ChangeUserRole {
  type: 'ChangeUserRole';
  userId: string;
  role: Role;
}

export interface ChangeUserStatus {
  type: 'ChangeUserStatus';
  userId: string;
  status: UserStatus;
}

export interface DeleteUser {
  type: 'DeleteUser';
  userId: string;
}

/**
 * The profile form as submitted (validated here with the profile schema). A file key that is absent
 * keeps the stored file; certification image keys travel inside `profile.certifications`.
 */
export interface UpdateStudentProfile {
  type: 'UpdateStudentProfile';
  userId: string;
  profile: StudentProfileInput;
  resumeKey?: string;
  profilePhotoKey?: string;
}

/** 'Forgot password?': a reset link for the account. The token arrives hashed. */
export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  userId: string;
  tokenHash: string;
}

/** The new password set through a reset link (hashed at the edge), with the hash of the link's token. */
export interface ResetPassword {
  type: 'ResetPassword';
  userId: string;
  tokenHash: string;
  passwordHash: string;
}

/** The signed-in owner's new password; the edge has checked the current one (hashing is I/O, not the domain's). */
export interface ChangePassword {
  type: 'ChangePassword';
  userId: string;
  passwordHash: string;
}

/**
 * The owner (admin or staff) starts setting up a second factor. The edge makes the secret and
 * encrypts it; the domain never sees it in the clear.
 */
export interface StartSecondFactorEnrolment {
  type: 'StartSecondFactorEnrolment';
  userId: string;
  encryptedSecret: string;
}

/**
 * The owner typed a current code of the pending secret. The edge checked the code and passes the
 * time step it matched; the recovery codes arrive hashed.
 */
export interface ConfirmSecondFactor {
  type: 'ConfirmSecondFactor';
  userId: string;
  step: number;
  recoveryCodeHashes: string[];
}

/** A sign-in with a code the edge found valid for `step`; the domain refuses a step already used. */
export interface UseSecondFactorCode {
  type: 'UseSecondFactorCode';
  userId: string;
  step: number;
}

/** A sign-in with a recovery code (hashed at the edge). */
export interface UseRecoveryCode {
  type: 'UseRecoveryCode';
  userId: string;
  codeHash: string;
}

/** An admin removes another account's second factor. */
export interface ResetSecondFactor {
  type: 'ResetSecondFactor';
  userId: string;
}

export type UserCommand =
  | RegisterUser
  | ResendVerification
  | VerifyEmail
  | NoteRegistrationAttempt
  | CreateUserByAdmin
  | ChangeUserDetails
  | ChangeUserRole
  | ChangeUserStatus
  | DeleteUser
  | UpdateStudentProfile
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | StartSecondFactorEnrolment
  | ConfirmSecondFactor
  | UseSecondFactorCode
  | UseRecoveryCode
  | ResetSecondFactor;

// ---------------------------------------------------------------- state

export interface VerificationToken {
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

export interface RecoveryCode {
  hash: string;
  used: boolean;
}

/** The account's second factor: none, a secret waiting for its first code, or in use. */
export interface SecondFactorState {
  status: 'none' | 'pending' | 'enrolled';
  /** The TOTP secret, encrypted by the edge (pending or enrolled). */
  encryptedSecret: string | null;
  /** The newest time step whose code was accepted: a code of it or an earlier one is refused. */
  lastUsedStep: number | null;
  recoveryCodes: RecoveryCode[];
}

export const noSecondFactor: SecondFactorState = { status: 'none', encryptedSecret: null, lastUsedStep: null, recoveryCodes: [] };

export interface UserState extends UserDetails {
  exists: boolean;
  deleted: boolean;
  userId: string | null;
  role: Role;
  status: UserStatus;
  verified: boolean;
  /** Kept so that login can check the password against the stream, not a read model that may lag. */
  passwordHash: string | null;
  /** The newest tokens issued (at most MAX_PENDING_VERIFICATION_LINKS), oldest first; any unexpired, unused one verifies. */
  verifications: VerificationToken[];
  /** Until when a sign-up attempt on this account mails nobody (ISO), after the last one did. */
  registrationNoticeQuietUntil: string | null;
  profile: StudentProfile | null;
  /** The newest reset links (at most MAX_PENDING_PASSWORD_RESETS), oldest first; any unexpired, unused one resets. */
  passwordResets: VerificationToken[];
  /**
   * Sessions (tokens) carry the version they were issued under and count only while it is current.
   * Every event that must end the account's sessions moves it on: a password change or reset, a
   * status change (suspension, deactivation), a role change, the deletion.
   */
  sessionVersion: number;
  secondFactor: SecondFactorState;
}

export const initialUserState: UserState = {
  exists: false,
  deleted: false,
  userId: null,
  fullName: '',
  email: '',
  mobileNo: null,
  rollNo: null,
  role: 'student',
  status: 'active',
  verified: false,
  passwordHash: null,
  verifications: [],
  registrationNoticeQuietUntil: null,
  profile: null,
  passwordResets: [],
  sessionVersion: 0,
  secondFactor: noSecondFactor,
};

const detailsOf = (state: UserState): UserDetails => ({
  fullName: state.fullName,
  email: state.email,
  mobileNo: state.mobileNo,
  rollNo: state.rollNo,
});

const isLive = (state: UserState): boolean => state.exists && !state.deleted;

const requireLive = (state: UserState, message: string = USER_MESSAGES.notFound): void => {
  if (!isLive(state)) reject('not_found', message);
};

const requireNew = (state: UserState): void => {
  if (state.exists) reject('conflict', USER_MESSAGES.alreadyExists);
};

const isSelf = (userId: string, context: CommandContext): boolean => context.actor.id === userId;

const expiryFrom = (now: Date, ttlMs: number = VERIFICATION_TOKEN_TTL_MS): string => new Date(now.getTime() + ttlMs).toISOString();

/** The issued token with this hash, if it is still good: an unknown, spent or expired one is refused with its own message. */
function usableToken(
  issued: readonly VerificationToken[],
  tokenHash: string,
  now: Date,
  messages: { invalid: string; used: string; expired: string },
): VerificationToken {
  const token = issued.find((candidate) => candidate.tokenHash === tokenHash);
  if (token === undefined) return reject('invalid', messages.invalid);
  if (token.used) return reject('invalid', messages.used);
  if (now.getTime() >= Date.parse(token.expiresAt)) return reject('invalid', messages.expired);
  return token;
}

const RESET_LINK_MESSAGES = {
  invalid: USER_MESSAGES.passwordResetLinkInvalid,
  used: USER_MESSAGES.passwordResetLinkUsed,
  expired: USER_MESSAGES.passwordResetLinkExpired,
};

// ---------------------------------------------------------------- decisions

function register(command: RegisterUser, state: UserState, context: CommandContext): UserEvent[] {
  requireNew(state);
  const email = normalizeEmail(command.email);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        fullName: command.fullName,
        email,
        rollNo: command.rollNo,
        passwordHash: command.passwordHash,
        role: 'student',
        status: 'active',
        verified: false,
      },
    },
    {
      type: 'VerificationTokenIssued',
      data: { userId: command.userId, email, tokenHash: command.verificationTokenHash, expiresAt: expiryFrom(context.now) },
    },
  ];
}

const tokenIssued = (userId: string, state: UserState, tokenHash: string, context: CommandContext): UserEvent => ({
  type: 'VerificationTokenIssued',
  data: { userId, email: state.email, tokenHash, expiresAt: expiryFrom(context.now) },
});

function resendVerification(command: ResendVerification, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state, USER_MESSAGES.noAccountForEmail);
  if (state.verified) reject('conflict', USER_MESSAGES.alreadyVerified);
  return [tokenIssued(command.userId, state, command.verificationTokenHash, context)];
}

function noteRegistrationAttempt(command: NoteRegistrationAttempt, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (!state.verified) return [tokenIssued(command.userId, state, command.verificationTokenHash, context)];
  const quietUntil = state.registrationNoticeQuietUntil;
  if (quietUntil !== null && context.now.getTime() < Date.parse(quietUntil)) return [];
  return [
    {
      type: 'RegistrationAttempted',
      data: { userId: command.userId, email: state.email, quietUntil: new Date(context.now.getTime() + REGISTRATION_NOTICE_QUIET_MS).toISOString() },
    },
  ];
}

function verifyEmail(command: VerifyEmail, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  usableToken(state.verifications, command.tokenHash, context.now, {
    invalid: USER_MESSAGES.invalidVerificationLink,
    used: USER_MESSAGES.verificationLinkUsed,
    expired: USER_MESSAGES.verificationLinkExpired,
  });
  return [{ type: 'EmailVerified', data: { userId: command.userId } }];
}

const isPending = (token: VerificationToken, now: Date): boolean => !token.used && now.getTime() < Date.parse(token.expiresAt);

/**
 * Anyone may ask for a reset of any address, so the owner's mailbox is protected here: while
 * MAX_PENDING_PASSWORD_RESETS links are pending, a further request mails nothing (the owner already
 * holds that many working links, so nobody can keep them from resetting either).
 */
function requestPasswordReset(command: RequestPasswordReset, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (state.passwordResets.filter((token) => isPending(token, context.now)).length >= MAX_PENDING_PASSWORD_RESETS) return [];
  return [
    {
      type: 'PasswordResetRequested',
      data: { userId: command.userId, email: state.email, tokenHash: command.tokenHash, expiresAt: expiryFrom(context.now, PASSWORD_RESET_TOKEN_TTL_MS) },
    },
  ];
}

/**
 * A reset link proves that its opener reads the account's mail, so an unverified account is verified
 * too. That also settles an address someone else signed up with first: its owner takes the account over.
 */
function resetPassword(command: ResetPassword, state: UserState, context: CommandContext): UserEvent[] {
  // An account that is gone is told like a link that never existed: the link is all the caller has.
  if (!isLive(state)) reject('invalid', USER_MESSAGES.passwordResetLinkInvalid);
  usableToken(state.passwordResets, command.tokenHash, context.now, RESET_LINK_MESSAGES);
  return [
    { type: 'PasswordReset', data: { userId: command.userId, passwordHash: command.passwordHash } },
    ...(state.verified ? [] : [{ type: 'EmailVerified' as const, data: { userId: command.userId } }]),
  ];
}

function changePassword(command: ChangePassword, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (!isSelf(command.userId, context)) reject('forbidden', USER_MESSAGES.ownPasswordOnly);
  return [{ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } }];
}

/** Only admin and staff accounts have a second factor; a student's sign-in stays a password. */
export const mayHaveSecondFactor = (state: Pick<UserState, 'role'>): boolean => state.role === 'admin' || state.role === 'staff';

function startSecondFactorEnrolment(command: StartSecondFactorEnrolment, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (!isSelf(command.userId, context)) reject('forbidden', USER_MESSAGES.secondFactorOwnOnly);
  if (!mayHaveSecondFactor(state)) reject('forbidden', USER_MESSAGES.secondFactorStaffOnly);
  if (state.secondFactor.status === 'enrolled') reject('conflict', USER_MESSAGES.secondFactorAlreadyEnrolled);
  return [{ type: 'SecondFactorEnrolmentStarted', data: { userId: command.userId, encryptedSecret: command.encryptedSecret } }];
}

const requireFreshStep = (state: UserState, step: number): void => {
  const last = state.secondFactor.lastUsedStep;
  if (last !== null && step <= last) reject('invalid', USER_MESSAGES.secondFactorCodeUsed);
};

function confirmSecondFactor(command: ConfirmSecondFactor, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (!isSelf(command.userId, context)) reject('forbidden', USER_MESSAGES.secondFactorOwnOnly);
  if (state.secondFactor.status === 'enrolled') reject('conflict', USER_MESSAGES.secondFactorAlreadyEnrolled);
  if (state.secondFactor.status !== 'pending') reject('conflict', USER_MESSAGES.secondFactorNotStarted);
  requireFreshStep(state, command.step);
  if (command.recoveryCodeHashes.length !== RECOVERY_CODE_COUNT || new Set(command.recoveryCodeHashes).size !== RECOVERY_CODE_COUNT) {
    reject('invalid', `Exactly ${RECOVERY_CODE_COUNT} different recovery codes are needed.`);
  }
  return [{ type: 'SecondFactorEnrolled', data: { userId: command.userId, step: command.step, recoveryCodeHashes: command.recoveryCodeHashes } }];
}

/** Codes are checked at sign-in, before there is a session: the caller is whoever holds the challenge. */
function useSecondFactorCode(command: UseSecondFactorCode, state: UserState): UserEvent[] {
  requireLive(state);
  if (state.secondFactor.status !== 'enrolled') reject('invalid', USER_MESSAGES.invalidSecondFactorCode);
  requireFreshStep(state, command.step);
  return [{ type: 'SecondFactorCodeUsed', data: { userId: command.userId, step: command.step } }];
}

function useRecoveryCode(command: UseRecoveryCode, state: UserState): UserEvent[] {
  requireLive(state);
  const codes = state.secondFactor.recoveryCodes;
  const code = state.secondFactor.status === 'enrolled' ? codes.find((candidate) => candidate.hash === command.codeHash && !candidate.used) : undefined;
  if (code === undefined) return reject('invalid', USER_MESSAGES.invalidRecoveryCode);
  const remaining = codes.filter((candidate) => !candidate.used).length - 1;
  return [{ type: 'RecoveryCodeUsed', data: { userId: command.userId, codeHash: command.codeHash, remaining } }];
}

function resetSecondFactor(command: ResetSecondFactor, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (isSelf(command.userId, context)) reject('forbidden', USER_MESSAGES.secondFactorCannotResetOwn);
  if (state.secondFactor.status === 'none') reject('conflict', USER_MESSAGES.secondFactorNotEnrolled);
  return [{ type: 'SecondFactorReset', data: { userId: command.userId } }];
}

function createByAdmin(command: CreateUserByAdmin, state: UserState): UserEvent[] {
  requireNew(state);
  return [
    {
      type: 'UserCreatedByAdmin',
      data: {
        userId: command.userId,
        fullName: command.fullName,
        email: normalizeEmail(command.email),
        mobileNo: command.mobileNo,
        rollNo: command.rollNo,
        passwordHash: command.passwordHash,
        role: command.role,
        status: command.status,
        verified: true,
      },
    },
  ];
}

/** Admins may not demote, suspend or delete themselves: one slip could lock out the last admin. */
function roleChange(userId: string, role: Role, state: UserState, context: CommandContext): UserEvent[] {
  if (role === state.role) return [];
  if (isSelf(userId, context)) reject('forbidden', USER_MESSAGES.cannotChangeOwnRole);
  return [{ type: 'UserRoleChanged', data: { userId, from: state.role, to: role } }];
}

function statusChange(userId: string, status: UserStatus, state: UserState, context: CommandContext): UserEvent[] {
  if (status === state.status) return [];
  if (isSelf(userId, context)) reject('forbidden', USER_MESSAGES.cannotChangeOwnStatus);
  return [{ type: 'UserStatusChanged', data: { userId, from: state.status, to: status } }];
}

/** Fails to compile when a field is added to `Fields` but not to the list that diffs them. */
type ListsEvery<Fields, Listed extends readonly (keyof Fields)[]> = Exclude<keyof Fields, Listed[number]> extends never ? true : never;

const USER_DETAIL_FIELDS = ['fullName', 'email', 'mobileNo', 'rollNo'] as const satisfies readonly (keyof UserDetails)[];
const _everyDetailIsCompared: ListsEvery<UserDetails, typeof USER_DETAIL_FIELDS> = true;

function changeDetails(command: ChangeUserDetails, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  const requested: UserDetails = {
    fullName: command.fullName,
    email: normalizeEmail(command.email),
    mobileNo: command.mobileNo,
    rollNo: command.rollNo,
  };
  const changes = changedFields(detailsOf(state), requested, USER_DETAIL_FIELDS);
  return [
    ...(changes === null ? [] : [{ type: 'UserDetailsChanged' as const, data: { userId: command.userId, ...changes } }]),
    ...(command.role === undefined ? [] : roleChange(command.userId, command.role, state, context)),
    ...(command.status === undefined ? [] : statusChange(command.userId, command.status, state, context)),
  ];
}

function changeRole(command: ChangeUserRole, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  return roleChange(command.userId, command.role, state, context);
}

function changeStatus(command: ChangeUserStatus, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  return statusChange(command.userId, command.status, state, context);
}

function deleteUser(command: DeleteUser, state: UserState, context: CommandContext): UserEvent[] {
  requireLive(state);
  if (isSelf(command.userId, context)) reject('forbidden', USER_MESSAGES.cannotDeleteSelf);
  return [{ type: 'UserDeleted', data: { userId: command.userId, email: state.email, role: state.role, status: state.status, verified: state.verified } }];
}

const PROFILE_FIELDS = [
  'mobileNo',
  'whatsappNo',
  'mailId',
  'fatherName',
  'fatherNumber',
  'education',
  'school',
  'existingBacklogs',
  'areaOfInterest',
  'skills',
  'hasCertifications',
  'certifications',
  'readyToRelocate',
  'experience',
  'resumeKey',
  'profilePhotoKey',
] as const satisfies readonly (keyof StudentProfile)[];
const _everyProfileFieldIsCompared: ListsEvery<StudentProfile, typeof PROFILE_FIELDS> = true;

/** The first profile has nothing before it: every field is new. */
const profileChanges = (before: StudentProfile | null, after: StudentProfile): FieldChanges<StudentProfile> | null =>
  before === null ? { before: {}, after } : changedFields(before, after, PROFILE_FIELDS);

function updateProfile(command: UpdateStudentProfile, state: UserState): UserEvent[] {
  requireLive(state);
  if (state.role !== 'student') reject('forbidden', USER_MESSAGES.notAStudent);
  const fields = parseOrReject(studentProfileSchema, command.profile);
  const profile: StudentProfile = {
    ...fields,
    resumeKey: command.resumeKey ?? state.profile?.resumeKey ?? null,
    profilePhotoKey: command.profilePhotoKey ?? state.profile?.profilePhotoKey ?? null,
  };
  const changes = profileChanges(state.profile, profile);
  if (changes === null) return [];
  return [{ type: 'StudentProfileUpdated', data: { userId: command.userId, profile, ...changes } }];
}

function decide(command: UserCommand, state: UserState, context: CommandContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state, context);
    case 'ResendVerification':
      return resendVerification(command, state, context);
    case 'VerifyEmail':
      return verifyEmail(command, state, context);
    case 'NoteRegistrationAttempt':
      return noteRegistrationAttempt(command, state, context);
    case 'CreateUserByAdmin':
      return createByAdmin(command, state);
    case 'ChangeUserDetails':
      return changeDetails(command, state, context);
    case 'ChangeUserRole':
      return changeRole(command, state, context);
    case 'ChangeUserStatus':
      return changeStatus(command, state, context);
    case 'DeleteUser':
      return deleteUser(command, state, context);
    case 'UpdateStudentProfile':
      return updateProfile(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state, context);
    case 'ResetPassword':
      return resetPassword(command, state, context);
    case 'ChangePassword':
      return changePassword(command, state, context);
    case 'StartSecondFactorEnrolment':
      return startSecondFactorEnrolment(command, state, context);
    case 'ConfirmSecondFactor':
      return confirmSecondFactor(command, state, context);
    case 'UseSecondFactorCode':
      return useSecondFactorCode(command, state);
    case 'UseRecoveryCode':
      return useRecoveryCode(command, state);
    case 'ResetSecondFactor':
      return resetSecondFactor(command, state, context);
  }
}

/** Ends every session issued before: tokens carry the version they were issued under. */
const endSessions = (state: UserState): UserState => ({ ...state, sessionVersion: state.sessionVersion + 1 });

/** A new password spends every pending reset link (one may have been asked for by someone else). */
const withNewPassword = (state: UserState, passwordHash: string): UserState =>
  endSessions({ ...state, passwordHash, passwordResets: state.passwordResets.map((token) => ({ ...token, used: true })) });

// ---------------------------------------------------------------- evolution

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, fullName, email, rollNo, passwordHash, role, status, verified } = event.data;
      return { ...state, exists: true, userId, fullName, email, mobileNo: null, rollNo, passwordHash, role, status, verified };
    }
    case 'UserCreatedByAdmin': {
      const { userId, fullName, email, mobileNo, rollNo, passwordHash, role, status, verified } = event.data;
      return { ...state, exists: true, userId, fullName, email, mobileNo, rollNo, passwordHash, role, status, verified };
    }
    case 'VerificationTokenIssued': {
      const issued = { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false };
      return { ...state, verifications: [...state.verifications, issued].slice(-MAX_PENDING_VERIFICATION_LINKS) };
    }
    case 'EmailVerified':
      // Verifying uses up every link: the address is proven, and the others say so when opened.
      return { ...state, verified: true, verifications: state.verifications.map((token) => ({ ...token, used: true })) };
    case 'RegistrationAttempted':
      return { ...state, registrationNoticeQuietUntil: event.data.quietUntil };
    case 'UserDetailsChanged': {
      const { fullName, email, mobileNo, rollNo } = applyChanges(detailsOf(state), event.data);
      return { ...state, fullName, email, mobileNo, rollNo };
    }
    case 'UserRoleChanged':
      return endSessions({ ...state, role: event.data.to });
    case 'UserStatusChanged':
      return endSessions({ ...state, status: event.data.to });
    case 'UserDeleted':
      return endSessions({ ...state, deleted: true });
    case 'StudentProfileUpdated':
      return { ...state, profile: event.data.profile };
    case 'PasswordResetRequested': {
      const issued = { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false };
      return { ...state, passwordResets: [...state.passwordResets, issued].slice(-MAX_PENDING_PASSWORD_RESETS) };
    }
    case 'PasswordReset':
    case 'PasswordChanged':
      return withNewPassword(state, event.data.passwordHash);
    case 'SecondFactorEnrolmentStarted':
      return { ...state, secondFactor: { ...state.secondFactor, status: 'pending', encryptedSecret: event.data.encryptedSecret, recoveryCodes: [] } };
    case 'SecondFactorEnrolled':
      return {
        ...state,
        secondFactor: {
          ...state.secondFactor,
          status: 'enrolled',
          lastUsedStep: event.data.step,
          recoveryCodes: event.data.recoveryCodeHashes.map((hash) => ({ hash, used: false })),
        },
      };
    case 'SecondFactorCodeUsed':
      return { ...state, secondFactor: { ...state.secondFactor, lastUsedStep: event.data.step } };
    case 'RecoveryCodeUsed':
      return {
        ...state,
        secondFactor: {
          ...state.secondFactor,
          recoveryCodes: state.secondFactor.recoveryCodes.map((code) => (code.hash === event.data.codeHash ? { ...code, used: true } : code)),
        },
      };
    case 'SecondFactorReset':
      // The last used step stays: a code seen before the reset is no good after it either.
      return endSessions({ ...state, secondFactor: { ...noSecondFactor, lastUsedStep: state.secondFactor.lastUsedStep } });
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide,
  evolve,
};

// ---------------------------------------------------------------- login

export type LoginCheck = { ok: true } | { ok: false; status: 401 | 403; message: string };

/**
 * Whether an account may log in. Call it only after the password matched: otherwise the answer
 * would tell a stranger that an address has an account and in which state.
 */
export function canLogIn(state: UserState): LoginCheck {
  if (!isLive(state)) return { ok: false, status: 401, message: USER_MESSAGES.invalidCredentials };
  if (!state.verified) return { ok: false, status: 403, message: USER_MESSAGES.notVerified };
  if (state.status === 'suspended') return { ok: false, status: 403, message: USER_MESSAGES.suspended };
  if (state.status === 'inactive') return { ok: false, status: 403, message: USER_MESSAGES.inactive };
  return { ok: true };
}
