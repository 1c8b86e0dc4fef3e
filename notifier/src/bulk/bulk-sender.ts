import { openTrackingPixelUrl, withCorrelationId, type Logger, type ObjectStore } from '@placement/platform';
import type { Mailer, MailAttachment, OutgoingMail } from '../mail/mailer';
import type { PortalLinks } from '../links';
import type { Failures } from '../retry/failures';
import { campaignMail, jobAnnouncementMail } from '../templates';
import type { BulkChunk, BulkRecipient, BulkSend, BulkSends } from './bulk-sends';
import type { CampaignLedger } from './campaign-ledger';

export interface BulkSenderDeps {
  bulk: BulkSends;
  mailer: Mailer;
  ledger: CampaignLedger;
  failures: Failures;
  files: ObjectStore;
  links: PortalLinks;
  publicUrl: string;
  secret: string;
  concurrency: number;
  logger: Logger;
}

const ATTACHMENT_CACHE_SIZE = 8;

/** Renders and sends the mails of bulk sends, one recipient at a time, and reports campaign progress. */
export class BulkSender {
  private readonly attachments = new Map<string, Promise<MailAttachment[]>>();

  constructor(private readonly deps: BulkSenderDeps) {}

  /** Sends to every recipient of the chunk not yet served; false when `shouldStop` cut it short. */
  async sendChunk(chunk: BulkChunk, shouldStop: () => boolean): Promise<boolean> {
    const send = await this.sendOf(chunk.sendId);
    return withCorrelationId(send.correlationId, () => this.sendChunkOf(send, chunk, shouldStop));
  }

  /** Under the send's correlation id (its request's): the mails, logs and dead letters carry it. */
  private async sendChunkOf(send: BulkSend, chunk: BulkChunk, shouldStop: () => boolean): Promise<boolean> {
    await this.prepare(send);
    let next = 0;
    const worker = async () => {
      while (next < chunk.recipients.length && !shouldStop()) {
        const recipient = chunk.recipients[next++]!;
        await this.sendRecipient(send, recipient, 1, { skipFailed: true });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.concurrency, chunk.recipients.length) }, worker));
    if (send.mail.kind === 'campaign') await this.deps.ledger.flush(send.mail.campaignId);
    return next >= chunk.recipients.length && !shouldStop();
  }

  /** One recipient's next try, from the retry topic (or an admin's retry of a dead letter). */
  async retryRecipient(sendId: string, recipient: BulkRecipient, attempt: number, firstFailedAt: string): Promise<void> {
    const send = await this.sendOf(sendId);
    await withCorrelationId(send.correlationId, async () => {
      await this.prepare(send);
      await this.sendRecipient(send, recipient, attempt, { skipFailed: false, firstFailedAt });
      if (send.mail.kind === 'campaign') await this.deps.ledger.flush(send.mail.campaignId);
    });
  }

  private async sendOf(sendId: string): Promise<BulkSend> {
    const send = await this.deps.bulk.send(sendId);
    if (!send) throw new Error(`bulk send ${sendId} is unknown`);
    return send;
  }

  private async prepare(send: BulkSend): Promise<void> {
    if (send.mail.kind === 'campaign') await this.deps.ledger.load(send.mail.campaignId, { correlationId: send.correlationId, causationId: send._id });
  }

  private async sendRecipient(send: BulkSend, recipient: BulkRecipient, attempt: number, options: { skipFailed: boolean; firstFailedAt?: string }): Promise<void> {
    const { ledger } = this.deps;
    const campaignId = send.mail.kind === 'campaign' ? send.mail.campaignId : undefined;
    if (campaignId && options.skipFailed && ledger.isSettled(campaignId, recipient.email)) return;
    try {
      const delivery = await this.deps.mailer.deliver(await this.mailFor(send, recipient));
      if (campaignId) ledger.sent(campaignId, recipient.email, delivery.messageId);
    } catch (error) {
      const outcome = await this.deps.failures.failed({ kind: 'recipient', sendId: send._id, eventType: eventTypeOf(send), recipient }, attempt, error, options.firstFailedAt);
      if (campaignId) ledger.failed(campaignId, recipient.email, error instanceof Error ? error.message : String(error), attempt, outcome === 'dead');
    }
  }

  private async mailFor(send: BulkSend, recipient: BulkRecipient): Promise<OutgoingMail> {
    const to = { email: recipient.email, name: recipient.fullName || undefined };
    const { mail } = send;
    if (mail.kind === 'job-announcement') {
      return { eventId: send._id, kind: 'job-announcement', to, content: jobAnnouncementMail({ name: recipient.fullName, job: mail.job, link: this.deps.links.jobListings() }) };
    }
    const pixelUrl = mail.trackOpens ? openTrackingPixelUrl(this.deps.publicUrl, this.deps.secret, mail.campaignId, recipient.email) : undefined;
    return {
      eventId: send._id,
      kind: 'campaign',
      to,
      content: campaignMail({ subject: mail.subject, content: mail.content, pixelUrl }),
      attachments: await this.attachmentsOf(send),
    };
  }

  /** Read from the object store once per send (and per process), not once per recipient. */
  private attachmentsOf(send: BulkSend): Promise<MailAttachment[]> {
    if (send.mail.kind !== 'campaign' || send.mail.attachments.length === 0) return Promise.resolve([]);
    let loading = this.attachments.get(send._id);
    if (!loading) {
      const files = send.mail.attachments;
      loading = Promise.all(
        files.map(async (file) => {
          const stored = await this.deps.files.get(file.key);
          if (!stored) throw new Error(`attachment ${file.filename} is missing from the object store (${file.key})`);
          return { filename: file.filename, content: stored.body, contentType: file.contentType };
        }),
      );
      if (this.attachments.size >= ATTACHMENT_CACHE_SIZE) this.attachments.delete(this.attachments.keys().next().value!);
      this.attachments.set(send._id, loading);
      loading.catch(() => this.attachments.delete(send._id));
    }
    return loading;
  }
}

const eventTypeOf = (send: BulkSend): string => (send.mail.kind === 'campaign' ? 'CampaignQueued' : 'JobNotificationRequested');
