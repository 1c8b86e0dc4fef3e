import type { RenderedMail } from '../mail/mailer';
import { renderMail } from './layout';

/**
 * Sent to the owner of a verified account when someone signs up with its address. Sign-up answers
 * such an attempt exactly as it answers a new account, so this mail is the only place it is told.
 */
export function registrationAttemptMail({ signInLink }: { signInLink: string }): RenderedMail {
  return renderMail('Someone tried to sign up with your email address', {
    paragraphs: [
      'Someone just tried to create a Placement Portal account with this email address. You already have an account with it, so no new account was made.',
    ],
    action: { label: 'Sign in to the Placement Portal', url: signInLink },
    after: ['If it was you, sign in with your existing account. If it was not you, you can ignore this email: your account has not changed.'],
  });
}
