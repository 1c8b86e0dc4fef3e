import { JOB_EVENT_VERSIONS, jobDecider, jobFormSchema, jobStreamId, NO_ELIGIBILITY_RULES } from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import { loadEnv } from '../config';
import { isolatedPostgresStore, type EventStore } from '../eventstore';
import { loadAggregate, runCommand } from './runner';

const env = loadEnv();
const admin = { now: new Date('2026-07-01T09:00:00Z'), actor: { id: 'admin-1', role: 'admin' as const } };
const causation = { correlationId: 'c-1', causationId: null };
const metadata = { actorId: 'admin-1', actorRole: 'admin', correlationId: 'c-1', causationId: null, occurredAt: '2025-07-01T09:00:00.000Z' };

describe('aggregates loaded one way, against the real event store', () => {
  let store: EventStore;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
  });
  afterAll(() => dispose());

  it('reads a JobPosted written at version 1, before eligibility rules existed, as version 2 (no rules)', async () => {
    const { eligibilityRules: _none, ...fieldsOfThen } = jobFormSchema(2025).parse(jobFixtures.validJobForm);
    await store.append(
      jobStreamId('old-job'),
      [{ eventId: '9f1c2d0e-0000-4000-8000-000000000001', type: 'JobPosted', schemaVersion: 1, data: { ...fieldsOfThen, jobId: 'old-job', source: 'admin', status: 'approved', postedAt: '2025-07-01T09:00:00.000Z' }, metadata }],
      'no_stream',
    );
    const { state, revision, position } = await loadAggregate(store, jobDecider, jobStreamId('old-job'));
    expect(state).toMatchObject({ kind: 'live', status: 'approved', fields: { companyName: 'Acme Analytics', eligibilityRules: NO_ELIGIBILITY_RULES } });
    expect(revision).toBe(0);
    expect(position).toBeGreaterThan(0);
  });

  it('answers an absent stream with the initial state', async () => {
    expect(await loadAggregate(store, jobDecider, jobStreamId('no-such-job'))).toEqual({ state: { kind: 'absent' }, revision: -1, position: 0 });
  });

  it('hands back the state after the command, so that a reply need not read the stream again', async () => {
    const outcome = await runCommand(store, { streamId: jobStreamId('new-job'), decider: jobDecider, versions: JOB_EVENT_VERSIONS, command: { type: 'PostJob', jobId: 'new-job', job: jobFixtures.validJobForm, approveImmediately: true }, context: admin, causation });
    expect(outcome.state).toEqual((await loadAggregate(store, jobDecider, jobStreamId('new-job'))).state);
    expect(outcome.state).toMatchObject({ kind: 'live', status: 'approved' });
  });
});
