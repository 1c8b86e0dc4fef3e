import type { Db } from 'mongodb';
import { AnswerCache, answerCachingOf, CheckpointReader, GENERATION_SETTLE_MS, matchesEtag, normalizedQuery, stateOf } from './answer-cache';
import { appendAll } from '../../projectors/src/projections/test-history';
import { JobsPortal } from './jobs/test-fixtures';

interface PublicList {
  count: number;
  data: { _id: string; hasApplied?: boolean; eligibilityVerdict?: unknown }[];
}

describe('the answer cache (pure parts)', () => {
  const answer = (bytes: number) => ({ etag: '"x"', headers: [], body: Buffer.alloc(bytes), bytes });

  it('keeps answers within its bytes, dropping the least recently used first', () => {
    const cache = new AnswerCache(80_000);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) cache.set(key, answer(9_000));
    expect(cache.stats.bytes).toBeLessThanOrEqual(80_000);
    expect(cache.get('a')).toBeDefined();
    for (const key of ['g', 'h', 'i']) cache.set(key, answer(9_000));
    expect(cache.stats.bytes).toBeLessThanOrEqual(80_000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps no answer larger than an eighth of it, and nothing when it is off', () => {
    const cache = new AnswerCache(80_000);
    cache.set('big', answer(20_000));
    expect(cache.get('big')).toBeUndefined();
    const off = new AnswerCache(0);
    off.set('small', answer(10));
    expect(off.get('small')).toBeUndefined();
  });

  it('reads the query in one form whatever the order of its keys', () => {
    expect(normalizedQuery({ b: ['x', 'y'], a: 1, c: undefined })).toBe(normalizedQuery({ a: 1, b: ['x', 'y'] }));
    expect(normalizedQuery({ b: ['y', 'x'] })).not.toBe(normalizedQuery({ b: ['x', 'y'] }));
  });

  it('neither tags nor keeps answers for a moment after a rebuild swaps a generation in (the routes may still read the old one)', () => {
    const reader = new CheckpointReader({} as Db);
    const at = (generation: number, position: number) => new Map([['jobs', `${generation}:${position}`]]);
    expect(reader.settled(at(0, 10), 1_000_000)).toBe(true);
    expect(reader.settled(at(0, 20), 1_000_001)).toBe(true);
    expect(reader.settled(at(1, 20), 1_000_002)).toBe(false);
    expect(reader.settled(at(1, 25), 1_000_002 + GENERATION_SETTLE_MS - 1)).toBe(false);
    expect(reader.settled(at(1, 25), 1_000_002 + GENERATION_SETTLE_MS)).toBe(true);
  });

  it('names a read model by the last event that changed it, unless its position moved without that (an older projectors process)', () => {
    expect(stateOf({ position: 90, changedPosition: 70, changedFor: 90 })).toBe(70);
    expect(stateOf({ position: 95, changedPosition: 70, changedFor: 90 })).toBe(95);
    expect(stateOf({ position: 90 })).toBe(90);
    expect(stateOf({})).toBe(0);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

describe('list answers by projection position, against the real command-api, projections and query-api', () => {
  let portal: JobsPortal;
  const stats = () => answerCachingOf(portal.query.deps).cache.stats;

  beforeAll(async () => {
    portal = await JobsPortal.start();
    await portal.postJob({ companyName: 'Cache Co One' });
    await portal.postJob({ companyName: 'Cache Co Two' });
  }, 60_000);
  afterAll(() => portal.stop());

  it('answers an unchanged list 304 without running its query, and a repeated one from the cache', async () => {
    const first = await portal.read('/api/jobs?page=1&limit=6', 'visitor');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const before = stats();
    const notModified = await portal.query.get('/api/jobs?limit=6&page=1', { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);

    const again = await portal.query.get('/api/jobs?page=1&limit=6');
    expect(again.status).toBe(200);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    const after = stats();
    expect(after.notModified).toBe(before.notModified + 1);
    expect(after.hits).toBe(before.hits + 1);
    expect(after.misses).toBe(before.misses);
    expect(after.computed).toBe(before.computed);
  });

  it('gives a new ETag and the new answer after a write that changes the list (read-your-writes)', async () => {
    const first = await portal.read('/api/jobs/admin/jobs?page=1&limit=6', 'admin');
    const etag = first.headers.get('etag')!;
    const added = await portal.postJob({ companyName: 'Cache Co Three' });
    // Portal.read sends the write's position (X-Consistency-Position).
    const reply = await portal.query.get('/api/jobs/admin/jobs?page=1&limit=6', { token: portal.user('admin').token, position: await portal.query.store.headPosition(), headers: { 'If-None-Match': etag } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).not.toBe(etag);
    expect((reply.body as PublicList).data.map((job) => job._id)).toContain(added);
  });

  it('keeps the ETag while the log moves by events the read models ignore, and changes it with one they apply', async () => {
    const first = await portal.read('/api/jobs?page=1', 'visitor');
    const etag = first.headers.get('etag')!;
    // A training cancelled: no read model the listing reads changes, though every checkpoint moves past it.
    await appendAll(portal.query.store, [{ type: 'TrainingCancelled', data: { trainingId: 'not-a-listed-training', title: 'Aptitude' } }]);
    portal.sawPosition(await portal.query.store.headPosition());
    const unchanged = await portal.read('/api/jobs?page=1', 'admin');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await portal.query.get('/api/jobs?page=1', { headers: { 'If-None-Match': etag } })).status).toBe(304);

    await portal.postJob({ companyName: 'Cache Co Moved' });
    const moved = await portal.read('/api/jobs?page=1', 'admin');
    expect(moved.headers.get('etag')).not.toBe(etag);
    expect((await portal.query.get('/api/jobs?page=1', { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });

  it("never serves one caller's answer to another whose identity changes it", async () => {
    const jobs = (await portal.read('/api/jobs', 'admin').then((reply) => reply.body as PublicList)).data;
    const applied = await portal.apply(portal.user('student'), jobs[0]!._id);
    expect(applied).toEqual(expect.any(String));

    const mine = await portal.read('/api/jobs', 'student');
    const theirs = await portal.read('/api/jobs', 'another student');
    const visitor = await portal.read('/api/jobs', 'visitor');
    const admin = await portal.read('/api/jobs', 'admin');
    expect((mine.body as PublicList).data.find((job) => job._id === jobs[0]!._id)?.hasApplied).toBe(true);
    expect((theirs.body as PublicList).data.some((job) => job.hasApplied)).toBe(false);
    for (const reply of [visitor, admin]) expect((reply.body as PublicList).data.every((job) => job.hasApplied === undefined && job.eligibilityVerdict === undefined)).toBe(true);
    const tags = [mine, theirs, visitor].map((reply) => reply.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    // The same answer for every non-student: one ETag.
    expect(admin.headers.get('etag')).toBe(visitor.headers.get('etag'));

    // Another student sending the first one's ETag gets their own answer, not a 304 of someone else's.
    const other = await portal.query.get('/api/jobs', { token: portal.user('another student').token, headers: { 'If-None-Match': mine.headers.get('etag')! } });
    expect(other.status).toBe(200);
    expect((other.body as PublicList).data.some((job) => job.hasApplied)).toBe(false);
    // A visitor sending it gets the visitor's list.
    const anonymous = await portal.query.get('/api/jobs', { headers: { 'If-None-Match': mine.headers.get('etag')! } });
    expect(anonymous.status).toBe(200);
    expect((anonymous.body as PublicList).data.every((job) => job.hasApplied === undefined)).toBe(true);

    // My applications are the caller's own: two students never share an answer.
    const own = await portal.read('/api/applications/my-applications', 'student');
    const notOwn = await portal.query.get('/api/applications/my-applications', { token: portal.user('another student').token, headers: { 'If-None-Match': own.headers.get('etag')! } });
    expect((own.body as unknown[]).length).toBe(1);
    expect(notOwn.status).toBe(200);
    expect(notOwn.body).toEqual([]);
  });

  it("shares the listing's page among students, each with their own marks", async () => {
    await portal.postJob({ companyName: 'Cache Co Crowd' });
    await portal.read('/api/jobs/admin/jobs', 'admin');
    const before = stats();
    const first = await portal.read('/api/jobs?page=1', 'student');
    const middle = stats();
    const second = await portal.read('/api/jobs?page=1', 'another student');
    const after = stats();
    // The first student's request ran its handler and the page's query; the second ran its handler only.
    expect(middle.computed - before.computed).toBe(2);
    expect(after.computed - middle.computed).toBe(1);
    const ids = (reply: typeof first) => (reply.body as PublicList).data.map((job) => job._id);
    expect(ids(second)).toEqual(ids(first));
    expect((first.body as PublicList).data.every((job) => typeof job.hasApplied === 'boolean')).toBe(true);
  });

  it('serves concurrent requests of one answer from one query', async () => {
    await portal.postJob({ companyName: 'Cache Co Four' });
    await portal.read('/api/jobs/admin/jobs', 'admin');
    const before = stats();
    const replies = await Promise.all(Array.from({ length: 20 }, () => portal.query.get('/api/jobs?search=cache%20co')));
    expect(new Set(replies.map((reply) => reply.bytes.toString('base64'))).size).toBe(1);
    expect((replies[0]!.body as PublicList).count).toBe(6);
    // Every request that found no stored answer joined the one computation.
    expect(stats().computed).toBe(before.computed + 1);
  });
});
