import { currentCorrelationId, type Logger, type SendMailOptions, type Transporter } from '@placement/platform';
import type { NotifierMetrics } from '../metrics';
import type { DeliveryLog } from './delivery-log';
import { deliveryKey, messageIdFor, recipientHash } from './identity';
import { RateLimiter, Semaphore } from './rate-limiter';
import type { SentLog } from './sent-log';

export type MailKind = 'verification' | 'registration-attempt' | 'password-reset' | 'job-announcement' | 'application-submitted' | 'application-status' | 'campaign';

/** What a template makes: an HTML mail with its plain-text part. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  /** The event that asked for the mail: with the recipient, it names the mail. */
  eventId: string;
  kind: MailKind;
  to: { email: string; name?: string };
  content: RenderedMail;
  attachments?: MailAttachment[];
}

export interface Delivery {
  outcome: 'sent' | 'already-sent';
  messageId: string;
}

/** A send that did not happen. `permanent`: the server refused the recipient or the message (5xx); trying again will not help. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';

  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MailerOptions {
  from: string;
  /** This process, in the sent log's claims. */
  owner: string;
  /** How long a claim holds before another process may send the mail again. */
  claimTtlMs: number;
  mailsPerSecond: number;
  concurrency: number;
  /** Asked about mails in doubt after a crash; without it they are sent again. */
  deliveryLog?: DeliveryLog;
}

export const CORRELATION_MAIL_HEADER = 'X-Correlation-Id';

const smtpCodeOf = (error: unknown): number | undefined => (error as { responseCode?: number }).responseCode;

/**
 * Exactly-once out, as far as SMTP allows: each mail is claimed in the sent log before it is sent and
 * recorded as sent after the server accepted it, so redelivered and republished events send nothing.
 * A crash between the server's acceptance and the record leaves a mail in doubt: the next claim finds
 * the expired claim and asks the delivery log by Message-ID; a mail the server has is a duplicate
 * detected and counted (`notifier_duplicates_detected_total`), not sent again. Without a delivery log
 * it goes again with the same Message-ID, counted (`notifier_in_doubt_resends_total`).
 */
export class Mailer {
  private readonly limiter: RateLimiter;
  private readonly slots: Semaphore;

  constructor(
    private readonly transport: Transporter,
    private readonly sentLog: SentLog,
    private readonly options: MailerOptions,
    private readonly metrics: NotifierMetrics,
    private readonly logger: Logger,
  ) {
    this.limiter = new RateLimiter(options.mailsPerSecond);
    this.slots = new Semaphore(options.concurrency);
  }

  /** Sends under the current correlation id, read now: a queued send may start in another's context. */
  deliver(mail: OutgoingMail): Promise<Delivery> {
    const correlationId = currentCorrelationId();
    return this.slots.run(() => this.send(mail, correlationId));
  }

  private async send(mail: OutgoingMail, correlationId: string | undefined): Promise<Delivery> {
    const key = deliveryKey(mail.eventId, mail.to.email);
    const messageId = messageIdFor(mail.eventId, mail.to.email);
    const { owner, claimTtlMs } = this.options;
    const claim = await this.sentLog.claim(key, { eventId: mail.eventId, recipientHash: recipientHash(mail.to.email), kind: mail.kind, messageId }, owner, claimTtlMs);
    if (claim === 'sent') {
      this.metrics.duplicatesSuppressed.inc({ kind: mail.kind });
      return { outcome: 'already-sent', messageId };
    }
    if (claim === 'busy') throw new MailDeliveryError('another notifier process is sending this mail right now', false);
    if (claim === 'claimed-in-doubt' && (await this.settleInDoubt(mail, key, messageId))) return { outcome: 'already-sent', messageId };
    await this.limiter.take();
    const stopTimer = this.metrics.sendSeconds.startTimer();
    let response: string;
    try {
      const info = (await this.transport.sendMail(this.message(mail, messageId, correlationId))) as { response?: string };
      response = info.response ?? '';
    } catch (error) {
      const code = smtpCodeOf(error);
      const permanent = code !== undefined && code >= 500 && code < 600;
      const reason = error instanceof Error ? error.message : String(error);
      this.metrics.failed.inc({ kind: mail.kind, permanent: String(permanent) });
      await this.sentLog.markFailed(key, owner, reason);
      throw new MailDeliveryError(reason, permanent);
    } finally {
      stopTimer();
    }
    await this.sentLog.markSent(key, owner, response);
    this.metrics.sent.inc({ kind: mail.kind });
    return { outcome: 'sent', messageId };
  }

  /**
   * An earlier claim ran out without a record of the outcome: its process died between claiming and
   * recording, maybe after the SMTP server accepted the mail. With a delivery log, a mail it has is a
   * duplicate detected (recorded as sent, not sent again); otherwise the mail goes again, counted.
   */
  private async settleInDoubt(mail: OutgoingMail, key: string, messageId: string): Promise<boolean> {
    const { deliveryLog, owner } = this.options;
    if (deliveryLog && (await deliveryLog.accepted(messageId))) {
      await this.sentLog.markSent(key, owner, 'accepted before a crash; found in the delivery log');
      this.metrics.duplicatesDetected.inc({ kind: mail.kind });
      this.logger.info({ eventId: mail.eventId, messageId, kind: mail.kind }, 'a mail left in doubt by a crash had been accepted; not sent again');
      return true;
    }
    this.metrics.inDoubt.inc({ kind: mail.kind, checked: String(deliveryLog !== undefined) });
    if (!deliveryLog) this.logger.warn({ eventId: mail.eventId, messageId, kind: mail.kind }, 'sending a mail again whose earlier send ended without a record: a possible duplicate, with the same Message-ID');
    return false;
  }

  private message(mail: OutgoingMail, messageId: string, correlationId: string | undefined): SendMailOptions {
    return {
      from: this.options.from,
      to: mail.to.name ? { name: mail.to.name, address: mail.to.email } : mail.to.email,
      subject: mail.content.subject,
      html: mail.content.html,
      text: mail.content.text,
      messageId,
      // RFC 3834: machine-sent, so auto-responders stay quiet.
      // X-Correlation-Id: the request (or event) the mail goes back to, for following one id from a click to the inbox.
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Placement-Event-Id': mail.eventId, 'X-Placement-Mail': mail.kind, ...(correlationId ? { [CORRELATION_MAIL_HEADER]: correlationId } : {}) },
      attachments: mail.attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
    };
  }
}
