/**
 * What the browser journeys (tests/e2e/) share: waiting for mail and for the read side, opening a
 * route, signing in on the Login tab, finding fields by their shown labels, and checking and
 * photographing screens.
 */
import type { Locator, Page } from 'playwright-core';
import type { Role } from '@placement/domain';
import { Mailbox, type ReceivedMail } from '@placement/platform';
import type { SignedInUser } from '../../command-api/src/test-support';
import { LOCAL_DEFAULTS, LOCAL_STACK } from '../../platform/src/config/local-stack';
import { seriousViolations } from './axe';
import { screenshot, VIEWPORTS } from './browser';
import { PORTAL_URL, portalRequest, signInAtGateway } from './portal';

export const mailbox = new Mailbox(LOCAL_DEFAULTS.MAILBOX_API_URL);

/**
 * The mails with this subject that reached `address`, waiting until at least one did. A bulk send
 * lasts as long as its recipients need at the notifier's rate, however many the stack holds: given
 * `progress` (a count that grows while the send goes on), the wait gives up only `timeoutMs` after
 * the count last grew.
 */
export async function mailsTo(address: string, subject: string, timeoutMs = 45_000, progress?: () => Promise<number>): Promise<ReceivedMail[]> {
  let deadline = Date.now() + timeoutMs;
  let done = progress ? await progress() : 0;
  for (;;) {
    const mails = await mailbox.withSubjectTo(subject, address);
    if (mails.length > 0) return mails;
    const now = progress ? await progress() : done;
    if (now > done) [done, deadline] = [now, Date.now() + timeoutMs];
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs / 1000} s${progress ? ' of the last progress' : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * How many mails the stack's notifier has had accepted by SMTP since it started, of one kind or of
 * all (its /metrics).
 */
export async function notifierMailsSent(kind?: string): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${LOCAL_STACK.services.notifier}/metrics`)).text();
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('notifier_mails_sent_total{') && (kind === undefined || line.includes(`kind="${kind}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * Waits for the read side: a command's position buys about 2 s of waiting on the query side, and on
 * a busy shared machine the projections may be further behind than that.
 */
export async function eventually(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Waits until a table's body holds exactly one row for each of `texts` and no other: a filter or a
 * search has applied. On a stack that holds other runs' data the unfiltered list comes first and
 * may already show the rows looked for, so a count taken as soon as they appear counts everything.
 */
export async function tableRowsAre(scope: Page | Locator, texts: string[], what: string, timeoutMs = 30_000): Promise<void> {
  const rows = scope.locator('tbody').getByRole('row');
  let shown: string[] = [];
  const matches = () => shown.length === texts.length && texts.every((text) => shown.filter((row) => row.includes(text)).length === 1);
  try {
    await eventually(what, async () => {
      shown = await rows.allInnerTexts();
      return matches();
    }, timeoutMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}: the table shows ${shown.length} rows, ${texts.length} expected (${texts.join(', ')})`, { cause: error });
  }
}

/** A field's label as shown: the text, then ' *' when the field is required. */
export const label = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

// The tests are type-checked without the DOM library: the browser's own function, by its shape.
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => number }).requestAnimationFrame(() => resolve())));

/** Opens a route of the portal and waits until its network is quiet. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${PORTAL_URL}${path}`, { waitUntil: 'networkidle' });
}

/** Fills the Login tab and presses Login, as a person would; where it leads is the caller's to wait for. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await open(page, '/auth-Container');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(label('Password')).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The session token the browser keeps, or null when signed out. */
export const storedToken = (page: Page) => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage.getItem('token'));

/** Lists show every record of the shared stack: a photograph of the panel keeps their top, three screens tall. */
const PANEL_SCREENSHOT_MAX_HEIGHT = 2400;

/** An admin panel screen as it is now, at desktop width: no serious or critical axe violation, no sideways scrolling, then a screenshot. */
export async function inspectPanelScreen(page: Page, name: string): Promise<void> {
  await nextFrame(page);
  expect({ screen: name, violations: await seriousViolations(page) }).toEqual({ screen: name, violations: [] });
  // The panel is for desktops: at 1280 px nothing may push the page into scrolling sideways.
  const pageWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect({ screen: name, pageWidth }).toEqual({ screen: name, pageWidth: VIEWPORTS.desktop.width });
  // From the top, so that the sticky sidebar is photographed where it starts.
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
  await screenshot(page, name, 'desktop', { maxHeight: PANEL_SCREENSHOT_MAX_HEIGHT });
}

/** A public or student screen as it is now, at each width: no serious or critical axe violation, then a screenshot. */
export async function inspectScreenAtEveryWidth(page: Page, name: string): Promise<void> {
  for (const [viewport, size] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, { width: number; height: number }][]) {
    await page.setViewportSize(size);
    await nextFrame(page);
    expect({ screen: name, viewport, violations: await seriousViolations(page) }).toEqual({ screen: name, viewport, violations: [] });
    await screenshot(page, name, viewport);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The password of every account a journey makes. */
export const JOURNEY_PASSWORD = 'a long enough password';

/** An account a journey makes through the admin panel's API. */
export interface JourneyAccount {
  fullName: string;
  email: string;
  role: Role;
  rollNo?: string;
  mobileNo?: string;
}

/** An account made by an admin through the API (verified at once), signed in with its password at the gateway. */
export async function createdAndSignedIn(adminToken: string, account: JourneyAccount, clientAddress: string): Promise<SignedInUser> {
  const created = await portalRequest<{ user: { _id: string } }>('POST', '/api/admin/users', { token: adminToken, body: { ...account, password: JOURNEY_PASSWORD, status: 'active' } });
  expect(created.status).toBe(201);
  return { id: created.body.user._id, email: account.email, role: account.role, token: await signInAtGateway(account.email, JOURNEY_PASSWORD, clientAddress) };
}
