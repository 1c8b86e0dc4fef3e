import { applicationStreamId, PLACEMENT_POLICY_STREAM_ID, placementStreamId } from '@placement/domain';
import { isolatedPostgresStore, loadEnv, type EventStore } from '@placement/platform';
import { aJobForm, formOf, SAMPLE_FILES, signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../test-support';

/** Regular below 10 LPA, Dream from 10 LPA; two offers at most; after a Regular offer only Dream jobs stay open. */
const DREAM_POLICY = {
  tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }],
  maxAcceptedOffers: 2,
  openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }],
};
const ONE_OFFER = { tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }], maxAcceptedOffers: 1, openTiersAfterAcceptance: [] };

describe('offers and the placement policy, against a real event store of their own', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let regularJob: string;
  let dreamJob: string;
  let markedJob: string;

  const postJob = async (fields: Record<string, unknown>) => {
    const reply = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), ...fields } });
    expect(reply.status).toBe(201);
    return String((reply.body.data as { _id: string })._id);
  };
  const apply = (student: SignedInUser, jobId: string) =>
    api.request('POST', '/api/applications', {
      token: student.token,
      form: formOf({ jobId, fullName: 'Asha Rao', email: 'asha@university.edu', phone: '9876543210' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]),
    });
  const applied = async (student: SignedInUser, jobId: string) => {
    const reply = await apply(student, jobId);
    expect(reply.status).toBe(201);
    return String(reply.body.applicationId);
  };
  const offer = (applicationId: string, body: Record<string, unknown>) => api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Accepted', ...body } });
  const answer = (student: SignedInUser, applicationId: string, verb: 'accept' | 'decline') => api.request('POST', `/api/applications/${applicationId}/offer/${verb}`, { token: student.token });
  const publish = async (policy: unknown) => {
    const reply = await api.request('POST', '/api/placement-policy', { token: admin.token, body: policy });
    expect(reply.status).toBe(201);
    return reply;
  };
  const typesOf = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(loadEnv().POSTGRES_URL));
    api = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '1000' }, { store });
    admin = await signedInUser(api, 'admin');
    regularJob = await postJob({ companyName: 'Acme', ctcOrStipend: '6 LPA' });
    dreamJob = await postJob({ companyName: 'Globex', ctcOrStipend: '12 LPA' });
    markedJob = await postJob({ companyName: 'Initech', ctcOrStipend: '4 LPA', tier: 'Dream' });
  });
  afterAll(async () => {
    await api.stop();
    await disposeStore();
  });

  it('lets only an admin publish the policy, each publish the next version, and refuses a broken policy by name', async () => {
    const staff = await signedInUser(api, 'staff');
    expect((await api.request('POST', '/api/placement-policy', { token: staff.token, body: DREAM_POLICY })).status).toBe(403);
    const first = await publish(DREAM_POLICY);
    expect(first.body).toMatchObject({ message: 'Placement policy version 1 published', version: 1 });
    const broken = await api.request('POST', '/api/placement-policy', { token: admin.token, body: { ...DREAM_POLICY, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Platinum'] }] } });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe("Platinum is not one of the policy's tiers");
    expect(await typesOf(PLACEMENT_POLICY_STREAM_ID)).toEqual(['PlacementPolicyPublished']);
  });

  it('makes Accepted an offer: refused without CTC or stipend, else OfferExtended with the tier by marking or CTC', async () => {
    const student = await signedInUser(api, 'student');
    const byCtc = await applied(student, regularJob);
    const refused = await offer(byCtc, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('An offer needs its CTC or stipend');

    expect((await offer(byCtc, { offer: { ctc: 1_200_000 } })).status).toBe(200);
    const [, extended] = (await store.readStream(applicationStreamId(byCtc))).slice(-2);
    expect(extended).toMatchObject({ type: 'OfferExtended', data: { applicationId: byCtc, companyName: 'Acme', tier: 'Dream', ctc: 1_200_000, studentId: student.id } });

    const byMarking = await applied(student, markedJob);
    expect((await offer(byMarking, { offer: { stipend: 30_000 } })).status).toBe(200);
    expect((await store.readStream(applicationStreamId(byMarking))).at(-1)).toMatchObject({ type: 'OfferExtended', data: { tier: 'Dream', stipend: 30_000 } });
  });

  it('refuses bulk Accepted as a whole, since each offer needs its own CTC', async () => {
    const reply = await api.request('POST', '/api/applications/bulk/status', { token: admin.token, body: { status: 'Accepted', ids: ['a', 'b'] } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Each offer needs its own CTC or stipend: set Accepted on one application at a time');
  });

  it("lets the student answer only their own offer, then refuses a Regular job with the policy's rule and admits a Dream job", async () => {
    const student = await signedInUser(api, 'student');
    const other = await signedInUser(api, 'student');
    const applicationId = await applied(student, regularJob);
    expect((await answer(student, applicationId, 'accept')).status).toBe(404);
    expect((await offer(applicationId, { offer: { ctc: 600_000 } })).status).toBe(200);
    expect((await answer(other, applicationId, 'accept')).status).toBe(403);

    const accepted = await answer(student, applicationId, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Offer accepted');
    expect((await store.readStream(placementStreamId(student.id))).map((event) => [event.type, event.data])).toEqual([
      ['OfferAccepted', expect.objectContaining({ applicationId, tier: 'Regular', ctc: 600_000, companyName: 'Acme' })],
    ]);

    const secondRegular = await postJob({ companyName: 'Umbrella', ctcOrStipend: '5 LPA' });
    const refused = await apply(student, secondRegular);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You hold an accepted Regular offer; only Dream jobs are open to you');
    expect((await apply(student, dreamJob)).status).toBe(201);
  });

  it('withdraws an accepted offer from the placement when the status leaves Accepted, and the student may apply again', async () => {
    const student = await signedInUser(api, 'student');
    const applicationId = await applied(student, regularJob);
    await offer(applicationId, { offer: { ctc: 600_000 } });
    expect((await answer(student, applicationId, 'accept')).status).toBe(200);
    const secondRegular = await postJob({ companyName: 'Hooli', ctcOrStipend: '7 LPA' });
    expect((await apply(student, secondRegular)).status).toBe(409);

    expect((await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Rejected' } })).status).toBe(200);
    expect((await typesOf(applicationStreamId(applicationId))).slice(-2)).toEqual(['ApplicationStatusChanged', 'OfferWithdrawn']);
    expect(await typesOf(placementStreamId(student.id))).toEqual(['OfferAccepted', 'OfferWithdrawn']);
    expect((await answer(student, applicationId, 'accept')).body.message).toBe('This offer has been withdrawn');
    expect((await apply(student, secondRegular)).status).toBe(201);
  });

  it('lets a student decline, after which the offer cannot be accepted', async () => {
    const student = await signedInUser(api, 'student');
    const applicationId = await applied(student, dreamJob);
    await offer(applicationId, { offer: { ctc: 1_200_000 } });
    expect((await answer(student, applicationId, 'decline')).body.message).toBe('Offer declined');
    const late = await answer(student, applicationId, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('You have declined this offer');
  });

  it('never lets concurrent accepts hold more offers than the policy allows: exactly one of five succeeds', async () => {
    await publish(ONE_OFFER);
    const student = await signedInUser(api, 'student');
    const jobs = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => postJob({ companyName: `Concurrent ${name}`, ctcOrStipend: '6 LPA' })));
    const applications = [];
    for (const jobId of jobs) applications.push(await applied(student, jobId));
    for (const applicationId of applications) expect((await offer(applicationId, { offer: { ctc: 600_000 } })).status).toBe(200);

    const replies = await Promise.all(applications.map((applicationId) => answer(student, applicationId, 'accept')));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(replies.filter((reply) => reply.status === 409).map((reply) => reply.body.message)).toEqual(Array(4).fill('You hold an accepted offer, the most the placement policy allows'));
    expect(await typesOf(placementStreamId(student.id))).toEqual(['OfferAccepted']);
    await publish(DREAM_POLICY);
  });

  it("what-if: replays this store's season under a proposed policy and names the applications and acceptances it would have refused, writing nothing", async () => {
    const head = await store.headPosition();
    const reply = await api.request('POST', '/api/placement-policy/what-if', { token: admin.token, body: ONE_OFFER });
    expect(reply.status).toBe(200);
    // The season so far: the student of the third test holds a Regular offer and applied to the Dream job afterwards;
    // the student of the fourth got theirs withdrawn before applying again (no change); the concurrent student accepted once.
    const changes = reply.body.changes as Array<Record<string, unknown>>;
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'application refused', companyName: 'Globex', tier: 'Dream', reason: 'You hold an accepted offer, the most the placement policy allows' }),
    ]);
    expect(reply.body).toMatchObject({ applicationsRefused: 1, acceptancesRefused: 0, students: [expect.objectContaining({ changes: 1 })] });
    expect(await store.headPosition()).toBe(head);

    const lenient = await api.request('POST', '/api/placement-policy/what-if', { token: admin.token, body: DREAM_POLICY });
    expect(lenient.body).toMatchObject({ changes: [], applicationsRefused: 0 });
  });
});
