import { randomUUID } from 'node:crypto';
import { deliveryKey, messageIdFor, recipientHash } from './identity';
import { scratchSentLog } from './test-support';

describe('the sent log against the real read-model server', () => {
  const sentLog = scratchSentLog('sentlog');

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
    expect(await sentLog().claim(key, record, 'p1', 60_000)).toBe('claimed');
    expect(await sentLog().claim(key, record, 'p2', 60_000)).toBe('busy');
    await sentLog().markSent(key, 'p1', '250 OK');
    expect(await sentLog().claim(key, record, 'p2', 60_000)).toBe('sent');
    expect(await sentLog().state(key)).toBe('sent');
  });

  it('hands a refused mail to the next try at once', async () => {
    const { key, record } = fresh();
    await sentLog().claim(key, record, 'p1', 60_000);
    await sentLog().markFailed(key, 'p1', '421 busy');
    expect(await sentLog().claim(key, record, 'p2', 60_000)).toBe('claimed');
  });

  it('tells when an expired claim left it unknown whether the mail went out', async () => {
    const { key, record } = fresh();
    const aMinuteAgo = () => Date.now() - 60_000;
    await sentLog(aMinuteAgo).claim(key, record, 'p1', 1_000);
    expect(await sentLog().claim(key, record, 'p2', 60_000)).toBe('claimed-in-doubt');
    // The late first process cannot record over the new claim.
    await sentLog().markSent(key, 'p1', '250 OK');
    expect(await sentLog().state(key)).toBe('sending');
  });
});
