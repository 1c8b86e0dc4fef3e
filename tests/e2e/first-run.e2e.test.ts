/**
 * The first minutes of a placement cell, in Debian's Chromium against the running local stack
 * (`npm start`), nothing mocked: the real `npm run admin -- create` makes the first admin (and
 * `list` shows it), the admin signs in on the Login tab, sets up two-step verification in the
 * panel with codes this test computes from the otpauth URI the set-up answered, as an authenticator
 * app would, signs out and back in with a code (the set-up's own code is refused as used), then
 * `npm run demo` loads the demo season (or finds it loaded and adds nothing) and the dashboard's
 * cards and charts show at least the season's figures (the shared stack holds other runs' data
 * too). The new screens are checked with axe-core and photographed into docs/screenshots/.
 */
import { TOTP, URI } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_MESSAGES } from '@placement/domain';
import { buildSeason, DEFAULT_DEMO_SEED, DEMO_SIZE, type Season } from '../../command-api/src/demo/season';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { eventually, inspectPanelScreen, inspectScreenAtEveryWidth, storedToken, submitLogin } from '../support/journey';
import { PORTAL_URL, portalRequest, testClientAddress, uniqueTag } from '../support/portal';
import { npmRun } from '../support/processes';

const tag = uniqueTag();
const ADMIN = { fullName: 'Lakshmi Rao', email: `first.admin.${tag}@university.edu`, password: 'the first admin of this cell' };

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The authenticator app: the code of one time step of the secret. */
const codeOf = (totp: TOTP, step: number): string => totp.generate({ timestamp: step * totp.period * 1000 });
const stepNow = (totp: TOTP): number => TOTP.counter({ period: totp.period, timestamp: Date.now() });

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin Panel' });

/** The dashboard's cards (figure by label) and what its three charts say (their canvases' labels). */
interface Dashboard {
  cards: Record<string, number>;
  applications: { pendingReview: number; accepted: number; rejected: number };
  jobs: { pending: number; approved: number; rejected: number };
  approvalRate: string;
}

/** What the demo season alone puts on the dashboard: the stack's figures are at least these. */
function figuresOf(season: Season): Omit<Dashboard, 'approvalRate'> {
  const finalStatuses = season.applications.map((application) => application.changes.at(-1)?.status ?? 'Applied');
  const applicationsIn = (...statuses: string[]) => finalStatuses.filter((status) => statuses.includes(status)).length;
  const jobsIn = (status: Season['jobs'][number]['status']) => season.jobs.filter((job) => job.status === status).length;
  return {
    cards: {
      'Total Users': 1 + season.staff.length + season.students.length,
      'Total Applications': season.applications.length,
      'Total Jobs': season.jobs.length,
      'Total Trainings': season.trainings.length,
      'Total Experiences': season.experiences.length,
    },
    applications: { pendingReview: applicationsIn('Applied', 'Under Review', 'Scheduled'), accepted: applicationsIn('Accepted'), rejected: applicationsIn('Rejected') },
    jobs: { pending: jobsIn('pending'), approved: jobsIn('approved'), rejected: jobsIn('rejected') },
  };
}

/** Reads the dashboard as shown, after opening it afresh (it loads its figures when it mounts). */
async function readDashboard(page: Page): Promise<Dashboard> {
  await page.goto(`${PORTAL_URL}/admin-panel?section=dashboard`);
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  const [terms, values] = await Promise.all([page.getByRole('term').allInnerTexts(), page.getByRole('definition').allInnerTexts()]);
  const cards = Object.fromEntries(terms.map((term, index) => [term.trim(), Number(values[index]?.trim())]));
  const chartLabel = async (name: string, pattern: RegExp): Promise<number[]> => {
    const chart = page.getByRole('img', { name: new RegExp(`^${name}`) });
    const box = await chart.boundingBox();
    if (!box || box.width === 0 || box.height === 0) throw new Error(`the chart '${name}' is not drawn`);
    const text = (await chart.getAttribute('aria-label')) ?? '';
    const found = pattern.exec(text);
    if (!found) throw new Error(`the chart '${name}' says '${text}'`);
    return found.slice(1).map(Number);
  };
  const [pendingReview, accepted, rejected] = await chartLabel('Applications by status', /: (\d+) pending review, (\d+) accepted, (\d+) rejected$/);
  const [pending, approved, rejectedJobs] = await chartLabel('Jobs by status', /: (\d+) pending, (\d+) approved, (\d+) rejected$/);
  const rate = (await page.getByRole('img', { name: /^Approval rate / }).getAttribute('aria-label')) ?? '';
  return {
    cards,
    applications: { pendingReview: pendingReview!, accepted: accepted!, rejected: rejected! },
    jobs: { pending: pending!, approved: approved!, rejected: rejectedJobs! },
    approvalRate: /^Approval rate ([\d.]+%)/.exec(rate)?.[1] ?? rate,
  };
}

/** Each figure of `shown` that is below the season's, as 'name: shown < season' (none when the dashboard shows the season). */
function shortOfTheSeason(shown: Dashboard, season: Omit<Dashboard, 'approvalRate'>): string[] {
  const short: string[] = [];
  const compare = (group: string, seen: Record<string, number>, least: Record<string, number>) => {
    for (const [name, value] of Object.entries(least)) {
      const figure = seen[name];
      if (figure === undefined || !Number.isFinite(figure) || figure < value) short.push(`${group} ${name}: ${String(figure)} < ${value}`);
    }
  };
  compare('card', shown.cards, season.cards);
  compare('applications chart', shown.applications, season.applications);
  compare('jobs chart', shown.jobs, season.jobs);
  return short;
}

describe('the first run of a placement cell in Chromium against the running stack', () => {
  const clientAddress = testClientAddress();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The authenticator app's account, read from the otpauth URI of the set-up. */
  let totp: TOTP;
  /** The time step of the code that turned two-step verification on. */
  let enrolmentStep: number;
  let session: { token: string; userId: string; position: number | null };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', timezoneId: 'UTC', extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('makes the first admin with npm run admin -- create, the password on standard input, and npm run admin -- list shows it', async () => {
    const made = await npmRun('admin', ['create', '--email', ADMIN.email, '--name', ADMIN.fullName, '--password-stdin'], { stdin: `${ADMIN.password}\n` });
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toContain(`Made the admin account ${ADMIN.email} (${ADMIN.fullName})`);
    expect(made.stdout).not.toContain(ADMIN.password);

    const listed = await npmRun('admin', ['list']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout.split('\n')[0]).toMatch(/^E-MAIL\s+NAME\s+ROLE\s+STATUS$/);
    expect(listed.stdout).toMatch(new RegExp(`^${escaped(ADMIN.email)}\\s+${ADMIN.fullName}\\s+admin\\s+active$`, 'm'));
  }, 180_000);

  it('signs the new admin in on the Login tab, onto the dashboard', async () => {
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin-panel**', { timeout: 20_000 });
    await sidebar(page).waitFor();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    expect(await storedToken(page)).toBeTruthy();
  }, 60_000);

  it("sets up two-step verification in the panel: the otpauth URI's secret is the key shown, a computed code turns it on, ten recovery codes", async () => {
    await sidebar(page).getByRole('button', { name: 'Two-step verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
    await dialog.getByText('Two-step verification is off.', { exact: false }).waitFor();

    const setupReply = page.waitForResponse((response) => response.url().endsWith('/api/auth/second-factor/setup') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Set up two-step verification' }).click();
    const setup = (await (await setupReply).json()) as { secret: string; otpauthUri: string };
    const parsed = URI.parse(setup.otpauthUri);
    if (!(parsed instanceof TOTP)) throw new Error(`not a TOTP URI: ${setup.otpauthUri}`);
    totp = parsed;
    expect({ issuer: totp.issuer, label: totp.label, digits: totp.digits, period: totp.period }).toEqual({ issuer: 'Placement Portal', label: ADMIN.email, digits: 6, period: 30 });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    // The key for typing into the app is the URI's (what the QR code holds).
    expect((await dialog.getByTestId('second-factor-secret').innerText()).trim()).toBe(totp.secret.base32);
    await inspectPanelScreen(page, 'admin-two-step-setup');

    // A code of the current step: the server takes one step either side, so a step that ends while it travels still counts.
    enrolmentStep = stepNow(totp);
    await dialog.getByLabel('Authentication code').fill(codeOf(totp, enrolmentStep));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText('Two-step verification is on. Keep your recovery codes somewhere safe: each works once.').waitFor();
    await expect(dialog.getByTestId('recovery-codes').getByRole('listitem').count()).resolves.toBe(10);
    await inspectPanelScreen(page, 'admin-two-step-recovery-codes');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sidebar(page).getByRole('button', { name: 'Two-step verification' }).click();
    await dialog.getByText('Two-step verification is on. Sign-ins ask for a code from your authenticator app. 10 of 10 recovery codes left.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('signs out, and signing in again asks for a code: the set-up’s own code is refused, a fresh one signs the admin in', async () => {
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();

    await submitLogin(page, ADMIN.email, ADMIN.password);
    const step = page.getByRole('form', { name: 'Two-step verification' });
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    expect(await storedToken(page)).toBeNull();
    await inspectScreenAtEveryWidth(page, 'sign-in-two-step');

    // The code that turned it on was used: while its step is still within the server's window, it is refused as used.
    const before = stepNow(totp);
    await step.getByLabel(/^Authentication code/).fill(codeOf(totp, enrolmentStep));
    await step.getByRole('button', { name: 'Verify' }).click();
    const refusal = page.getByText(new RegExp(`^(${escaped(USER_MESSAGES.secondFactorCodeUsed)}|${escaped(USER_MESSAGES.invalidSecondFactorCode)})$`));
    await refusal.waitFor();
    if (stepNow(totp) <= enrolmentStep + 1 && before <= enrolmentStep + 1) expect(await refusal.innerText()).toBe(USER_MESSAGES.secondFactorCodeUsed);
    expect(page.url()).toMatch(/\/auth-Container$/);
    expect(await storedToken(page)).toBeNull();

    // A step after the used one: the next one when the current step is still the set-up's (within the window), else the current one.
    const fresh = Math.max(enrolmentStep + 1, stepNow(totp));
    const reply = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/second-factor') && response.request().method() === 'POST');
    await step.getByLabel(/^Authentication code/).fill(codeOf(totp, fresh));
    await step.getByRole('button', { name: 'Verify' }).click();
    const signedIn = await reply;
    expect(signedIn.status()).toBe(200);
    const body = (await signedIn.json()) as { token: string; user: { _id: string; role: string }; position?: number };
    expect(body.user.role).toBe('admin');
    session = { token: body.token, userId: body.user._id, position: body.position ?? null };
    await page.waitForURL('**/admin-panel**', { timeout: 20_000 });
    await sidebar(page).waitFor();
    expect(await storedToken(page)).toBe(body.token);
  }, 90_000);

  it("keeps the admin's history: made by the command line, the set-up and the code's use by the admin, and no secret in it", async () => {
    const history = await portalRequest<{ events: { type: string; actor: { id: string | null; role: string; name?: string } }[] }>('GET', `/api/audit/users/${session.userId}`, {
      token: session.token,
      after: session.position,
    });
    expect(history.status).toBe(200);
    const { events } = history.body;
    expect(events.map((event) => event.type)).toEqual(['UserCreatedByAdmin', 'SecondFactorEnrolmentStarted', 'SecondFactorEnrolled', 'SecondFactorCodeUsed']);
    expect(events[0]!.actor).toEqual({ id: null, role: 'system', name: 'command line (npm run admin)' });
    for (const event of events.slice(1)) expect(event.actor).toMatchObject({ id: session.userId, role: 'admin' });
    expect(JSON.stringify(history.body)).not.toContain(totp.secret.base32);
  }, 30_000);

  it('loads the demo season with npm run demo, or finds it loaded and adds nothing', async () => {
    const demo = await npmRun('demo', []);
    expect({ code: demo.code, stderr: demo.code === 0 ? '' : demo.stderr }).toEqual({ code: 0, stderr: '' });
    expect(demo.stdout).toMatch(/^(Loaded the demo season in [\d.]+ s: [\d,]+ events appended|The demo season was already loaded: [\d,]+ streams checked, nothing appended)/);
    expect(demo.stdout).toContain('Demo sign-ins');
  }, 300_000);

  it("shows the season on the dashboard: each card and chart at least the season's figures", async () => {
    const season = figuresOf(buildSeason({ seed: DEFAULT_DEMO_SEED, size: DEMO_SIZE, now: new Date() }));
    let shown: Dashboard | undefined;
    try {
      // Just loaded, the read models take a few seconds to catch up; the dashboard reads them when opened.
      await eventually('the dashboard shows the season', async () => {
        shown = await readDashboard(page);
        return shortOfTheSeason(shown, season).length === 0;
      }, 90_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${shown ? shortOfTheSeason(shown, season).join('; ') : 'nothing read'}`, { cause: error });
    }
    expect(shown!.approvalRate).toMatch(/^\d+(\.\d)?%$/);
    await inspectPanelScreen(page, 'admin-dashboard-season');
  }, 120_000);
});
