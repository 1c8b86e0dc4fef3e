import type { Logger, RelayedEvent } from '@placement/platform';
import type { z } from 'zod';
import type { ApplicantAddresses } from '../applicant-address';
import type { BulkRecipient, BulkSend } from '../bulk/bulk-sends';
import type { StudentDirectory } from '../directory/students';
import type { JobDirectory } from '../directory/jobs';
import type { PortalLinks } from '../links';
import type { Mailer } from '../mail/mailer';

/** What handlers use: they decide who gets which mail and leave the sending to the mailer or the bulk queue. */
export interface HandlerContext extends NotifierServices {
  /** When the event reached the notifier (`performance.now()`): the directories answer as of then or later. */
  receivedAt: number;
}

/** The part of the handlers' context that every event shares. */
export interface NotifierServices {
  mailer: Mailer;
  links: PortalLinks;
  jobs: Pick<JobDirectory, 'summary'>;
  /** Where an application's mails go: only to the student's own addresses. */
  applicants: ApplicantAddresses;
  directory: StudentDirectory;
  /** Queues a bulk send (idempotent per event) and wakes the dispatcher. */
  enqueueBulk: (send: Omit<BulkSend, 'recipients' | 'chunks' | 'createdAt'>, recipients: BulkRecipient[]) => Promise<void>;
  /** The secret the verification links are signed with (the command side's JWT_SECRET). */
  secret: string;
  directoryWaitMs: number;
  logger: Logger;
}

/** Turns one type of event into mails. Throwing sends the event to the retry topic. */
export interface EventHandler {
  type: string;
  handle(event: RelayedEvent, context: HandlerContext): Promise<void>;
}

/** The event's data as the handler expects it; an event that does not match fails (and is retried, then dead-lettered). */
export function dataOf<Schema extends z.ZodType>(event: RelayedEvent, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) throw new Error(`${event.type} ${event.eventId} does not have the expected data: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'} ${issue.message}`).join('; ')}`);
  return parsed.data;
}
