/**
 * Forgot password in Debian's Chromium against the running local stack (`npm start`): the Login tab's
 * link, the request, the mail read back from the SMTP server (MailDev), the page its link opens, and
 * signing in with the new password. Every session from before the reset ends with it: a token taken
 * at the gateway and the browser that was signed in are both refused afterwards. Then the signed-in
 * password change on the Profile page, and signing out for good. The new screens are checked with
 * axe-core and photographed at desktop and phone widths into docs/screenshots/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from '../../command-api/src/test-support';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { inspectScreenAtEveryWidth as inspectScreen, label, mailsTo, open, storedToken, submitLogin } from '../support/journey';
import { portalRequest, signInAtGateway, testClientAddress, uniqueTag } from '../support/portal';

const tag = uniqueTag();
const OLD_PASSWORD = 'the password I forgot';
const NEW_PASSWORD = 'a brand new passphrase';
const CHANGED_PASSWORD = 'changed on the profile page';
const RESET_SUBJECT = 'Reset your Placement Portal password';
const SESSION_EXPIRED = 'Session expired. Please login again.';

const linkIn = (text: string | undefined, path: string): string => {
  const found = new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]*`).exec(text ?? '');
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return found[0];
};

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL('**/student-details', { timeout: 15_000 });
}

describe('forgot password in Chromium against the running stack', () => {
  const clientAddress = testClientAddress();
  let api: CommandApiUnderTest;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  /** The browser the student forgot the password in. */
  let page: Page;
  /** Another browser, signed in before the reset. */
  let signedInElsewhere: Page;
  let email: string;
  /** A session token taken at the gateway before the reset. */
  let tokenBefore: string;

  const newPage = async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    contexts.push(context);
    const created = await context.newPage();
    created.setDefaultTimeout(15_000);
    return created;
  };

  beforeAll(async () => {
    api = await startCommandApi();
    // A verified student with a password, written to the stack's event store; the stack signs it in.
    const student = await signedInUser(api, 'student', { fullName: `Kavya Nair ${tag}`, password: OLD_PASSWORD });
    email = student.email;
    tokenBefore = await signInAtGateway(email, OLD_PASSWORD, clientAddress);
    browser = await launchBrowser();
    page = await newPage();
    signedInElsewhere = await newPage();
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await browser?.close();
    await api?.stop();
  });

  it('is signed in elsewhere before the reset, and its token reads the profile', async () => {
    await signIn(signedInElsewhere, email, OLD_PASSWORD);
    expect((await portalRequest('GET', '/api/profile/me', { token: tokenBefore, clientAddress })).status).toBe(200);
  }, 60_000);

  it("asks for a reset link from the Login tab's 'Forgot password?', with the address typed there", async () => {
    await open(page, '/auth-Container');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    const request = page.getByRole('form', { name: 'Forgot password' });
    expect(await request.getByLabel(label('Email')).inputValue()).toBe(email);
    await inspectScreen(page, 'forgot-password');
    await request.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText('If an account exists for this email, we have sent a link to reset its password. Please check your inbox.').waitFor();
    await inspectScreen(page, 'forgot-password-sent');
  }, 60_000);

  it('opens the link of the mail read back from the SMTP server, sets a new password and signs in with it', async () => {
    const [mail] = await mailsTo(email, RESET_SUBJECT);
    const link = new URL(linkIn(mail!.text, '/reset-password'));
    expect(link.searchParams.get('token')).toBeTruthy();
    await page.goto(link.toString(), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel(label('New Password')).fill(NEW_PASSWORD);
    await form.getByLabel(label('Confirm New Password')).fill(`${NEW_PASSWORD}!`);
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await form.getByText('Passwords do not match.').waitFor();
    await form.getByLabel(label('Confirm New Password')).fill(NEW_PASSWORD);
    await inspectScreen(page, 'reset-password');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('status').getByText('Your password has been reset. Please sign in with your new password.').waitFor();

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/auth-Container');
    await signIn(page, email, NEW_PASSWORD);
    await page.getByText(`Hi, Kavya Nair ${tag}`).waitFor();

    // The link worked once.
    await page.goto(link.toString(), { waitUntil: 'networkidle' });
    const again = page.getByRole('form', { name: 'Reset password' });
    await again.getByLabel(label('New Password')).fill('one more new passphrase');
    await again.getByLabel(label('Confirm New Password')).fill('one more new passphrase');
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('This password reset link has already been used. Please request a new one if you still need it.').waitFor();
  }, 90_000);

  it('refuses every session from before the reset: the token taken at the gateway, and the browser signed in elsewhere', async () => {
    for (const [method, path] of [
      ['GET', '/api/profile/me'],
      ['POST', '/api/auth/change-password'],
    ] as const) {
      const refused = await portalRequest<{ message?: string }>(method, path, { token: tokenBefore, clientAddress, body: method === 'POST' ? {} : undefined });
      expect({ path, status: refused.status, message: refused.body.message }).toEqual({ path, status: 401, message: SESSION_EXPIRED });
    }
    expect((await portalRequest('POST', '/api/auth/login', { body: { email, password: OLD_PASSWORD }, clientAddress })).status).toBe(401);

    // The browser that was signed in before finds its session over at its next call.
    await signedInElsewhere.reload({ waitUntil: 'networkidle' });
    await signedInElsewhere.waitForURL('**/auth-Container', { timeout: 15_000 });
    expect(await storedToken(signedInElsewhere)).toBeNull();
  }, 60_000);

  it('changes the password on the Profile page and stays signed in there, then signs out for good', async () => {
    await open(page, '/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    const before = await storedToken(page);
    await form.getByLabel(label('Current Password')).fill(NEW_PASSWORD);
    await form.getByLabel(label('New Password')).fill(CHANGED_PASSWORD);
    await form.getByLabel(label('Confirm New Password')).fill(CHANGED_PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Your password has been changed.').waitFor();
    const after = await storedToken(page);
    expect(after).not.toBe(before);
    expect((await portalRequest('GET', '/api/profile/me', { token: before!, clientAddress })).status).toBe(401);
    expect((await portalRequest('GET', '/api/profile/me', { token: after!, clientAddress })).status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth-Container');
    expect(await storedToken(page)).toBeNull();
    await open(page, '/dashboard');
    await page.waitForURL('**/auth-Container');
    expect(await storedToken(page)).toBeNull();
    await signIn(page, email, CHANGED_PASSWORD);
  }, 60_000);
});
