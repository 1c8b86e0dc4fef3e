import type { Role, UserStatus } from '../constants';
import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { StudentProfileFields } from './profile';

/**
 * Events of the user stream (`user-<id>`). Who did it and when is the event's metadata (actor,
 * occurred-at), so it is not repeated here. Times inside data are ISO-8601 strings: events are JSON.
 */

/** Fields of the account an admin can edit; role and status have events of their own. */
export interface UserDetails {
  fullName: string;
  email: string;
  mobileNo: string | null;
  rollNo: string | null;
}

/** The stored profile: the form's fields plus the storage keys of its files (never the bytes). */
export interface StudentProfile extends StudentProfileFields {
  resumeKey: string | null;
  profilePhotoKey: string | null;
}

export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: string; fullName: string; email: string; rollNo: string; passwordHash: string; role: 'student'; status: 'active'; verified: false }
>;

/**
 * Issued at registration and on every resend. Earlier tokens keep working until one of them is used
 * or they expire, so a resend asked for by someone else never breaks the owner's pending link.
 */
export type VerificationTokenIssued = DomainEvent<'VerificationTokenIssued', { userId: string; email: string; tokenHash: string; expiresAt: string }>;

export type EmailVerified = DomainEvent<'EmailVerified', { userId: string }>;

/**
 * Someone tried to sign up with the address of this verified account. Sign-up answers as if the
 * account were new (so it tells nobody whether an address has an account) and the owner is told by
 * mail instead; `quietUntil` is when another attempt may mail the owner again.
 */
export type RegistrationAttempted = DomainEvent<'RegistrationAttempted', { userId: string; email: string; quietUntil: string }>;

/** Accounts an admin creates are verified: the admin vouches for the address. */
export type UserCreatedByAdmin = DomainEvent<
  'UserCreatedByAdmin',
  UserDetails & { userId: string; passwordHash: string; role: Role; status: UserStatus; verified: true }
>;

/** Only the fields that changed, before and after, for the audit view. */
export type UserDetailsChanged = DomainEvent<'UserDetailsChanged', FieldChanges<UserDetails> & { userId: string }>;

export type UserRoleChanged = DomainEvent<'UserRoleChanged', { userId: string; from: Role; to: Role }>;

export type UserStatusChanged = DomainEvent<'UserStatusChanged', { userId: string; from: UserStatus; to: UserStatus }>;

/**
 * Carries the e-mail so that its claim can be released without reading the stream back, and the
 * account's role, status and verification at deletion so that read models lower the right counts.
 */
export type UserDeleted = DomainEvent<'UserDeleted', { userId: string; email: string; role: Role; status: UserStatus; verified: boolean }>;

/**
 * The whole profile after the update, and the fields that changed before and after (for the audit
 * view); the first update has nothing before.
 */
export type StudentProfileUpdated = DomainEvent<'StudentProfileUpdated', FieldChanges<StudentProfile> & { userId: string; profile: StudentProfile }>;

/**
 * Someone asked for a password reset of this account ('Forgot password?'). Like a verification
 * link, the event holds only the token's hash and its expiry; the notifier rebuilds the token from
 * the user id, the expiry and the shared secret to mail the link.
 */
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { userId: string; email: string; tokenHash: string; expiresAt: string }>;

/**
 * The password set through a reset link. It spends every pending reset link and ends every session
 * of the account; an unverified account is verified by the same command (`EmailVerified`), since
 * the link proved the address.
 */
export type PasswordReset = DomainEvent<'PasswordReset', { userId: string; passwordHash: string }>;

/** The signed-in owner changed the password (the current one checked): every earlier session ends. */
export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: string; passwordHash: string }>;

/**
 * Second factor (time-based one-time passwords, RFC 6238) of an admin or staff account. The secret
 * is stored encrypted (AES-256-GCM under a key derived from the server's secret: docs/decisions.md),
 * so the event store alone does not reveal it; recovery codes are stored only as SHA-256 hashes.
 * Enrolment starts with a new secret (a restart replaces a pending one) and ends when the owner
 * confirms a current code, which is the first time step used.
 */
export type SecondFactorEnrolmentStarted = DomainEvent<'SecondFactorEnrolmentStarted', { userId: string; encryptedSecret: string }>;

/** The owner confirmed a code of the pending secret: from now on login asks for a code. */
export type SecondFactorEnrolled = DomainEvent<'SecondFactorEnrolled', { userId: string; step: number; recoveryCodeHashes: string[] }>;

/** A sign-in with a code of this time step: no code of this step or an earlier one is accepted again. */
export type SecondFactorCodeUsed = DomainEvent<'SecondFactorCodeUsed', { userId: string; step: number }>;

/** A sign-in with one of the recovery codes, which is spent; `remaining` unused codes are left. */
export type RecoveryCodeUsed = DomainEvent<'RecoveryCodeUsed', { userId: string; codeHash: string; remaining: number }>;

/** An admin removed the account's second factor (a lost phone): its sessions end, and it may enrol again. */
export type SecondFactorReset = DomainEvent<'SecondFactorReset', { userId: string }>;

export type UserEvent =
  | UserRegistered
  | VerificationTokenIssued
  | EmailVerified
  | RegistrationAttempted
  | UserCreatedByAdmin
  | UserDetailsChanged
  | UserRoleChanged
  | UserStatusChanged
  | UserDeleted
  | StudentProfileUpdated
  | PasswordResetRequested
  | PasswordReset
  | PasswordChanged
  | SecondFactorEnrolmentStarted
  | SecondFactorEnrolled
  | SecondFactorCodeUsed
  | RecoveryCodeUsed
  | SecondFactorReset;

export type UserEventType = UserEvent['type'];

/** Current schema version of each event type; bump it (and add an upcaster) when a payload changes shape. */
export const USER_EVENT_VERSIONS = {
  UserRegistered: 1,
  VerificationTokenIssued: 1,
  EmailVerified: 1,
  RegistrationAttempted: 1,
  UserCreatedByAdmin: 1,
  UserDetailsChanged: 1,
  UserRoleChanged: 1,
  UserStatusChanged: 1,
  UserDeleted: 1,
  StudentProfileUpdated: 1,
  PasswordResetRequested: 1,
  PasswordReset: 1,
  PasswordChanged: 1,
  SecondFactorEnrolmentStarted: 1,
  SecondFactorEnrolled: 1,
  SecondFactorCodeUsed: 1,
  RecoveryCodeUsed: 1,
  SecondFactorReset: 1,
} as const satisfies Record<UserEventType, number>;

export const userStreamId = (userId: string): string => `user-${userId}`;
