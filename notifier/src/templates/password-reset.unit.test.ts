import { PASSWORD_RESET_SUBJECT, PORTAL_NAME, passwordResetMail } from '.';

describe('the password reset mail', () => {
  const mail = passwordResetMail({ link: 'https://portal.example/reset-password?token=u1.a_b-c', expiresAt: '2026-11-23T10:30:00.000Z' });

  it('puts the reset link in both parts, with its expiry, and says what to do if it was not asked for', () => {
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail.text.startsWith(PORTAL_NAME)).toBe(true);
    expect(mail.html).toContain('href="https://portal.example/reset-password?token=u1.a_b-c"');
    expect(mail.text).toContain('Reset your password: https://portal.example/reset-password?token=u1.a_b-c');
    expect(mail.text).toContain('expires on 23 Nov 2026, 10:30 UTC');
    expect(mail.text).toContain('If you did not ask for this, you can ignore this email');
  });
});
