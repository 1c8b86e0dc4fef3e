import { randomUUID } from 'node:crypto';
import { connectMongo, loadEnv, type MongoConnection } from '@placement/platform';
import { mailsSince, mailTimeOf } from './mail-since';

const at = (occurredAt: string) => ({ occurredAt });

describe('what the notifier mails about', () => {
  it('places an event at its time, and a scheduled campaign at its due time', () => {
    expect(mailTimeOf({ type: 'ApplicationSubmitted', data: {}, metadata: at('2026-11-22T10:00:00Z') })).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(mailTimeOf({ type: 'CampaignQueued', data: { scheduledFor: '2026-12-01T09:00:00.000Z' }, metadata: at('2026-11-22T10:00:00Z') })).toBe(Date.parse('2026-12-01T09:00:00Z'));
    expect(mailTimeOf({ type: 'CampaignQueued', data: { scheduledFor: null }, metadata: at('2026-11-22T10:00:00Z') })).toBe(Date.parse('2026-11-22T10:00:00Z'));
  });

  describe('against the real read-model server', () => {
    let mongo: MongoConnection;
    beforeAll(async () => {
      mongo = await connectMongo(loadEnv(), `notifier_since_${randomUUID().replace(/-/g, '').slice(0, 10)}`);
    });
    afterAll(async () => {
      await mongo.db.dropDatabase();
      await mongo.close();
    });

    it('records the first start once and keeps it across restarts', async () => {
      const first = await mailsSince(mongo.db, new Date('2026-11-22T10:00:00Z'));
      expect(first.toISOString()).toBe('2026-11-22T10:00:00.000Z');
      expect((await mailsSince(mongo.db, new Date('2026-11-23T10:00:00Z'))).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    });
  });
});
