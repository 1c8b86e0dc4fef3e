import type { RenderedMail } from '../mail/mailer';

/** Who every mail comes from, in its header, text and footer. */
export const PORTAL_NAME = 'Placement Portal — Career Development Centre';
const SIGNATURE = 'Career Development Centre';
const FOOTER = 'You receive this e-mail because you have an account on the Placement Portal of the Career Development Centre.';

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const UTC_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** An instant as people read it, e.g. '23 Nov 2026, 10:00 UTC'. */
export const readableTime = (iso: string): string => `${UTC_TIME.format(new Date(iso))} UTC`;

const UTC_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
export const readableDate = (iso: string): string => (Number.isNaN(Date.parse(iso)) ? iso : UTC_DATE.format(new Date(iso)));

export interface MailBody {
  /** The recipient's name, if known ('Hello Asha,'); otherwise 'Hello,'. */
  name?: string;
  /** Plain text, escaped here. */
  paragraphs: string[];
  /** Label and value rows, e.g. the job's company and location. */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
  /** Plain text after the action. */
  after?: string[];
}

/** The shell every mail shares: portal name on top, the message, the signature and why the mail came. */
export function inLayout(subject: string, inner: { html: string; text: string }): RenderedMail {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
<tr><td style="background:#1d3557;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:6px 6px 0 0">${escapeHtml(PORTAL_NAME)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${inner.html}
<p style="margin:24px 0 0">Regards,<br>${escapeHtml(SIGNATURE)}</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(FOOTER)}</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${PORTAL_NAME}\n\n${inner.text.trim()}\n\nRegards,\n${SIGNATURE}\n\n--\n${FOOTER}\n`;
  return { subject, html, text };
}

export function renderMail(subject: string, body: MailBody): RenderedMail {
  const greeting = body.name ? `Hello ${body.name},` : 'Hello,';
  const paragraphs = (items: string[]) => items.map((item) => `<p style="margin:0 0 12px">${escapeHtml(item)}</p>`).join('\n');
  const details = body.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;border-collapse:collapse">${body.details
        .map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`
    : '';
  const action = body.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1d3557;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#6b7280">If the button does not work, open this address: <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = [paragraphs([greeting]), paragraphs(body.paragraphs), details, action, paragraphs(body.after ?? [])].filter(Boolean).join('\n');
  const text = [
    greeting,
    ...body.paragraphs,
    ...(body.details?.length ? [body.details.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    ...(body.after ?? []),
  ].join('\n\n');
  return inLayout(subject, { html, text });
}
