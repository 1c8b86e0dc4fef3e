import { campaignDecider, campaignRecipient, campaignStreamId, CAMPAIGN_EVENT_VERSIONS, type CampaignCommand } from '@placement/domain';
import { loadEnv } from '../config';
import { isolatedPostgresStore, type EventStore } from '../eventstore';
import { runCommand } from './runner';
import { StreamWriter } from './stream-writer';

const env = loadEnv();
const system = { now: new Date(), actor: { id: null, role: 'system' as const } };
const causation = { correlationId: 'c-1', causationId: null };

describe('StreamWriter against the real event store', () => {
  let store: EventStore;
  let dispose: () => Promise<void>;
  const campaignId = 'c1';
  const streamId = campaignStreamId(campaignId);
  const recipients = ['a@uni.edu', 'b@uni.edu', 'c@uni.edu'].map((email, index) => ({ userId: `u${index}`, email, fullName: `R ${index}` }));
  const writer = () => new StreamWriter(store, { streamId, decider: campaignDecider, versions: CAMPAIGN_EVENT_VERSIONS });
  const sent = (email: string): CampaignCommand => ({ type: 'RecordRecipientSent', campaignId, email, messageId: `<${email}>` });

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    await runCommand(store, {
      streamId,
      decider: campaignDecider,
      versions: CAMPAIGN_EVENT_VERSIONS,
      command: { type: 'QueueCampaign', campaignId, campaign: { subject: 's', content: '<p>c</p>', recipients } },
      context: { ...system, actor: { id: 'staff-1', role: 'staff' } },
      causation,
    });
  });
  afterAll(() => dispose());

  it('appends a batch at once, skips refused commands, and keeps its state for the next batch', async () => {
    const ledger = writer();
    const first = await ledger.run([sent('a@uni.edu'), sent('A@uni.edu'), sent('nobody@uni.edu')], { context: system, causation });
    expect(first.events.map((event) => event.type)).toEqual(['CampaignRecipientSent']);
    expect(first.rejected.map(({ rejection }) => rejection.kind)).toEqual(['not_found']);
    expect(campaignRecipient(ledger.current, 'a@uni.edu')?.outcome).toBe('sent');

    // Another writer gets in between: the batch is decided again on the fresh state.
    await runCommand(store, { streamId, decider: campaignDecider, versions: CAMPAIGN_EVENT_VERSIONS, command: sent('b@uni.edu'), context: system, causation });
    const second = await ledger.run([sent('b@uni.edu'), sent('c@uni.edu')], { context: system, causation });
    expect(second.events.map((event) => event.type)).toEqual(['CampaignRecipientSent', 'CampaignCompleted']);
    const types = (await store.readStream(streamId)).map((event) => event.type);
    expect(types).toEqual(['CampaignQueued', 'CampaignRecipientSent', 'CampaignRecipientSent', 'CampaignRecipientSent', 'CampaignCompleted']);
    expect((await ledger.run([sent('c@uni.edu')], { context: system, causation })).events).toEqual([]);
  });
});
