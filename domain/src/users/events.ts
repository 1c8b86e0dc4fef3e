import type { Role, UserStatus } from '../constants';
import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { StudentProfileFields } from '../validation/profile';

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
  | PasswordChanged;

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
} as const satisfies Record<UserEventType, number>;

export const userStreamId = (userId: string): string => `user-${userId}`;
