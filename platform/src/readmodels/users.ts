import type { ComparableProfile, Role, StudentProfile, UserStatus } from '@placement/domain';

/** The users projection's collections. */
export const USER_COLLECTIONS = { users: 'users', stats: 'user_stats', recipients: 'user_recipients' } as const;

/**
 * The top-level lower-cased copies the user table's search matches (`search…`: the local server
 * answers a `$regex` on such a field from a trigram index), one per searched field so that an edit
 * (which carries only what changed) sets exactly the copies of what it changed. A missing roll no is ''.
 */
export interface UserSearchFields {
  searchFullName: string;
  searchEmail: string;
  searchRollNo: string;
}
export const USER_SEARCH_FIELDS = ['searchFullName', 'searchEmail', 'searchRollNo'] as const satisfies readonly (keyof UserSearchFields)[];

/** Bounded copies (sortKeyOf) of the fields the user screens sort by: what the indexes hold. */
export interface UserSortKeys {
  fullName: string;
  email: string;
  rollNo: string;
}

/** One account with its full student profile, as every user screen reads it. Never holds the password hash. */
export interface UserDocument extends UserSearchFields {
  _id: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** False until the e-mail is verified (self sign-up); accounts an admin creates are verified. */
  verified: boolean;
  rollNo: string | null;
  /** The latest mobile number given, by an admin on the account or by the student in the profile. */
  mobileNo: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
  /** The student profile with the storage keys of its files; null until the first save. */
  profile: StudentProfile | null;
  /** The profile as jobs' eligibility rules compare it (for counting eligible students); absent until a profile is saved. */
  eligibility?: ComparableProfile;
  sort: UserSortKeys;
}

/** Fields of a user document that no reply shows. */
export const USER_INTERNAL_FIELDS = ['sort', '_v', 'eligibility', ...USER_SEARCH_FIELDS] as const;

/**
 * One account as the bulk e-mail's recipient list reads it (`user_recipients`, written by the users
 * projection beside the user document): only the reply's fields, what the list filters on and its
 * sort key, so the unpaged list of every recipient reads small documents (the local FerretDB's cost
 * per document read grows with the document; the user document carries the whole profile).
 * `verified` is 1 or 0, not a boolean: the local server answers equality on strings and numbers in
 * PostgreSQL, with the sort from the index, but a boolean filter sorts every match in Go.
 */
export interface RecipientDocument {
  _id: string;
  fullName: string;
  email: string;
  role: Role;
  /** The student profile's school; null without a profile. */
  school: StudentProfile['school'] | null;
  rollNo: string | null;
  /**
   * The account's status, or RECIPIENT_DELETED once it is deleted: the document stays as a tombstone
   * (its other fields emptied) so that a reader following the collection by `_v` sees the deletion.
   */
  status: UserStatus | typeof RECIPIENT_DELETED;
  verified: 0 | 1;
  /** sortKeyOf(fullName): the list's order, bounded so an index can hold it. */
  sortName: string;
}

/** The status of a deleted account's recipient document (a tombstone: the recipient list's filter leaves it out). */
export const RECIPIENT_DELETED = 'deleted';

/** The fields of a recipient document a reply shows. */
export const RECIPIENT_REPLY_FIELDS = ['fullName', 'email', 'role', 'school', 'rollNo'] as const satisfies readonly (keyof RecipientDocument)[];

/**
 * The one counter document of the user statistics. `unverified` counts accounts whose e-mail is not
 * verified yet: the dashboard's "Pending Approvals".
 */
export interface UserStatsDocument extends Record<Role | UserStatus, number> {
  _id: typeof USER_STATS_ID;
  total: number;
  unverified: number;
}
export const USER_STATS_ID = 'users';
