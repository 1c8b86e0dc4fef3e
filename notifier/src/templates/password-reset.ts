import type { RenderedMail } from '../mail/mailer';
import { readableTime, renderMail } from './layout';

export interface PasswordResetMail {
  link: string;
  /** ISO instant. */
  expiresAt: string;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Placement Portal password';

/** Sent when someone asks to reset the password of this account ('Forgot password?'); only the owner's inbox gets the link. */
export function passwordResetMail({ link, expiresAt }: PasswordResetMail): RenderedMail {
  return renderMail(PASSWORD_RESET_SUBJECT, {
    paragraphs: ['We received a request to reset the password of your Placement Portal account. Choose a new password with the link below.'],
    action: { label: 'Reset your password', url: link },
    after: [
      `This link works once and expires on ${readableTime(expiresAt)} (30 minutes after the request). Resetting your password signs you out everywhere.`,
      'If you did not ask for this, you can ignore this email: your password has not changed.',
    ],
  });
}
