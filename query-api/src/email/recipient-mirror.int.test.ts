import { randomUUID } from 'node:crypto';
import { userStreamId } from '@placement/domain';
import { CHECKPOINT_COLLECTION, collectionOf, USER_COLLECTIONS, userIdByEmail, verificationToken, type RecipientDocument } from '@placement/platform';
import { rebuildProjection } from '../../../projectors/src/rebuild';
import { usersProjection } from '../../../projectors/src/projections/users';
import { idsOf, Portal } from '../test-support';
import { compareUtf8 } from './recipient-mirror';

type Recipient = { _id: string; fullName: string; email: string; role: string; school: string | null; rollNo: string | null };

/**
 * The recipient list is held in memory by the query-api and moved along by the recipient documents
 * written since the position it holds (recipient-mirror.ts): every change made after it was loaded
 * shows in the next answer, a rebuild's new generation is read whole, and the answer is always the
 * query's over the collection.
 */
describe('the bulk e-mail recipients held in memory (against the real command-api, projection and query-api)', () => {
  let portal: Portal;
  const tag = randomUUID().slice(0, 8);
  const admin = () => portal.user('admin').token;
  const recipients = async () => ((await portal.read('/api/email/user-groups', 'staff')).body as { users: Recipient[] }).users;
  const served = async () => {
    const checkpoint = await portal.query.db.collection<{ _id: string; generation?: number }>(CHECKPOINT_COLLECTION).findOne({ _id: 'users' });
    return portal.query.db.collection<RecipientDocument & { _v: number }>(collectionOf(USER_COLLECTIONS.recipients, checkpoint?.generation ?? 0));
  };
  /** The query the route answered by before the mirror, over the served collection. */
  const directRead = async () =>
    (await (await served()).find({ status: 'active', verified: 1 }, { projection: { fullName: 1, email: 1, role: 1, school: 1, rollNo: 1 } }).sort({ sortName: 1, _id: 1 }).toArray()).map(
      ({ _id, fullName, email, role, school, rollNo }) => ({ _id, fullName, email, role, school: school ?? null, rollNo: rollNo ?? null }),
    );
  const create = async (fullName: string, email: string, extra: Record<string, string> = {}) =>
    ((await portal.write('POST', '/api/admin/users', { token: admin(), body: { fullName, email, password: 'correct horse', rollNo: `R-${randomUUID().slice(0, 6)}`, ...extra } })).user as { _id: string })._id;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    portal = await Portal.start([usersProjection]);
    ids.kept = await create(`Kept ${tag}`, `kept.${tag}@university.edu`);
    ids.renamed = await create(`Zubin ${tag}`, `zubin.${tag}@university.edu`);
    ids.suspended = await create(`Suspend Me ${tag}`, `suspend.${tag}@university.edu`);
    ids.deleted = await create(`Delete Me ${tag}`, `delete.${tag}@university.edu`);
    ids.inactive = await create(`Idle ${tag}`, `idle.${tag}@university.edu`, { status: 'inactive' });
  }, 60_000);
  afterAll(() => portal.stop());

  it('shows every change made after the list was loaded in the next answer, and answers what the query over the collection answers', async () => {
    const loaded = await recipients();
    expect(idsOf(loaded)).toEqual(expect.arrayContaining([ids.kept, ids.renamed, ids.suspended, ids.deleted]));
    expect(idsOf(loaded)).not.toContain(ids.inactive);
    expect(loaded).toEqual(await directRead());

    // Documents the projection never wrote, planted in the served collection: one stamped before the
    // position the list holds (a list read whole would show it), one far past it (a read of what was
    // written since shows it).
    const collection = await served();
    const ghost = (id: string, fullName: string, v: number) => ({ _id: id, fullName, email: `${id}@university.edu`, role: 'student' as const, school: null, rollNo: null, status: 'active' as const, verified: 1 as const, sortName: fullName.toLowerCase(), _v: v });
    const before = `ghost-before-${tag}`;
    const after = `ghost-after-${tag}`;
    await collection.insertMany([ghost(before, `Ghost before ${tag}`, 1), ghost(after, `Ghost after ${tag}`, 2 ** 40)]);

    // An edit (the name moves the recipient in the order), a role change, a suspension, a deletion, an
    // activation, a new account, a verification, and names whose order is the bytes' (ties broken by id).
    await portal.write('PUT', `/api/admin/users/${ids.renamed}`, { token: admin(), body: { fullName: `Aadya ${tag}`, email: `aadya.${tag}@university.edu`, mobileNo: '', rollNo: 'M-2', role: 'student', status: 'active' } });
    await portal.write('PUT', `/api/admin/users/${ids.kept}/role`, { token: admin(), body: { role: 'staff' } });
    await portal.write('PATCH', `/api/admin/users/${ids.suspended}/status`, { token: admin(), body: { status: 'suspended' } });
    await portal.write('DELETE', `/api/admin/users/${ids.deleted}`, { token: admin() });
    await portal.write('PATCH', `/api/admin/users/${ids.inactive}/status`, { token: admin(), body: { status: 'active' } });
    ids.created = await create(`New ${tag}`, `new.${tag}@university.edu`);
    const registered = `registered.${tag}@university.edu`;
    await portal.write('POST', '/api/auth/register', { body: { fullName: `Registered ${tag}`, email: registered, password: 'correct horse', rollNo: 'X-2' } });
    const names = [`alpha ${tag}`, `Alpha ${tag}`, `\u{FF21}lpha ${tag}`, `\u{1F600} Smile ${tag}`, `Émile ${tag}`];
    for (const [index, name] of names.entries()) ids[`name${index}`] = await create(name, `name${index}.${tag}@university.edu`);

    const changed = await recipients();
    const find = (id: string) => changed.find((user) => user._id === id);
    expect(find(ids.renamed!)).toEqual({ _id: ids.renamed, fullName: `Aadya ${tag}`, email: `aadya.${tag}@university.edu`, role: 'student', school: null, rollNo: 'M-2' });
    expect(find(ids.kept!)).toMatchObject({ role: 'staff' });
    expect(idsOf(changed)).not.toContain(ids.suspended);
    expect(idsOf(changed)).not.toContain(ids.deleted);
    expect(idsOf(changed)).toContain(ids.inactive);
    expect(idsOf(changed)).toContain(ids.created);
    const registeredId = (await userIdByEmail(portal.command.deps.store, registered))!;
    expect(idsOf(changed)).not.toContain(registeredId);
    for (const index of names.keys()) expect(idsOf(changed)).toContain(ids[`name${index}`]);
    // Read by what was written since the list was loaded, never whole again.
    expect(idsOf(changed)).toContain(after);
    expect(idsOf(changed)).not.toContain(before);
    // The deletion left a tombstone the list leaves out, without the account's personal fields.
    expect(await collection.findOne({ _id: ids.deleted! }, { projection: { _v: 0 } })).toEqual({ _id: ids.deleted, fullName: '', email: '', role: 'student', school: null, rollNo: null, status: 'deleted', verified: 0, sortName: '' });

    const issued = (await portal.command.deps.store.readStream(userStreamId(registeredId))).findLast((event) => event.type === 'VerificationTokenIssued')!;
    await portal.write('POST', '/api/auth/verify-email', { body: { token: verificationToken(portal.command.deps.env.JWT_SECRET, registeredId, (issued.data as { expiresAt: string }).expiresAt) } });
    await portal.write('PATCH', `/api/admin/users/${ids.suspended}/status`, { token: admin(), body: { status: 'active' } });
    const verified = await recipients();
    expect(verified.find((user) => user._id === registeredId)).toMatchObject({ fullName: `Registered ${tag}`, role: 'student' });
    expect(idsOf(verified)).toContain(ids.suspended);

    // Without the planted documents, the answer is the query's: the same recipients, fields and order.
    await collection.deleteMany({ _id: { $in: [before, after] } });
    expect(verified.filter((user) => user._id !== after)).toEqual(await directRead());
    // By the bytes of the lower-cased name (MongoDB's order, and the local server's): 'a' < 'é' < U+FF41 < U+1F600,
    // where JavaScript's `<` puts U+FF41 after U+1F600. Equal keys go by _id.
    const order = verified.filter((user) => names.includes(user.fullName)).map((user) => user.fullName);
    const ties = compareUtf8(ids.name0!, ids.name1!) < 0 ? [names[0], names[1]] : [names[1], names[0]];
    expect(order).toEqual([...ties, names[4], names[2], names[3]]);
  });

  it('reads a rebuilt generation whole once it is swapped in', async () => {
    // A document planted past the held position shows until the rebuild's generation replaces the collection.
    const planted = `planted-${tag}`;
    await (await served()).insertOne({ _id: planted, fullName: `Planted ${tag}`, email: `${planted}@university.edu`, role: 'student', school: null, rollNo: null, status: 'active', verified: 1, sortName: `planted ${tag}`, _v: 2 ** 40 });
    await portal.write('PUT', `/api/admin/users/${ids.created}/role`, { token: admin(), body: { role: 'staff' } });
    expect(idsOf(await recipients())).toContain(planted);

    const rebuilt = await rebuildProjection(usersProjection, portal.query.store, portal.query.db, undefined, { graceMs: -1 });
    expect(rebuilt.generation).toBeGreaterThan(rebuilt.replaced);
    await portal.write('PUT', `/api/admin/users/${ids.kept}/role`, { token: admin(), body: { role: 'admin' } });
    const after = await recipients();
    expect(idsOf(after)).not.toContain(planted);
    expect(after.find((user) => user._id === ids.kept)).toMatchObject({ role: 'admin' });
    expect(after.find((user) => user._id === ids.created)).toMatchObject({ role: 'staff' });
    expect(after).toEqual(await directRead());
  });
});
