import { randomUUID } from 'node:crypto';
import { createLogger, withCorrelationId, type Transporter } from '@placement/platform';
import { createNotifierMetrics } from '../metrics';
import type { DeliveryLog } from './delivery-log';
import { deliveryKey, messageIdFor, recipientHash } from './identity';
import { scratchSentLog } from './test-support';
import { MailDeliveryError, Mailer, type OutgoingMail } from './mailer';

describe('the mailer against the real read-model server', () => {
  const sentLog = scratchSentLog('mailer');

  const mail = (): OutgoingMail => ({
    eventId: randomUUID(),
    kind: 'campaign',
    to: { email: `asha.${randomUUID().slice(0, 6)}@university.edu`, name: 'Asha' },
    content: { subject: 'Drive', html: '<p>Hi</p>', text: 'Hi' },
  });

  function mailerWith(deliveryLog?: DeliveryLog, fail?: { responseCode: number }) {
    const sent: Record<string, unknown>[] = [];
    const transport = {
      sendMail: async (message: Record<string, unknown>) => {
        if (fail) throw Object.assign(new Error(`${fail.responseCode} refused`), fail);
        sent.push(message);
        return { response: '250 OK' };
      },
    } as unknown as Transporter;
    const metrics = createNotifierMetrics();
    const mailer = new Mailer(transport, sentLog(), { from: 'Placement Portal <p@x.edu>', owner: 'me', claimTtlMs: 60_000, mailsPerSecond: 1000, concurrency: 4, deliveryLog }, metrics, createLogger('mailer-test', 'silent'));
    return { mailer, sent, metrics };
  }

  /** What a process that died after claiming a minute ago leaves behind: an expired claim, no record of the outcome. */
  async function leftInDoubt(outgoing: OutgoingMail) {
    const key = deliveryKey(outgoing.eventId, outgoing.to.email);
    const messageId = messageIdFor(outgoing.eventId, outgoing.to.email);
    const aMinuteAgo = () => Date.now() - 60_000;
    await sentLog(aMinuteAgo).claim(key, { eventId: outgoing.eventId, recipientHash: recipientHash(outgoing.to.email), kind: 'campaign', messageId }, 'dead', 1_000);
    return { key, messageId };
  }

  const count = async (metric: { get: () => Promise<{ values: { value: number }[] }> }) => (await metric.get()).values.reduce((sum, { value }) => sum + value, 0);

  it('sends once with the deterministic Message-ID, and never again', async () => {
    const { mailer, sent, metrics } = mailerWith();
    const outgoing = mail();
    expect(await mailer.deliver(outgoing)).toEqual({ outcome: 'sent', messageId: messageIdFor(outgoing.eventId, outgoing.to.email) });
    expect(await mailer.deliver(outgoing)).toMatchObject({ outcome: 'already-sent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ messageId: messageIdFor(outgoing.eventId, outgoing.to.email), to: { name: 'Asha', address: outgoing.to.email }, headers: { 'X-Placement-Event-Id': outgoing.eventId } });
    expect(await count(metrics.duplicatesSuppressed)).toBe(1);
  });

  it("carries the correlation id of the request behind it as X-Correlation-Id, and none when there is none", async () => {
    const { mailer, sent } = mailerWith();
    await withCorrelationId('corr-mail-1', () => mailer.deliver(mail()));
    await mailer.deliver(mail());
    expect(sent.map((message) => (message.headers as Record<string, string>)['X-Correlation-Id'])).toEqual(['corr-mail-1', undefined]);
  });

  it('does not send a mail left in doubt that the delivery log already has, and counts the duplicate', async () => {
    const outgoing = mail();
    const { key, messageId } = await leftInDoubt(outgoing);
    const asked: string[] = [];
    const { mailer, sent, metrics } = mailerWith({ accepted: async (id) => (asked.push(id), true) });
    expect(await mailer.deliver(outgoing)).toEqual({ outcome: 'already-sent', messageId });
    expect(asked).toEqual([messageId]);
    expect(sent).toEqual([]);
    expect(await sentLog().state(key)).toBe('sent');
    expect(await count(metrics.duplicatesDetected)).toBe(1);
  });

  it('sends a mail left in doubt that the delivery log does not have, or when there is no delivery log', async () => {
    for (const deliveryLog of [{ accepted: async () => false }, undefined]) {
      const outgoing = mail();
      const { key } = await leftInDoubt(outgoing);
      const { mailer, sent, metrics } = mailerWith(deliveryLog);
      expect(await mailer.deliver(outgoing)).toMatchObject({ outcome: 'sent' });
      expect(sent).toHaveLength(1);
      expect(await sentLog().state(key)).toBe('sent');
      expect((await metrics.inDoubt.get()).values).toEqual([{ value: 1, labels: { kind: 'campaign', checked: String(deliveryLog !== undefined) } }]);
    }
  });

  it('tells a refusal from a failure worth another try, and lets the next try claim the mail', async () => {
    const outgoing = mail();
    await expect(mailerWith(undefined, { responseCode: 550 }).mailer.deliver(outgoing)).rejects.toEqual(new MailDeliveryError('550 refused', true));
    await expect(mailerWith(undefined, { responseCode: 421 }).mailer.deliver(outgoing)).rejects.toMatchObject({ permanent: false });
    expect(await mailerWith().mailer.deliver(outgoing)).toMatchObject({ outcome: 'sent' });
  });
});
