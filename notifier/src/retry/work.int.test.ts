import type { RelayedEvent } from '@placement/platform';
import { MailDeliveryError } from '../mail/mailer';
import { isPermanent, UnreadableMessageError } from './failures';
import { describeWork, retryDelayMs, workId, workKey } from './work';

const event: RelayedEvent = {
  eventId: 'e1',
  type: 'ApplicationStatusChanged',
  schemaVersion: 1,
  streamId: 'application-a1',
  revision: 2,
  position: 9,
  data: { email: 'asha@university.edu' },
  metadata: { actorId: null, actorRole: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-22T00:00:00Z' },
};
const recipient = { userId: 'u1', email: 'Asha@University.edu', fullName: 'Asha' };

describe('notifier work', () => {
  it('keeps its name across tries, and hides addresses in it', () => {
    expect(workId({ kind: 'event', event })).toBe('event.e1');
    const id = workId({ kind: 'recipient', sendId: 's1', eventType: 'CampaignQueued', recipient });
    expect(id).toMatch(/^recipient\.s1\.[0-9a-f]{20}$/);
    expect(workId({ kind: 'recipient', sendId: 's1', eventType: 'CampaignQueued', recipient: { ...recipient, email: 'asha@university.edu' } })).toBe(id);
    expect(workKey({ kind: 'event', event })).toBe('application-a1');
  });

  it('says whom it was for', () => {
    expect(describeWork({ kind: 'event', event })).toEqual({ eventId: 'e1', eventType: 'ApplicationStatusChanged', recipient: 'asha@university.edu' });
    expect(describeWork({ kind: 'recipient', sendId: 's1', eventType: 'CampaignQueued', recipient })).toEqual({ eventId: 's1', eventType: 'CampaignQueued', recipient: 'Asha@University.edu' });
  });

  it('waits three times longer before each further try, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 10_000))).toEqual([10_000, 30_000, 90_000, 270_000]);
    expect(retryDelayMs(12, 10_000)).toBe(3_600_000);
  });

  it('gives up at once only on refusals and unreadable messages', () => {
    expect(isPermanent(new MailDeliveryError('550 no such mailbox', true))).toBe(true);
    expect(isPermanent(new MailDeliveryError('421 try later', false))).toBe(false);
    expect(isPermanent(new UnreadableMessageError('not json'))).toBe(true);
    expect(isPermanent(new Error('timeout'))).toBe(false);
  });
});
