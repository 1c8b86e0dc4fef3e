import { PORTAL_NAME, registrationAttemptMail, verificationMail } from '.';

describe('the mail to the owner of an address someone signed up with', () => {
  const mail = registrationAttemptMail({ signInLink: 'https://portal.example/auth-Container' });

  it('says no account was made and links to sign-in, in both parts', () => {
    expect(mail.subject).toBe('Someone tried to sign up with your email address');
    expect(mail.text).toContain(PORTAL_NAME);
    expect(mail.text).toContain('no new account was made');
    expect(mail.html).toContain('href="https://portal.example/auth-Container"');
    expect(mail.text).toContain('Sign in to the Placement Portal: https://portal.example/auth-Container');
  });
});

describe('the verification mail', () => {
  it('says that earlier links keep working', () => {
    const mail = verificationMail({ link: 'https://portal.example/verify-email?token=u1.abc', expiresAt: '2026-11-23T10:00:00.000Z' });
    expect(mail.text).toContain('Links sent to you earlier keep working until one of them is used.');
  });
});
