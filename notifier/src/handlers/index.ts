import { applicationStatusHandler } from './application-status';
import { applicationSubmittedHandler } from './application-submitted';
import { campaignQueuedHandler } from './campaign-queued';
import type { EventHandler } from './handler';
import { jobAnnouncementHandler } from './job-announcement';
import { passwordResetHandler } from './password-reset';
import { registrationAttemptHandler } from './registration-attempt';
import { verificationHandler } from './verification';

export * from './handler';

/** One handler per event type that causes mail; every other event is passed over. */
export const HANDLERS: ReadonlyMap<string, EventHandler> = new Map(
  [verificationHandler, registrationAttemptHandler, passwordResetHandler, jobAnnouncementHandler, applicationSubmittedHandler, applicationStatusHandler, campaignQueuedHandler].map((handler) => [handler.type, handler]),
);
