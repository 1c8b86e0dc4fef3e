import { randomUUID } from 'node:crypto';
import { connectMongo, loadEnv, type MongoConnection } from '@placement/platform';
import { deliveryKey, messageIdFor, recipientHash } from './identity';
import { SentLog } from './sent-log';

describe('the sent log against the real read-model server', () => {
  let mongo: MongoConnection;
  let log: SentLog;
  const database = `notifier_sentlog_${randomUUID().replace(/-/g, '').slice(0, 10)}`;

  beforeAll(async () => {
    mongo = await connectMongo(loadEnv(), database);
    log = new SentLog(mongo.db);
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  const fresh = () => {
    const eventId = randomUUID();
    const email = `Asha.${randomUUID().slice(0, 6)}@University.edu`;
    return { key: deliveryKey(eventId, email), record: { eventId, recipientHash: recipientHash(email), kind: 'campaign', messageId: messageIdFor(eventId, email) } };
  };

  it('names a mail by event and address, whatever the letter case', () => {
    expect(messageIdFor('e1', 'Asha@University.edu')).toBe(messageIdFor('e1', ' asha@university.edu'));
    expect(messageIdFor('e1', 'asha@university.edu')).toMatch(/^<e1\.[0-9a-f]{20}@placement\.portal>$/);
    expect(messageIdFor('e2', 'asha@university.edu')).not.toBe(messageIdFor('e1', 'asha@university.edu'));
  });

  it('lets one process send a mail once', async () => {
    const { key, record } = fresh();
    expect(await log.claim(key, record, 'p1', 60_000)).toBe('claimed');
    expect(await log.claim(key, record, 'p2', 60_000)).toBe('busy');
    await log.markSent(key, 'p1', '250 OK');
    expect(await log.claim(key, record, 'p2', 60_000)).toBe('sent');
    expect(await log.state(key)).toBe('sent');
  });

  it('hands a refused mail to the next try at once', async () => {
    const { key, record } = fresh();
    await log.claim(key, record, 'p1', 60_000);
    await log.markFailed(key, 'p1', '421 busy');
    expect(await log.claim(key, record, 'p2', 60_000)).toBe('claimed');
  });

  it('tells when an expired claim left it unknown whether the mail went out', async () => {
    const { key, record } = fresh();
    await log.claim(key, record, 'p1', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await log.claim(key, record, 'p2', 60_000)).toBe('claimed-in-doubt');
    // The late first process cannot record over the new claim.
    await log.markSent(key, 'p1', '250 OK');
    expect(await log.state(key)).toBe('sending');
  });
});
