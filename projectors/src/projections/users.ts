import type { Role, UserDetails, UserEvent, UserStatus } from '@placement/domain';
import { RECIPIENT_DELETED, sortKeyOf, studentEligibilityOf, USER_COLLECTIONS, USER_STATS_ID, type RecipientDocument, type RecordedEvent, type UserDocument, type UserSearchFields, type UserSortKeys, type UserStatsDocument } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';
import { prefixedFields } from './update-fields';

const { users: USERS, stats: STATS, recipients: RECIPIENTS } = USER_COLLECTIONS;

type StatsCounter = Exclude<keyof UserStatsDocument, '_id'>;

/** The `search…` copies of whichever searched fields `fields` holds. */
export function userSearchTextsOf(fields: Partial<UserDetails>): Partial<UserSearchFields> {
  const texts: Partial<UserSearchFields> = {};
  if (fields.fullName !== undefined) texts.searchFullName = fields.fullName.toLowerCase();
  if (fields.email !== undefined) texts.searchEmail = fields.email.toLowerCase();
  if (fields.rollNo !== undefined) texts.searchRollNo = (fields.rollNo ?? '').toLowerCase();
  return texts;
}

/** The sort keys (bounded, so an index can hold them) of whichever sorted fields `fields` holds. */
export function userSortKeysOf(fields: Partial<UserDetails>): Partial<UserSortKeys> {
  const keys: Partial<UserSortKeys> = {};
  if (fields.fullName !== undefined) keys.fullName = sortKeyOf(fields.fullName);
  if (fields.email !== undefined) keys.email = sortKeyOf(fields.email);
  if (fields.rollNo !== undefined) keys.rollNo = sortKeyOf(fields.rollNo ?? '');
  return keys;
}

/** The recipient columns among an account's (changed) details, with the sort key when the name is among them. */
export function recipientColumnsOf(fields: Partial<UserDetails>): Partial<RecipientDocument> {
  const columns: Partial<RecipientDocument> = {};
  if (fields.fullName !== undefined) Object.assign(columns, { fullName: fields.fullName, sortName: sortKeyOf(fields.fullName) });
  if (fields.email !== undefined) columns.email = fields.email;
  if (fields.rollNo !== undefined) columns.rollNo = fields.rollNo;
  return columns;
}

/** The account's recipient document (`user_recipients`) changes with the account: one update each, none when nothing it holds changed. */
const recipientUpdate = (userId: string, set: Partial<RecipientDocument>): ReadModelChange[] =>
  Object.keys(set).length === 0 ? [] : [{ kind: 'update', collection: RECIPIENTS, filter: { _id: userId }, update: { $set: set } }];

/**
 * A deleted account's recipient document: kept (not deleted) so that a reader following the collection
 * by `_v` (the query-api's recipient mirror, query-api/src/email/recipient-mirror.ts) sees the deletion,
 * with its personal fields emptied; the recipient list's filter (status 'active') leaves it out.
 */
export const RECIPIENT_TOMBSTONE = { status: RECIPIENT_DELETED, verified: 0, fullName: '', sortName: '', email: '', rollNo: null, school: null } as const satisfies Partial<RecipientDocument>;

const countStats = (inc: Partial<Record<StatsCounter, number>>): ReadModelChange => counterChange(STATS, USER_STATS_ID, inc);

const userUpdate = (userId: string, occurredAt: string, set: object): ReadModelChange => ({
  kind: 'update',
  collection: USERS,
  filter: { _id: userId },
  update: { $set: { ...set, updatedAt: occurredAt } },
});

interface NewAccount extends UserDetails {
  userId: string;
  role: Role;
  status: UserStatus;
  verified: boolean;
}

function accountCreated(account: NewAccount, occurredAt: string): ReadModelChange[] {
  const { userId, fullName, email, mobileNo, rollNo, role, status, verified } = account;
  // `lower` (the nested copies searched before the `search…` fields) is no longer written.
  const document: Omit<UserDocument, '_id' | 'lower'> & UserSearchFields = {
    fullName,
    email,
    role,
    status,
    verified,
    rollNo,
    mobileNo,
    createdAt: occurredAt,
    updatedAt: occurredAt,
    profile: null,
    ...(userSearchTextsOf({ fullName, email, rollNo }) as UserSearchFields),
    sort: userSortKeysOf({ fullName, email, rollNo }) as UserSortKeys,
  };
  const recipient: Omit<RecipientDocument, '_id'> = {
    ...(recipientColumnsOf({ fullName, email, rollNo }) as Pick<RecipientDocument, 'fullName' | 'email' | 'rollNo' | 'sortName'>),
    role,
    school: null,
    status,
    verified: verified ? 1 : 0,
  };
  return [
    { kind: 'upsert', collection: USERS, id: userId, update: { $set: document } },
    { kind: 'upsert', collection: RECIPIENTS, id: userId, update: { $set: recipient } },
    countStats({ total: 1, [role]: 1, [status]: 1, ...(verified ? {} : { unverified: 1 }) }),
  ];
}

/**
 * Deletions recorded before UserDeleted carried the account's role, status and verification lack
 * them; such an event lowers only the total.
 */
function accountDeleted(data: { userId: string } & Partial<{ role: Role; status: UserStatus; verified: boolean }>): ReadModelChange[] {
  const inc: Partial<Record<StatsCounter, number>> = { total: -1 };
  if (data.role !== undefined) inc[data.role] = -1;
  if (data.status !== undefined) inc[data.status] = -1;
  if (data.verified === false) inc.unverified = -1;
  return [{ kind: 'delete', collection: USERS, filter: { _id: data.userId } }, ...recipientUpdate(data.userId, { ...RECIPIENT_TOMBSTONE }), countStats(inc)];
}

function changesOf(event: UserEvent, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'UserRegistered':
      return accountCreated({ ...event.data, mobileNo: null }, occurredAt);
    case 'UserCreatedByAdmin':
      return accountCreated(event.data, occurredAt);
    case 'EmailVerified':
      return [userUpdate(event.data.userId, occurredAt, { verified: true }), ...recipientUpdate(event.data.userId, { verified: 1 }), countStats({ unverified: -1 })];
    case 'UserDetailsChanged': {
      const { after } = event.data;
      return [
        userUpdate(event.data.userId, occurredAt, { ...after, ...userSearchTextsOf(after), ...prefixedFields('sort', userSortKeysOf(after)) }),
        ...recipientUpdate(event.data.userId, recipientColumnsOf(after)),
      ];
    }
    case 'UserRoleChanged':
      return [userUpdate(event.data.userId, occurredAt, { role: event.data.to }), ...recipientUpdate(event.data.userId, { role: event.data.to }), countStats({ [event.data.from]: -1, [event.data.to]: 1 })];
    case 'UserStatusChanged':
      return [userUpdate(event.data.userId, occurredAt, { status: event.data.to }), ...recipientUpdate(event.data.userId, { status: event.data.to }), countStats({ [event.data.from]: -1, [event.data.to]: 1 })];
    case 'UserDeleted':
      return accountDeleted(event.data);
    case 'StudentProfileUpdated':
      return [
        userUpdate(event.data.userId, occurredAt, { profile: event.data.profile, mobileNo: event.data.profile.mobileNo, eligibility: studentEligibilityOf(event.data.profile) }),
        ...recipientUpdate(event.data.userId, { school: event.data.profile.school ?? null }),
      ];
    case 'VerificationTokenIssued':
    case 'RegistrationAttempted':
    case 'PasswordResetRequested':
    case 'PasswordReset':
    case 'PasswordChanged':
    case 'SecondFactorEnrolmentStarted':
    case 'SecondFactorEnrolled':
    case 'SecondFactorCodeUsed':
    case 'RecoveryCodeUsed':
    case 'SecondFactorReset':
      return [];
  }
}

const isUserEvent = eventsOfTypes<UserEvent>([
  'UserRegistered',
  'VerificationTokenIssued',
  'EmailVerified',
  'UserCreatedByAdmin',
  'UserDetailsChanged',
  'UserRoleChanged',
  'UserStatusChanged',
  'UserDeleted',
  'StudentProfileUpdated',
]);

/**
 * Accounts with their full student profiles (user management, profile pages), the bulk e-mail's
 * recipients (one small document per account: `user_recipients`) and the user statistics' counters.
 * The password hash and verification tokens never reach it.
 */
export const usersProjection: Projection = {
  name: 'users',
  // 1: the text filters' top-level search… copies (documents written before have none).
  // 2: the recipients' collection (user_recipients), which a read model built before lacks.
  // 3: a deletion leaves a tombstone in user_recipients (status 'deleted') where it deleted the document,
  //    and the collection has an index on `_v`: the query-api follows it by `_v` (a read model built
  //    before lacks the tombstones of accounts deleted then, which a follower would never see go).
  // 4: sort keys numeric-aware (sortKeyOf: 'Student 2' before 'Student 10').
  shape: 4,
  collections: [USERS, STATS, RECIPIENTS],
  indexes: {
    [USERS]: [
      // User management: everything or one role, newest first (the default) or by a column. Text
      // columns sort by their bounded keys: free text in an index fails writes past the server's key limit.
      { key: { createdAt: -1 } },
      { key: { role: 1, createdAt: -1 } },
      { key: { 'sort.fullName': 1 } },
      { key: { role: 1, 'sort.fullName': 1 } },
      { key: { 'sort.email': 1 } },
      { key: { role: 1, 'sort.email': 1 } },
      { key: { 'sort.rollNo': 1 } },
      { key: { status: 1, createdAt: -1 } },
      // The table's search (a substring $regex each): the local server makes an index on a `search…`
      // field a trigram index (never a btree, so long texts are fine); MongoDB keeps a normal one.
      { key: { searchFullName: 1 } },
      { key: { searchEmail: 1 } },
      { key: { searchRollNo: 1 } },
      // The admin job table's eligible-students count (eligibleStudentsFilter: role, then `$in` on the
      // listed fields and a minimum on each score, a maximum on backlogs, any of them absent). Two
      // indexes, equality and `$in` fields first: MongoDB reads one range per listed value (or per
      // role with scores only) and checks the rest in the index keys, without the documents. On the
      // local server they give every one of these paths its exact key's guard and a twin, so the count
      // is answered in PostgreSQL. (One index of all nine fields would do for MongoDB, but its twin is
      // past what PostgreSQL can hold: ferretdb-sort-indexes.sql.) Only the scores' index leads with
      // role: PostgreSQL ANDs two indexes only when their conditions do not overlap, so with role in
      // both it read the lists' index and checked the scores on every document it found (44 against
      // 22 ms at 20,000 students, decompressing each document); a listed value matches no account
      // without eligibility, so the lists' index needs no role.
      { key: { 'eligibility.passingYear': 1, 'eligibility.degreeKey': 1, 'eligibility.school': 1, 'eligibility.backlogs': 1 } },
      { key: { role: 1, 'eligibility.graduationCgpa': 1, 'eligibility.graduationPercentage': 1, 'eligibility.tenthPercentage': 1, 'eligibility.twelfthPercentage': 1 } },
    ],
    [STATS]: [],
    // E-mail recipients: active, verified accounts by name, read in PostgreSQL from this index's twin
    // (status and verified are a string and a number; the sort key is bounded).
    // The query-api's recipient mirror reads the documents written since the position it holds: a range of
    // `_v`, sorted by it (the local server answers a range and sort on a number in PostgreSQL, from this
    // index's twin; MongoDB walks the index).
    [RECIPIENTS]: [{ key: { status: 1, verified: 1, sortName: 1 } }, { key: { _v: 1 } }],
  },
  apply: (event: RecordedEvent) => (isUserEvent(event) ? changesOf(event, event.metadata.occurredAt) : []),
};
