import type { UserEvent } from '@placement/domain';
import { sortKeyOf, USER_COLLECTIONS, USER_STATS_ID, type RecipientDocument, type UserDocument, type UserStatsDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { aStudentProfile, recorded, studentRegistered } from './test-history';
import { usersProjection } from './users';

const createdByAdmin = (userId: string, role: 'student' | 'staff' | 'admin', status: 'active' | 'suspended' = 'active'): UserEvent => ({
  type: 'UserCreatedByAdmin',
  data: { userId, fullName: `Name ${userId}`, email: `${userId}@university.edu`, mobileNo: null, rollNo: role === 'student' ? `R-${userId}` : null, passwordHash: 'secret-hash', role, status, verified: true },
});

/** Registrations, verification, admin-made accounts, edits, role and status moves, a profile and a deletion. */
const history = (): UserEvent[] => [
  studentRegistered('asha', 'Asha Rao'),
  { type: 'VerificationTokenIssued', data: { userId: 'asha', email: 'asha@university.edu', tokenHash: 'token-hash', expiresAt: '2025-03-11T09:00:00.000Z' } },
  createdByAdmin('ravi', 'staff'),
  createdByAdmin('meera', 'student'),
  { type: 'EmailVerified', data: { userId: 'asha' } },
  { type: 'StudentProfileUpdated', data: { userId: 'asha', profile: aStudentProfile(), before: {}, after: aStudentProfile() } },
  { type: 'UserDetailsChanged', data: { userId: 'ravi', before: { fullName: 'Name ravi', email: 'ravi@university.edu' }, after: { fullName: 'Ravi MENON', email: 'ravi.menon@university.edu' } } },
  { type: 'UserRoleChanged', data: { userId: 'meera', from: 'student', to: 'admin' } },
  { type: 'UserStatusChanged', data: { userId: 'ravi', from: 'active', to: 'suspended' } },
  studentRegistered('kiran', 'Kiran'),
  { type: 'UserDeleted', data: { userId: 'kiran', email: 'kiran@university.edu', role: 'student', status: 'active', verified: false } },
  studentRegistered('tara', 'Tara'),
];

describe('users projection: pure changes', () => {
  it('ignores verification tokens and the events of other aggregates', () => {
    expect(usersProjection.apply(recorded(history()[1]!))).toEqual([]);
    expect(usersProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('moves every counter of one event in a single change (the guard admits one change per document and event)', () => {
    const deleted = usersProjection.apply(recorded(history()[10]!));
    expect(deleted.filter((change) => change.collection === USER_COLLECTIONS.stats)).toEqual([
      { kind: 'upsert', collection: USER_COLLECTIONS.stats, id: USER_STATS_ID, update: { $inc: { total: -1, student: -1, active: -1, unverified: -1 } } },
    ]);
  });

  it("changes an account's recipient document with at most one update per event, only for what it holds", () => {
    const recipientChanges = (event: UserEvent) => usersProjection.apply(recorded(event)).filter((change) => change.collection === USER_COLLECTIONS.recipients);
    expect(recipientChanges(history()[6]!)).toEqual([
      { kind: 'update', collection: USER_COLLECTIONS.recipients, filter: { _id: 'ravi' }, update: { $set: { fullName: 'Ravi MENON', sortName: sortKeyOf('Ravi MENON'), email: 'ravi.menon@university.edu' } } },
    ]);
    expect(recipientChanges({ type: 'UserDetailsChanged', data: { userId: 'ravi', before: { mobileNo: null }, after: { mobileNo: '9876543210' } } })).toEqual([]);
    expect(recipientChanges(history()[4]!)).toEqual([{ kind: 'update', collection: USER_COLLECTIONS.recipients, filter: { _id: 'asha' }, update: { $set: { verified: 1 } } }]);
    // A deletion leaves a tombstone (a reader following the collection by `_v` sees it go), without the personal fields.
    expect(recipientChanges(history()[10]!)).toEqual([
      { kind: 'update', collection: USER_COLLECTIONS.recipients, filter: { _id: 'kiran' }, update: { $set: { status: 'deleted', verified: 0, fullName: '', sortName: '', email: '', rollNo: null, school: null } } },
    ]);
  });

  it('lowers only the total for a deletion recorded before deletions carried the account state', () => {
    const legacy = recorded({ type: 'UserDeleted', data: { userId: 'old', email: 'old@university.edu' } } as unknown as UserEvent);
    expect(usersProjection.apply(legacy)).toContainEqual({ kind: 'upsert', collection: USER_COLLECTIONS.stats, id: USER_STATS_ID, update: { $inc: { total: -1 } } });
  });
});

describe('users projection against the real read-model server', () => {
  const subject = builtTwiceFromHistory(usersProjection, history);

  const users = () => subject.db.collection<UserDocument>(USER_COLLECTIONS.users);

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[USER_COLLECTIONS.users]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('keeps each account with its profile and search fields, never a secret', async () => {
    const asha = await users().findOne({ _id: 'asha' });
    expect(asha).toMatchObject({
      fullName: 'Asha Rao',
      email: 'asha@university.edu',
      role: 'student',
      status: 'active',
      verified: true,
      rollNo: 'R-asha',
      mobileNo: '9876543210',
      createdAt: '2025-03-10T09:00:00.000Z',
      updatedAt: '2025-03-10T09:00:05.000Z',
      profile: aStudentProfile(),
      searchFullName: 'asha rao',
      searchEmail: 'asha@university.edu',
      searchRollNo: 'r-asha',
    });
    const everything = JSON.stringify(await users().find().toArray());
    expect(everything).not.toContain('secret-hash');
    expect(everything).not.toContain('token-hash');
    expect(everything).not.toMatch(/passwordHash|tokenHash/);
  });

  it('follows edits, role and status moves, and deletions', async () => {
    expect(await users().findOne({ _id: 'ravi' })).toMatchObject({
      fullName: 'Ravi MENON',
      email: 'ravi.menon@university.edu',
      status: 'suspended',
      searchFullName: 'ravi menon',
      searchEmail: 'ravi.menon@university.edu',
      searchRollNo: '',
    });
    expect(await users().findOne({ _id: 'meera' })).toMatchObject({ role: 'admin' });
    expect(await users().findOne({ _id: 'kiran' })).toBeNull();
  });

  it("keeps one small recipient document per account: the reply's fields, status, verified (1 or 0) and the sort key; a deleted account's is a tombstone", async () => {
    const recipients = await subject.db.collection<RecipientDocument>(USER_COLLECTIONS.recipients).find({}, { projection: { _v: 0 } }).sort({ _id: 1 }).toArray();
    expect(recipients).toEqual([
      { _id: 'asha', fullName: 'Asha Rao', email: 'asha@university.edu', role: 'student', school: aStudentProfile().school, rollNo: 'R-asha', status: 'active', verified: 1, sortName: sortKeyOf('Asha Rao') },
      { _id: 'kiran', fullName: '', email: '', role: 'student', school: null, rollNo: null, status: 'deleted', verified: 0, sortName: '' },
      { _id: 'meera', fullName: 'Name meera', email: 'meera@university.edu', role: 'admin', school: null, rollNo: 'R-meera', status: 'active', verified: 1, sortName: sortKeyOf('Name meera') },
      { _id: 'ravi', fullName: 'Ravi MENON', email: 'ravi.menon@university.edu', role: 'staff', school: null, rollNo: null, status: 'suspended', verified: 1, sortName: sortKeyOf('Ravi MENON') },
      { _id: 'tara', fullName: 'Tara', email: 'tara@university.edu', role: 'student', school: null, rollNo: 'R-tara', status: 'active', verified: 0, sortName: sortKeyOf('Tara') },
    ]);
  });

  it('stamps every recipient document with the position of its last event (`_v`), which an index serves', async () => {
    const recipients = subject.db.collection<RecipientDocument & { _v: number }>(USER_COLLECTIONS.recipients);
    const positions = (await recipients.find({}).toArray()).map((recipient) => recipient._v);
    expect(positions.every((position) => Number.isInteger(position) && position > 0)).toBe(true);
    expect((await recipients.indexes()).map((index) => index.key)).toContainEqual({ _v: 1 });
  });

  it('counts accounts in total, by role, by status and the unverified ones', async () => {
    const stats = await subject.db.collection<UserStatsDocument>(USER_COLLECTIONS.stats).findOne({ _id: USER_STATS_ID });
    expect(stats).toMatchObject({ total: 4, student: 2, staff: 1, admin: 1, active: 3, suspended: 1, unverified: 1 });
    expect(stats?.inactive ?? 0).toBe(0);
  });
});
