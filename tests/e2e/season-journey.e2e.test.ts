/**
 * The placement season (issue 16) in Debian's Chromium against the running local stack (`npm start`):
 * the real gateway, services, event store, projections, Kafka, notifier and SMTP server; nothing mocked.
 * An admin sets a job's minimum CGPA in Job Management's edit form (beside a Regular and a Dream-marked
 * job), runs What if? on a proposed placement policy and publishes it; a student below the rules sees why and cannot apply; an eligible one applies,
 * is scheduled in the dialog (the mail carries the slot and an .ics file), receives an offer, accepts it,
 * and is then refused a Regular job with the policy's rule but applies to the Dream job; the statistics
 * show the placement in the student's group, and as of the day before, not yet.
 *
 * The policy applies to the whole shared stack: the one in force before the test is published again at
 * the end (the earlier student's history is made under a policy that closes nothing, published first). Figures are read for this run's own degree group, never the stack's totals.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { icsDateTime } from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { profileForm } from '../../command-api/src/applications/eligibility-fixtures';
import { pdfOfLines } from '../../ats-engine/src/test-support/fixtures';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { eventually, inspectPanelScreen, inspectScreenAtEveryWidth, label, mailbox, mailsTo, open, submitLogin, createdAndSignedIn, JOURNEY_PASSWORD, type JourneyAccount } from '../support/journey';
import { PORTAL_URL, portalRequest, signInAtGateway, testClientAddress, uniqueTag } from '../support/portal';

const tag = uniqueTag();

const ADMIN: JourneyAccount = { fullName: 'Kavya Menon', email: `kavya.${tag}@university.edu`, role: 'admin' };
const ELIGIBLE = { fullName: 'Rohan Das', email: `rohan.${tag}@university.edu`, role: 'student', rollNo: `EE22-${tag}-1`, mobileNo: '9876512345' } as const satisfies JourneyAccount;
const INELIGIBLE = { fullName: 'Sneha Pillai', email: `sneha.${tag}@university.edu`, role: 'student', rollNo: `EE22-${tag}-2`, mobileNo: '9876523456' } as const satisfies JourneyAccount;
/** A student of an earlier day of the season, whose history the proposed policy would have changed. */
const EARLIER = { fullName: 'Vikram Joshi', email: `vikram.${tag}@university.edu`, role: 'student', rollNo: `EE22-${tag}-3`, mobileNo: '9876534567' } as const satisfies JourneyAccount;

/** This run's own degree group: the statistics are compared in it alone, never in the stack's totals. */
const DEGREE = `B.Tech ${tag}`;

const job = (profiles: string, companyName: string, fields: Record<string, unknown>) => ({
  ...structuredClone(jobFixtures.validJobForm),
  companyLogo: '',
  profiles,
  companyName,
  ...fields,
});
// Minimum CGPA 7.0 (set by the admin); a Regular job by its CTC under the proposed policy.
// Posted without rules: the admin sets them in Job Management's edit form.
const RULES_JOB = job('Graduate Engineer', `Initech ${tag}`, { ctcOrStipend: '12 LPA' });
const REGULAR_JOB = job('Support Engineer', `Hooli ${tag}`, { ctcOrStipend: '9 LPA' });
// Marked Dream: its CTC alone would make it Regular.
const DREAM_JOB = job('Research Engineer', `Pied Piper ${tag}`, { ctcOrStipend: '18 LPA', tier: 'Dream' });
const titleOf = (posted: { profiles: string; companyName: string }) => `${posted.profiles} at ${posted.companyName}`;

const OFFER_CTC = 1_200_000;
const SLOT = { time: '10:30', minutes: '45', place: `Placement cell, Room ${tag}` };
const REFUSAL = 'You hold an accepted Regular offer; only Dream jobs are open to you';

/** A policy as GET /api/placement-policy gives it and POST takes it. */
interface Policy {
  version: number;
  tiers: Array<{ name: string; minCtc?: number }>;
  maxAcceptedOffers: number;
  openTiersAfterAcceptance: Array<{ heldTier: string; mayApplyTo: string[] }>;
}
const bodyOf = ({ tiers, maxAcceptedOffers, openTiersAfterAcceptance }: Policy) => ({ tiers, maxAcceptedOffers, openTiersAfterAcceptance });

/** Lets everyone apply to everything after any offer: the earlier student's history is made under it. */
const OPEN_POLICY = {
  tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 2_500_000 }],
  maxAcceptedOffers: 3,
  openTiersAfterAcceptance: [
    { heldTier: 'Regular', mayApplyTo: ['Regular', 'Dream'] },
    { heldTier: 'Dream', mayApplyTo: ['Regular', 'Dream'] },
  ],
};

/** YYYY-MM-DD (UTC) of the day before `day`. */
const dayBefore = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The student's profile through the real multipart endpoint, with a graduation CGPA and this run's degree. */
async function saveProfile(student: SignedInUser, cgpa: string, degree: string, clientAddress: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(profileForm(cgpa, '0', degree))) form.append(name, value);
  const response = await fetch(`${PORTAL_URL}/api/profile/update`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}`, 'X-Forwarded-For': clientAddress }, body: form });
  expect(response.status).toBe(200);
}

/** A student's application through the real multipart endpoint, with a PDF resume; the reply as it came. */
async function applyAs(student: SignedInUser, account: JourneyAccount, jobId: string, clientAddress: string): Promise<{ status: number; body: { applicationId?: string; message?: string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ jobId, fullName: account.fullName, email: account.email, phone: account.mobileNo ?? '9876500000' })) form.append(name, value);
  form.append('resume', new Blob([new Uint8Array(await pdfOfLines([account.fullName, account.email, 'SKILLS', 'SQL, Python']))], { type: 'application/pdf' }), 'resume.pdf');
  const response = await fetch(`${PORTAL_URL}/api/applications`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}`, 'X-Forwarded-For': clientAddress }, body: form });
  return { status: response.status, body: (await response.json()) as { applicationId?: string; message?: string } };
}

async function postApprovedJob(adminToken: string, posted: ReturnType<typeof job>): Promise<string> {
  const reply = await portalRequest<{ data: { _id: string } }>('POST', '/api/jobs', { token: adminToken, body: { ...posted, approveImmediately: false } });
  expect(reply.status).toBe(201);
  const jobId = reply.body.data._id;
  const approved = await portalRequest('PATCH', `/api/jobs/${jobId}/status`, { token: adminToken, body: { status: 'approved' } });
  expect(approved.status).toBe(200);
  return jobId;
}

async function publishPolicy(adminToken: string, policy: Omit<Policy, 'version'>): Promise<void> {
  const reply = await portalRequest<{ message?: string }>('POST', '/api/placement-policy', { token: adminToken, body: policy });
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`publishing the policy answered ${reply.status}: ${reply.body.message ?? ''}`);
}

const currentPolicy = async (adminToken: string): Promise<Policy> => {
  const reply = await portalRequest<{ current: Policy }>('GET', '/api/placement-policy', { token: adminToken });
  expect(reply.status).toBe(200);
  return reply.body.current;
};

/** Sets an application's status through the API (the earlier student's history), waiting for its projection. */
async function setStatus(adminToken: string, applicationId: string, body: Record<string, unknown>): Promise<void> {
  const reply = await portalRequest<{ message?: string }>('PUT', `/api/applications/${applicationId}`, { token: adminToken, body });
  if (reply.status !== 200) throw new Error(`setting ${String(body.status)} answered ${reply.status}: ${reply.body.message ?? ''}`);
}

const openSection = (page: Page, section: string) => page.goto(`${PORTAL_URL}/admin-panel?section=${section}`);

/** Opens a student screen until `shown` is there: the screen reads once, and the projections of a busy machine may be behind. */
async function openUntilShown(page: Page, path: string, what: string, shown: () => Locator): Promise<void> {
  await eventually(what, async () => {
    await open(page, path);
    return shown()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
  }, 120_000);
}

/** The placed count of this run's degree group on the statistics screen as it shows now (0 when the group has no row). */
async function placedInGroup(page: Page): Promise<{ students: number; placed: number }> {
  const table = page.getByRole('table', { name: 'By degree' });
  await table.waitFor();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: DEGREE, exact: true }) });
  if ((await row.count()) === 0) return { students: 0, placed: 0 };
  const [students, placed] = await row.getByRole('cell').allInnerTexts();
  return { students: Number(students), placed: Number(placed) };
}

/** Shows the statistics as of a day ('' for the season to date) and reads this run's group. */
async function statisticsAsOf(page: Page, day: string): Promise<{ students: number; placed: number }> {
  await page.getByLabel('As of').fill(day);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByText(day === '' ? 'Figures for the whole season to date.' : `Figures at the end of ${day} (UTC).`).waitFor();
  return placedInGroup(page);
}

describe('a placement season in Chromium against the running stack', () => {
  const clientAddress = testClientAddress();
  let browser: Browser;
  let adminContext: BrowserContext;
  let studentContext: BrowserContext;
  let adminPage: Page;
  let studentPage: Page;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let eligible: SignedInUser;
  let ineligible: SignedInUser;
  let earlier: SignedInUser;
  let policyBefore: Policy | undefined;
  const jobIds: Record<'rules' | 'regular' | 'dream', string> = { rules: '', regular: '', dream: '' };
  let applicationId: string;
  let slotDate: string;
  let groupBefore: { students: number; placed: number };
  let dayOfAcceptance: string;

  beforeAll(async () => {
    api = await startCommandApi();
    const firstAdmin = await signedInUser(api, 'admin', { fullName: 'Bootstrap Admin', password: JOURNEY_PASSWORD });
    const bootstrapToken = await signInAtGateway(firstAdmin.email, JOURNEY_PASSWORD, clientAddress);
    admin = await createdAndSignedIn(bootstrapToken, ADMIN, clientAddress);
    eligible = await createdAndSignedIn(bootstrapToken, ELIGIBLE, clientAddress);
    ineligible = await createdAndSignedIn(bootstrapToken, INELIGIBLE, clientAddress);
    earlier = await createdAndSignedIn(bootstrapToken, EARLIER, clientAddress);
    await saveProfile(eligible, '8.4', DEGREE, clientAddress);
    await saveProfile(ineligible, '6.2', DEGREE, clientAddress);
    // Another group: the earlier student's placement must not move this run's figures.
    await saveProfile(earlier, '8.0', `M.Sc ${tag}`, clientAddress);

    policyBefore = await currentPolicy(admin.token);
    browser = await launchBrowser();
    const contextOptions = { viewport: VIEWPORTS.desktop, locale: 'en-US', timezoneId: 'UTC', extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } };
    adminContext = await browser.newContext(contextOptions);
    studentContext = await browser.newContext(contextOptions);
    adminPage = await adminContext.newPage();
    studentPage = await studentContext.newPage();
    for (const page of [adminPage, studentPage]) {
      page.setDefaultTimeout(60_000);
      // Publishing a policy and accepting an offer ask to confirm.
      page.on('dialog', (dialog) => void dialog.accept());
    }
  }, 240_000);

  afterAll(async () => {
    // The policy in force before this test, in force again: other tests read it too.
    if (policyBefore && admin) await publishPolicy(admin.token, bodyOf(policyBefore));
    await browser?.close();
    await api?.stop();
  }, 60_000);

  it('posts three jobs, one of them marked Dream, and an earlier student holds a Regular offer', async () => {
    jobIds.rules = await postApprovedJob(admin.token, RULES_JOB);
    jobIds.regular = await postApprovedJob(admin.token, REGULAR_JOB);
    jobIds.dream = await postApprovedJob(admin.token, DREAM_JOB);

    // The season so far, under a policy that closes nothing: the earlier student accepts a Regular offer,
    // then applies to another Regular job. The proposed policy would have refused that application.
    await publishPolicy(admin.token, OPEN_POLICY);
    const first = await applyAs(earlier, EARLIER, jobIds.rules, clientAddress);
    expect(first.status).toBe(201);
    await setStatus(admin.token, first.body.applicationId!, { status: 'Accepted', offer: { ctc: 1_000_000 } });
    const accepted = await portalRequest<{ message?: string }>('POST', `/api/applications/${first.body.applicationId!}/offer/accept`, { token: earlier.token });
    expect({ status: accepted.status, message: accepted.body.message }).toEqual({ status: 200, message: expect.any(String) });
    const second = await applyAs(earlier, EARLIER, jobIds.regular, clientAddress);
    expect(second.status).toBe(201);

  }, 300_000);

  it('sets a minimum graduation CGPA of 7.0 on a job in Job Management’s edit form', async () => {
    await submitLogin(adminPage, ADMIN.email, JOURNEY_PASSWORD);
    await adminPage.waitForURL('**/admin-panel**', { timeout: 60_000 });
    const rulesOf = async () => {
      const reply = await portalRequest<{ data?: Array<{ _id: string; eligibilityRules?: { minGraduation: number | null; graduationScale: string } }> }>(
        'GET',
        `/api/jobs/admin/jobs?companyName=${encodeURIComponent(RULES_JOB.companyName)}`,
        { token: admin.token },
      );
      return reply.body.data?.find((posted) => posted._id === jobIds.rules)?.eligibilityRules;
    };
    await eventually('the job reaches the admins’ list', async () => (await rulesOf()) !== undefined);

    await openSection(adminPage, 'jobs');
    await adminPage.getByRole('heading', { name: 'Job Management Dashboard' }).waitFor();
    await adminPage.getByRole('region', { name: 'Job filters' }).getByLabel('Company Name').fill(RULES_JOB.companyName);
    await adminPage.getByRole('button', { name: `Edit ${titleOf(RULES_JOB)}` }).click();
    const form = adminPage.getByRole('form', { name: 'Edit Job' });
    await form.getByLabel(label('Minimum graduation score')).fill('7');
    await form.getByLabel(label('Graduation score in')).selectOption('CGPA');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.waitFor({ state: 'detached' });
    await eventually('the rule is projected', async () => (await rulesOf())?.minGraduation === 7);
    expect(await rulesOf()).toMatchObject({ minGraduation: 7, graduationScale: 'CGPA', maxBacklogs: null });
  }, 300_000);

  it('runs What if? on a proposed Regular / Dream policy in Placement Policy, sees what it would have changed, and publishes it', async () => {
    await openSection(adminPage, 'placement-policy');
    await adminPage.getByRole('heading', { name: 'Placement Policy', exact: true }).waitFor();
    const form = adminPage.getByRole('form', { name: 'Proposed policy' });
    await form.waitFor();

    // Exactly two tiers: Regular (any CTC) and Dream (from ₹20,00,000), whatever the form started from.
    const names = form.getByLabel('Name', { exact: true });
    while ((await names.count()) < 2) await form.getByRole('button', { name: 'Add tier' }).click();
    while ((await names.count()) > 2) await form.getByRole('button', { name: /^Remove tier/ }).last().click();
    const minimums = form.getByLabel('Minimum CTC (₹ a year)');
    await names.nth(0).fill('Regular');
    await minimums.nth(0).fill('');
    await names.nth(1).fill('Dream');
    await minimums.nth(1).fill('2000000');
    await form.getByLabel('Accepted offers a student may hold').fill('2');
    const setChecks = async (held: string, open: Record<string, boolean>) => {
      const group = form.getByRole('group', { name: `Open after an accepted ${held} offer` });
      for (const [tier, checked] of Object.entries(open)) await group.getByLabel(tier, { exact: true }).setChecked(checked);
    };
    await setChecks('Regular', { Regular: false, Dream: true });
    await setChecks('Dream', { Regular: false, Dream: false });

    await form.getByRole('button', { name: 'What if?' }).click();
    const table = adminPage.getByRole('table', { name: 'What the proposed policy would have changed' });
    // Earlier runs left their own students' rows: this run's is the one on this run's Regular job.
    const change = table.getByRole('row').filter({ hasText: EARLIER.fullName }).filter({ hasText: REGULAR_JOB.companyName });
    await change.waitFor();
    await expect(change.innerText()).resolves.toMatch(new RegExp(`Application refused\\s+${REGULAR_JOB.profiles} · ${REGULAR_JOB.companyName}\\s+Regular`));
    await expect(change.getByRole('cell', { name: REFUSAL, exact: true }).count()).resolves.toBe(1);
    await adminPage.getByText(/^\d+ students? affected: \d+ applications? and \d+ acceptances? would have been refused\.$/).waitFor();
    await inspectPanelScreen(adminPage, 'admin-placement-policy-what-if');

    await form.getByRole('button', { name: 'Publish' }).click();
    await form.getByRole('status').waitFor();
    await adminPage.getByText(/^Tiers: Regular, Dream \(from ₹20,00,000\)\. At most 2 accepted offers\. Open after an accepted offer: Regular → Dream; Dream → none\.$/).waitFor();
    const published = await currentPolicy(admin.token);
    expect(bodyOf(published)).toEqual({
      tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 2_000_000 }],
      maxAcceptedOffers: 2,
      openTiersAfterAcceptance: expect.arrayContaining([
        { heldTier: 'Regular', mayApplyTo: ['Dream'] },
        { heldTier: 'Dream', mayApplyTo: [] },
      ]),
    });
  }, 300_000);

  it('shows a student below the rule Not eligible with the reason, and does not let them apply', async () => {
    await submitLogin(studentPage, INELIGIBLE.email, JOURNEY_PASSWORD);
    await studentPage.waitForURL(/\/(dashboard|student-details)/, { timeout: 60_000 });
    await open(studentPage, '/job-listings');
    await studentPage.getByLabel(label('Search')).fill(RULES_JOB.companyName);
    await studentPage.getByText('Found 1 job listings').waitFor();
    const card = studentPage.getByRole('article', { name: RULES_JOB.profiles });
    await card.getByText('Not eligible', { exact: true }).waitFor();
    await card.getByText('graduation CGPA 6.2 is below 7.0').waitFor();

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = studentPage.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Why you are not eligible' }).getByText('graduation CGPA 6.2 is below 7.0').waitFor();
    await expect(dialog.getByRole('button', { name: 'Apply Now' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Back to Job Listings' }).click();

    // The command side refuses it too, with the same reason.
    const refused = await applyAs(ineligible, INELIGIBLE, jobIds.rules, clientAddress);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'Not eligible: graduation CGPA 6.2 is below 7.0' });
    await studentContext.clearCookies();
    await studentPage.evaluate(() => (globalThis as unknown as { localStorage: { clear: () => void } }).localStorage.clear());
  }, 240_000);

  it('lets an eligible student apply; the admin schedules the interview in the dialog, the mail carries the slot and an .ics file, and My Applications shows it', async () => {
    await submitLogin(studentPage, ELIGIBLE.email, JOURNEY_PASSWORD);
    await studentPage.waitForURL(/\/(dashboard|student-details)/, { timeout: 60_000 });
    await open(studentPage, '/job-listings');
    await studentPage.getByLabel(label('Search')).fill(RULES_JOB.companyName);
    await studentPage.getByText('Found 1 job listings').waitFor();
    const card = studentPage.getByRole('article', { name: RULES_JOB.profiles });
    await card.getByText('Eligible', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = studentPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    const form = dialog.getByRole('form', { name: `Apply for ${RULES_JOB.profiles}` });
    await form.getByLabel('Phone').fill(ELIGIBLE.mobileNo);
    await form.getByLabel('Resume').setInputFiles({ name: 'rohan-das.pdf', mimeType: 'application/pdf', buffer: await pdfOfLines([ELIGIBLE.fullName, ELIGIBLE.email, 'SKILLS', 'SQL']) });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByRole('heading', { name: 'Application submitted successfully!' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Already Applied' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Back to Job Listings' }).click();

    let applications: Array<{ _id: string; userId?: { _id?: string } | string }> = [];
    await eventually('the application is projected', async () => {
      applications = (await portalRequest<typeof applications>('GET', `/applications/applications/${jobIds.rules}`, { token: admin.token })).body;
      return Array.isArray(applications) && applications.length === 2;
    });
    const mine = applications.find((application) => JSON.stringify(application).includes(ELIGIBLE.email));
    expect(mine).toBeDefined();
    applicationId = mine!._id;

    // A fortnight ahead, at 10:30 in the browser's zone (UTC).
    slotDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await openSection(adminPage, 'applications');
    const viewApplications = adminPage.getByRole('button', { name: `View Applications for ${titleOf(RULES_JOB)}` });
    await viewApplications.click();
    await adminPage.getByRole('heading', { name: `Applications for ${RULES_JOB.profiles} - ${RULES_JOB.companyName}` }).waitFor();
    await adminPage.getByRole('button', { name: `View ${ELIGIBLE.fullName}` }).click();
    const details = adminPage.getByRole('dialog', { name: 'Application Details' });
    await details.getByRole('group', { name: 'Set status' }).getByRole('button', { name: 'Scheduled' }).click();
    const slot = adminPage.getByRole('form', { name: 'Interview slot' });
    await slot.getByLabel('Date').fill(slotDate);
    await slot.getByLabel('Time').fill(SLOT.time);
    await slot.getByLabel('Duration (min)').fill(SLOT.minutes);
    await slot.getByLabel('Place').fill(SLOT.place);
    await slot.getByRole('button', { name: 'Set Scheduled' }).click();
    await adminPage.getByText('Status updated to Scheduled. Email sent to applicant').waitFor();
    await details.getByText(SLOT.place).waitFor();

    const [mail] = await mailsTo(ELIGIBLE.email, `Application update: Scheduled (${titleOf(RULES_JOB)})`, 90_000);
    expect(mail!.text).toContain(SLOT.place);
    expect(mail!.text).toContain(`${SLOT.minutes} minutes`);
    expect(mail!.attachments.map((file) => file.filename)).toEqual(['interview.ics']);
    const ics = (await mailbox.attachment(mail!, 'interview.ics')).toString('utf8');
    const startsAt = `${slotDate}T${SLOT.time}:00.000Z`;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(new RegExp(`^UID:interview-${applicationId}@`, 'm'));
    expect(ics.split(/\r?\n/)).toContain(`DTSTART:${icsDateTime(startsAt)}`);
    expect(ics.split(/\r?\n/)).toContain(`DTEND:${icsDateTime(new Date(Date.parse(startsAt) + Number(SLOT.minutes) * 60_000).toISOString())}`);

    const row = studentPage.getByRole('row').filter({ hasText: RULES_JOB.companyName });
    const interview = row.getByLabel('Interview');
    await openUntilShown(studentPage, '/my-applications', 'the slot in My Applications', () => interview.getByText(SLOT.place));
    await expect(interview.innerText()).resolves.toMatch(new RegExp(`Interview: .*${slotDate.slice(0, 4)}.*10:30.* · ${SLOT.minutes} min`));
    await inspectScreenAtEveryWidth(studentPage, 'my-applications-interview');
  }, 360_000);

  it('makes an offer with its CTC; the student accepts it in My Applications and is then refused the Regular job with the policy’s rule, but applies to the Dream job', async () => {
    await openSection(adminPage, 'statistics');
    await adminPage.getByRole('heading', { name: 'Placement Statistics' }).waitFor();
    groupBefore = await statisticsAsOf(adminPage, '');
    expect(groupBefore).toEqual({ students: 2, placed: 0 });

    await openSection(adminPage, 'applications');
    await adminPage.getByRole('button', { name: `View Applications for ${titleOf(RULES_JOB)}` }).click();
    await adminPage.getByRole('button', { name: `View ${ELIGIBLE.fullName}` }).click();
    const details = adminPage.getByRole('dialog', { name: 'Application Details' });
    await details.getByRole('group', { name: 'Set status' }).getByRole('button', { name: 'Accepted' }).click();
    const offer = details.getByRole('form', { name: 'Offer' });
    await offer.getByLabel('CTC (₹ a year)').fill(String(OFFER_CTC));
    await offer.getByRole('button', { name: 'Set Accepted with this offer' }).click();
    await adminPage.getByText('Status updated to Accepted. Email sent to applicant').waitFor();
    await details.getByText('Close', { exact: true }).click();

    const row = studentPage.getByRole('row').filter({ hasText: RULES_JOB.companyName });
    const panel = row.getByLabel('Offer');
    await openUntilShown(studentPage, '/my-applications', 'the offer in My Applications', () => panel.getByText('CTC ₹12,00,000 a year'));
    await panel.getByText('Offer: Pending').waitFor();
    await expect(panel.getByText('Regular', { exact: true }).count()).resolves.toBe(1);
    await inspectScreenAtEveryWidth(studentPage, 'my-applications-offer');
    dayOfAcceptance = todayUtc();
    await panel.getByRole('button', { name: 'Accept offer' }).click();
    await panel.getByText('Offer: Accepted').waitFor();
    await expect(panel.getByRole('button', { name: 'Accept offer' }).count()).resolves.toBe(0);

    // The Regular job: closed, with the policy's rule on its card and overlay; Apply Now is off, and the command side refuses it with the rule.
    const regular = studentPage.getByRole('article', { name: REGULAR_JOB.profiles });
    await eventually('the Regular job closed by the policy', async () => {
      await open(studentPage, '/job-listings');
      await studentPage.getByLabel(label('Search')).fill(REGULAR_JOB.companyName);
      await studentPage.getByText('Found 1 job listings').waitFor();
      return regular
        .getByText('Closed by the placement policy')
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
    }, 120_000);
    await regular.getByText(REFUSAL, { exact: true }).waitFor();
    await regular.getByRole('button', { name: 'View Details' }).click();
    const dialog = studentPage.getByRole('dialog');
    await dialog.getByText(REFUSAL, { exact: true }).waitFor();
    await inspectScreenAtEveryWidth(studentPage, 'job-details-policy-refusal');
    await expect(dialog.getByRole('button', { name: 'Apply Now' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Back to Job Listings' }).click();
    const refusedRegular = await applyAs(eligible, ELIGIBLE, jobIds.regular, clientAddress);
    expect({ status: refusedRegular.status, message: refusedRegular.body.message }).toEqual({ status: 409, message: REFUSAL });

    // The Dream job stays open: no verdict against it, and the application goes through.
    await studentPage.getByLabel(label('Search')).fill(DREAM_JOB.companyName);
    await studentPage.getByText('Found 1 job listings').waitFor();
    const dream = studentPage.getByRole('article', { name: DREAM_JOB.profiles });
    await dream.getByRole('button', { name: 'View Details' }).click();
    await dialog.getByRole('button', { name: 'Apply Now' }).waitFor();
    await expect(dialog.getByText('Closed by the placement policy').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    const dreamForm = dialog.getByRole('form', { name: `Apply for ${DREAM_JOB.profiles}` });
    await dreamForm.getByLabel('Phone').fill(ELIGIBLE.mobileNo);
    await dreamForm.getByLabel('Resume').setInputFiles({ name: 'rohan-das.pdf', mimeType: 'application/pdf', buffer: await pdfOfLines([ELIGIBLE.fullName, 'SKILLS', 'SQL']) });
    await dreamForm.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByRole('heading', { name: 'Application submitted successfully!' }).waitFor({ timeout: 60_000 });

    await openUntilShown(studentPage, '/my-applications', 'the Dream application in My Applications', () => studentPage.getByRole('row').filter({ hasText: DREAM_JOB.companyName }));
    await expect(studentPage.getByRole('row').filter({ hasText: REGULAR_JOB.companyName }).count()).resolves.toBe(0);
  }, 360_000);

  it('counts the placement in the student’s group on Placement Statistics, and as of the day before, not yet', async () => {
    await openSection(adminPage, 'statistics');
    await adminPage.getByRole('heading', { name: 'Placement Statistics' }).waitFor();
    let now = groupBefore;
    await eventually('the acceptance reaches the statistics', async () => {
      now = await statisticsAsOf(adminPage, '');
      return now.placed === groupBefore.placed + 1;
    }, 120_000);
    expect(now).toEqual({ students: 2, placed: 1 });
    await adminPage.getByRole('table', { name: 'By degree' }).getByRole('row').filter({ hasText: DEGREE }).getByRole('cell', { name: '50.0%' }).waitFor();
    await inspectPanelScreen(adminPage, 'admin-placement-statistics');

    // The day before the acceptance: the same group, not yet placed (its profiles may not exist yet either).
    expect((await statisticsAsOf(adminPage, dayBefore(dayOfAcceptance))).placed).toBe(0);
  }, 300_000);
});
