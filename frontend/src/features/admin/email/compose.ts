import { EMAIL_MESSAGES, hasVisibleContent, LIMITS, scheduledTimeProblem } from '@placement/domain';
import type { ComposedEmail, Recipient } from './types';

/** Every text of the bulk e-mail screen: the spec's (§5, §8) word for word, then the few it does not word. */
export const EMAIL_TEXT = {
  noData: 'No data received from the server. Please check your API endpoint.',
  invalidData: "Received invalid data structure from the server. Expected an object with a 'users' array.",
  loadFailed: (reason: string) => `Failed to load email data: ${reason}`,
  saveTemplateFailed: (reason: string) => `Failed to save template: ${reason}`,
  sendFailed: (reason: string) => `Failed to send email: ${reason}`,
  userGroupsFallback: 'Failed to fetch user groups. Check API endpoint and server logs.',
  templatesFallback: 'Failed to fetch email templates',
  saveTemplateFallback: 'Failed to save template',
  sendFallback: 'Failed to send email',
  nonJson: 'Received non-JSON response from server',
  templateSaved: 'Template saved successfully',
  sent: (count: number) => `Email sent successfully to ${count} recipients`,
  moreRecipients: (count: number) => `+ ${count} more recipients`,
  noTemplate: 'No Template',
  recipients: EMAIL_MESSAGES.recipients,
  subject: EMAIL_MESSAGES.subject,
  content: EMAIL_MESSAGES.content,
  templateName: EMAIL_MESSAGES.templateName,
  scheduledForPast: EMAIL_MESSAGES.scheduledForPast,
  // Not worded by the spec:
  loading: 'Loading recipients...',
  noRecipients: 'No recipients match.',
  undelivered: (failed: number, total: number) => `${failed} of ${total} recipients could not be reached`,
  stillSending: 'The email is still being sent; its progress is in the campaign list.',
  noCampaigns: 'No emails sent yet.',
  loadingCampaigns: 'Loading campaigns...',
  campaignsFailed: 'Failed to load campaigns',
} as const;

/** Spec §4 and §9: the success message and the form stay for 3 s. */
export const SUCCESS_TIMEOUT_MS = LIMITS.reviewMessageTimeoutMs;
export const PREVIEW_COUNT = LIMITS.recipientPreviewCount;

export const ALL_ROLES = 'all';

/** The user-groups answer must be an object with a users array (spec §8). */
export function recipientsFrom(body: unknown): Recipient[] {
  if (body === null || body === undefined || body === '') throw new Error(EMAIL_TEXT.noData);
  const users = typeof body === 'object' ? (body as { users?: unknown }).users : undefined;
  if (!Array.isArray(users)) throw new Error(EMAIL_TEXT.invalidData);
  return users.filter((user): user is Recipient => Boolean(user) && typeof (user as Recipient)._id === 'string');
}

/** A missing templates list is tolerated as empty (spec §8). */
export function templatesFrom<T>(body: unknown): T[] {
  const templates = body && typeof body === 'object' ? (body as { templates?: unknown }).templates : undefined;
  return Array.isArray(templates) ? (templates as T[]) : [];
}

/** The role filter's options: the distinct roles of the users (spec §6), in order of first appearance. */
export const rolesOf = (users: readonly Recipient[]): string[] => [...new Set(users.map((user) => user.role))];

/** Users of the chosen role whose name, e-mail, roll number or school contains the search, case-insensitively. */
export function filterRecipients(users: readonly Recipient[], search: string, role: string): Recipient[] {
  const needle = search.trim().toLowerCase();
  return users.filter((user) => {
    if (role !== ALL_ROLES && user.role !== role) return false;
    if (!needle) return true;
    return [user.fullName, user.email, user.rollNo, user.school].some((field) => (field ?? '').toLowerCase().includes(needle));
  });
}

/**
 * Who the e-mail goes to: everyone the filters show, or, when individual selection is on, the users
 * ticked (in list order), wherever the filters are.
 */
export function chosenRecipients(users: readonly Recipient[], shown: readonly Recipient[], individual: boolean, ticked: ReadonlySet<string>): Recipient[] {
  return individual ? users.filter((user) => ticked.has(user._id)) : [...shown];
}

/** The first five recipients and how many more there are. */
export function previewOf<T>(recipients: readonly T[], count = PREVIEW_COUNT): { shown: T[]; more: number } {
  return { shown: recipients.slice(0, count), more: Math.max(0, recipients.length - count) };
}

/** The datetime-local value as an ISO instant, or null when it is not sent (spec §5: only when Schedule Send is on and a value is set). */
export function scheduledInstant(email: Pick<ComposedEmail, 'scheduleSend' | 'scheduledAt'>): string | null {
  if (!email.scheduleSend || !email.scheduledAt) return null;
  const date = new Date(email.scheduledAt);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The first problem of the e-mail, in the order of the spec's rules, or null. */
export function sendProblem(email: ComposedEmail, now: Date): string | null {
  if (email.recipients.length === 0) return EMAIL_TEXT.recipients;
  if (!email.subject.trim()) return EMAIL_TEXT.subject;
  if (!hasVisibleContent(email.content)) return EMAIL_TEXT.content;
  return scheduledTimeProblem(scheduledInstant(email), now);
}

/** The first problem of a template to save, or null. */
export function templateProblem(template: { name: string; subject: string; content: string }): string | null {
  if (!template.name.trim()) return EMAIL_TEXT.templateName;
  if (!template.subject.trim()) return EMAIL_TEXT.subject;
  if (!hasVisibleContent(template.content)) return EMAIL_TEXT.content;
  return null;
}

/** The send button is off without recipients, subject or content, or while sending (spec §5). */
export const canSend = (email: Pick<ComposedEmail, 'recipients' | 'subject' | 'content'>, sending: boolean): boolean =>
  !sending && email.recipients.length > 0 && email.subject !== '' && email.content !== '';

/** The multipart body of POST /api/email/send (spec §7). */
export function sendFormData(email: ComposedEmail, attachments: readonly File[]): FormData {
  const form = new FormData();
  form.append('subject', email.subject.trim());
  form.append('content', email.content);
  form.append('trackOpens', String(email.trackOpens));
  form.append('recipients', JSON.stringify(email.recipients));
  const scheduled = scheduledInstant(email);
  if (scheduled) form.append('scheduledDateTime', scheduled);
  for (const file of attachments) form.append('attachments', file, file.name);
  return form;
}

/** A file size for people: 812 B, 14.2 KB, 3.1 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
