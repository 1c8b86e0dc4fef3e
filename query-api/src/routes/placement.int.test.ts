import { signedInUser } from '../../../command-api/src/test-support';
import { JobsPortal } from '../jobs/test-fixtures';

/** The read side of offers and the placement policy, over an event store and read models of their own. */
describe('offers in My Applications and the placement policy view, against the real services', () => {
  let portal: JobsPortal;
  beforeAll(async () => {
    portal = await JobsPortal.start();
  }, 120_000);
  afterAll(() => portal.stop());

  it("shows the offer in the student's list and the review list: pending, then accepted; withdrawn once the status leaves Accepted", async () => {
    const student = await signedInUser(portal.command, 'student');
    const jobId = await portal.postJob({ companyName: 'Globex', ctcOrStipend: '12 LPA' });
    const applicationId = await portal.apply(student, jobId);
    const mine = async () => ((await portal.read('/api/applications/my-applications', student)).body as Array<Record<string, unknown>>).find((row) => row._id === applicationId)!;
    expect((await mine()).offer).toBeNull();

    await portal.write('PUT', `/api/applications/${applicationId}`, { token: portal.user('admin').token, body: { status: 'Accepted', offer: { ctc: 1_200_000, stipend: 40_000 } } });
    expect((await mine()).offer).toEqual({ ctc: 1_200_000, stipend: 40_000, tier: 'Regular', status: 'pending', extendedAt: expect.any(String), answeredAt: null });

    expect((await portal.read('/api/placement/mine', student)).body).toMatchObject({ held: [], policy: { version: 0, maxAcceptedOffers: 1 } });
    await portal.write('POST', `/api/applications/${applicationId}/offer/accept`, { token: student.token });
    expect((await mine()).offer).toMatchObject({ status: 'accepted', answeredAt: expect.any(String) });
    expect((await portal.read('/api/placement/mine', student)).body).toMatchObject({ held: [{ applicationId, tier: 'Regular' }] });
    const reviewed = (await portal.read(`/applications/applications/${jobId}`)).body as Array<Record<string, unknown>>;
    expect(reviewed[0]!.offer).toMatchObject({ ctc: 1_200_000, status: 'accepted' });

    await portal.write('PUT', `/api/applications/${applicationId}`, { token: portal.user('admin').token, body: { status: 'Rejected' } });
    expect((await mine()).offer).toMatchObject({ status: 'withdrawn' });
  });

  it('shows admins the default policy before any publish, then the version in force and its history, newest first', async () => {
    const before = await portal.read('/api/placement-policy');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      current: { version: 0, tiers: [{ name: 'Regular' }], maxAcceptedOffers: 1, openTiersAfterAcceptance: [], publishedBy: null, publishedAt: null },
      history: [],
    });
    const policy = { tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }], maxAcceptedOffers: 2, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }] };
    const admin = portal.user('admin');
    await portal.write('POST', '/api/placement-policy', { token: admin.token, body: policy });
    await portal.write('POST', '/api/placement-policy', { token: admin.token, body: { ...policy, maxAcceptedOffers: 3 } });
    const after = (await portal.read('/api/placement-policy')).body as { current: Record<string, unknown>; history: Array<Record<string, unknown>> };
    expect(after.current).toMatchObject({ version: 2, maxAcceptedOffers: 3, publishedBy: admin.id });
    expect(after.history.map((version) => version.version)).toEqual([2, 1]);
    expect(await portal.statusesFor('/api/placement/mine')).toEqual({ visitor: 401, student: 200, 'another student': 200, staff: 403, admin: 403, 'suspended student': 403 });
    expect(await portal.statusesFor('/api/placement-policy')).toEqual({ visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 });
  });
});
