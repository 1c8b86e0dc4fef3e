/**
 * The admin and staff side in Debian's Chromium against the running local stack (`npm start`): the
 * real gateway, services, event store, projections, Kafka, notifier and SMTP server; nothing mocked.
 * An admin approves a job posted through the public form and the students get its mail, changes two
 * applications' status at once and the applicants get theirs, exports the applications to Excel,
 * schedules a campaign with an attachment, and reads an application's whole history; a staff member
 * cannot reach the admin-only sections. Every admin screen is checked with axe-core and photographed
 * at desktop width into docs/screenshots/, the 'Admin Panel Not Available' screen at phone width.
 */
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { type ApplicationStatus } from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { pdfOfLines } from '../../ats-engine/src/test-support/fixtures';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser';
import { eventually, inspectPanelScreen as inspectScreen, mailbox, mailsTo, nextFrame, notifierMailsSent, submitLogin, tableRowsAre, createdAndSignedIn, JOURNEY_PASSWORD, type JourneyAccount } from '../support/journey';
import { PORTAL_URL, portalRequest, signInAtGateway, testClientAddress, uniqueTag } from '../support/portal';

const tag = uniqueTag();

const ADMIN: JourneyAccount = { fullName: 'Meera Iyer', email: `meera.${tag}@university.edu`, role: 'admin' };
const STAFF: JourneyAccount = { fullName: 'Rahul Verma', email: `rahul.${tag}@university.edu`, role: 'staff' };
const STUDENTS = [
  { fullName: 'Priya Nair', email: `priya.${tag}@university.edu`, role: 'student', rollNo: `CS22-${tag}-1`, mobileNo: '9876501234' },
  { fullName: 'Arjun Mehta', email: `arjun.${tag}@university.edu`, role: 'student', rollNo: `CS22-${tag}-2`, mobileNo: '9876505678' },
] as const satisfies JourneyAccount[];

// No logo: the closed network would only make the browser wait for it.
const JOB = { ...structuredClone(jobFixtures.validJobForm), companyLogo: '', profiles: 'Data Engineer', companyName: `Umbrella Analytics ${tag}` };
const JOB_TITLE = `${JOB.profiles} at ${JOB.companyName}`;
const CAMPAIGN = {
  subject: `Placement drive briefing ${tag}`,
  body: 'The placement drive starts on Monday at 10:00 in the main auditorium.',
  attachment: { name: 'drive-schedule.txt', mimeType: 'text/plain', buffer: Buffer.from(`Drive schedule ${tag}\n10:00 Aptitude test\n14:00 Interviews\n`) },
};

/** A student's application through the real multipart endpoint, with a PDF resume. */
async function applyAs(student: SignedInUser, profile: (typeof STUDENTS)[number], jobId: string, clientAddress: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ jobId, fullName: profile.fullName, email: profile.email, phone: profile.mobileNo })) form.append(name, value);
  const resume = await pdfOfLines([profile.fullName, profile.email, 'SKILLS', 'SQL, Python, Spark']);
  form.append('resume', new Blob([new Uint8Array(resume)], { type: 'application/pdf' }), `${profile.fullName.split(' ')[0]!.toLowerCase()}-resume.pdf`);
  const response = await fetch(`${PORTAL_URL}/api/applications`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${student.token}`, 'X-Forwarded-For': clientAddress },
    body: form,
  });
  const body = (await response.json()) as { applicationId: string };
  expect(response.status).toBe(201);
  return body.applicationId;
}

/** Signs in through the Login tab, as a person would. */
async function signInThroughTheForm(page: Page, account: JourneyAccount): Promise<void> {
  await submitLogin(page, account.email, JOURNEY_PASSWORD);
  await page.waitForURL('**/admin-panel**', { timeout: 20_000 });
}

/**
 * Opens a section of the panel by its URL. Not 'networkidle': the panel polls (campaign progress,
 * system status), so the network of a busy machine need not fall quiet; each caller waits for its text.
 */
async function openSection(page: Page, section: string): Promise<void> {
  await page.goto(`${PORTAL_URL}/admin-panel?section=${section}`);
}

const sidebar = (page: Page, title: 'Admin Panel' | 'Staff Panel') => page.getByRole('complementary', { name: title });
const sectionButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Panel sections' }).getByRole('button', { name, exact: true });

/** A datetime-local value (to the second) in the browser's time zone, UTC here. */
const dateTimeLocal = (instant: Date): string => instant.toISOString().slice(0, 19);

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  const path = await download.path();
  await workbook.xlsx.readFile(path);
  return workbook;
}

describe('an admin and a staff member in Chromium against the running stack', () => {
  const clientAddress = testClientAddress();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: CommandApiUnderTest;
  let bootstrapAdmin: SignedInUser;
  let admin: SignedInUser;
  let staff: SignedInUser;
  let students: SignedInUser[];
  let jobId: string;
  let applicationIds: string[];
  let campaignDueAt: Date;

  beforeAll(async () => {
    api = await startCommandApi();
    // The first admin is written to the event store; every other account is made through the API.
    const firstAdmin = await signedInUser(api, 'admin', { fullName: 'Bootstrap Admin', password: JOURNEY_PASSWORD });
    bootstrapAdmin = { ...firstAdmin, token: await signInAtGateway(firstAdmin.email, JOURNEY_PASSWORD, clientAddress) };
    admin = await createdAndSignedIn(bootstrapAdmin.token, ADMIN, clientAddress);
    staff = await createdAndSignedIn(bootstrapAdmin.token, STAFF, clientAddress);
    students = [];
    for (const student of STUDENTS) students.push(await createdAndSignedIn(bootstrapAdmin.token, student, clientAddress));
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    page = await context.newPage();
    // Shorter than the tests' own limits, so that a missing element fails with its name.
    page.setDefaultTimeout(30_000);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('signs the admin in on the Login tab and lands on the dashboard', async () => {
    await signInThroughTheForm(page, ADMIN);
    await sidebar(page, 'Admin Panel').waitFor();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).resolves.toMatch(/Admin Panel\s*\/?\s*Dashboard/);
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByText('Loading dashboard data...').waitFor({ state: 'detached' });
    await inspectScreen(page, 'admin-dashboard');
  }, 60_000);

  it('approves a job posted through the public form in Job Management, and the students receive its mail', async () => {
    const posted = await portalRequest<{ data: { _id: string; status: string } }>('POST', '/api/jobs/public', { body: JOB, clientAddress });
    expect(posted.status).toBe(201);
    expect(posted.body.data.status).toBe('pending');
    jobId = posted.body.data._id;
    await eventually('the public job reaches the admins’ list', async () => {
      const reply = await portalRequest<unknown>('GET', `/api/jobs/admin/jobs?companyName=${encodeURIComponent(JOB.companyName)}`, { token: admin.token });
      return JSON.stringify(reply.body).includes(jobId);
    });

    await sectionButton(page, 'Job Management').click();
    await page.getByRole('heading', { name: 'Job Management Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Job filters' }).getByLabel('Company Name').fill(JOB.companyName);
    await tableRowsAre(page, [JOB.companyName], 'the company filter narrows the jobs to this run’s');
    const row = page.getByRole('row').filter({ hasText: JOB.companyName });
    await row.getByText('Pending', { exact: true }).waitFor();
    await inspectScreen(page, 'admin-jobs');

    await row.getByRole('button', { name: `View ${JOB_TITLE}` }).click();
    const overlay = page.getByRole('dialog', { name: `${JOB.profiles} - ${JOB.companyName}` });
    await overlay.getByText(JOB.officeAddress).waitFor();
    await inspectScreen(page, 'admin-job-view');
    await overlay.getByText('Close', { exact: true }).click();
    await overlay.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Approve ${JOB_TITLE}` }).click();
    await page.getByRole('status').getByText('Job approved and email notifications sent to students.').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: `Approve ${JOB_TITLE}` }).count()).resolves.toBe(0);

    // Every active, verified student is told, at the notifier's rate: on a stack holding tens of
    // thousands of students that takes minutes, so the wait lasts while announcements go out.
    for (const student of STUDENTS) {
      const [mail] = await mailsTo(student.email, `New job opening: ${JOB_TITLE}`, 150_000, () => notifierMailsSent('job-announcement'));
      expect(mail!.text).toContain(`A new opening has been posted on the Placement Portal: ${JOB_TITLE}.`);
    }
  }, 30 * 60_000);

  it('schedules a campaign with an attachment for the two students in Bulk Email', async () => {
    await sectionButton(page, 'Bulk Email').click();
    await page.getByRole('heading', { name: 'Bulk Email System' }).waitFor();
    await page.getByLabel('Filter recipients by role').selectOption('student');
    await page.getByLabel('Search recipients').fill(tag);
    await page.getByText('2 recipients selected').waitFor();
    const preview = page.getByRole('list', { name: 'Selected recipients' });
    for (const student of STUDENTS) await preview.getByText(student.fullName, { exact: true }).waitFor();

    const composer = page.getByRole('form', { name: 'Compose Email' });
    await composer.getByLabel('Subject').fill(CAMPAIGN.subject);
    await composer.locator('.ql-editor').click();
    await page.keyboard.type(CAMPAIGN.body);
    await composer.getByLabel('Attachments').setInputFiles(CAMPAIGN.attachment);
    await composer.getByRole('list', { name: 'Attachments' }).getByText(CAMPAIGN.attachment.name).waitFor();
    await composer.getByLabel('Schedule Send').check();
    campaignDueAt = new Date(Math.ceil((Date.now() + 75_000) / 1000) * 1000);
    await composer.getByLabel('Send At').fill(dateTimeLocal(campaignDueAt));
    await inspectScreen(page, 'admin-email-composer');

    await composer.getByRole('button', { name: 'Schedule Email' }).click();
    const campaigns = page.getByRole('region', { name: 'Recent Emails' });
    await campaigns.getByRole('row').filter({ hasText: CAMPAIGN.subject }).getByText('Scheduled').waitFor({ timeout: 30_000 });
    // Accepted and waiting: nothing has gone out ahead of its time.
    expect(Date.now()).toBeLessThan(campaignDueAt.getTime());
    await expect(mailbox.withSubject(CAMPAIGN.subject)).resolves.toEqual([]);
  }, 90_000);

  it('changes the status of two applications at once in Application Review, and each applicant receives the status mail', async () => {
    applicationIds = [];
    for (const [index, student] of students.entries()) applicationIds.push(await applyAs(student, STUDENTS[index]!, jobId, clientAddress));
    await eventually('both applications are projected', async () => {
      const reply = await portalRequest<unknown[]>('GET', `/applications/applications/${jobId}`, { token: admin.token });
      return Array.isArray(reply.body) && reply.body.length === 2;
    });

    await sectionButton(page, 'Application Review').click();
    const viewApplications = page.getByRole('button', { name: `View Applications for ${JOB_TITLE}` });
    await viewApplications.waitFor();
    await viewApplications.click();
    await page.getByRole('heading', { name: `Applications for ${JOB.profiles} - ${JOB.companyName}` }).waitFor();
    for (const student of STUDENTS) await page.getByRole('row').filter({ hasText: student.email }).getByText('Applied').waitFor();
    await inspectScreen(page, 'admin-applications');

    await page.getByLabel('Select all applications').check();
    const bulkBar = page.getByRole('region', { name: 'Bulk actions' });
    await bulkBar.getByText('2 selected').waitFor();
    await bulkBar.getByLabel('Select Status').selectOption('Under Review');
    await bulkBar.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('2 application(s) updated to Under Review').waitFor();
    for (const student of STUDENTS) await page.getByRole('row').filter({ hasText: student.email }).getByText('Under Review').waitFor();

    for (const student of STUDENTS) {
      const [mail] = await mailsTo(student.email, `Application update: Under Review (${JOB_TITLE})`);
      expect(mail!.text).toContain(`The status of your application for ${JOB_TITLE} is now: Under Review.`);
    }
  }, 120_000);

  it('sets one application to Accepted in its details, and the applicant receives the mail', async () => {
    const [first] = STUDENTS;
    await page.getByRole('button', { name: `View ${first.fullName}` }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await details.getByText(first.rollNo).waitFor();
    await details.getByRole('button', { name: 'Download Resume' }).and(page.locator(':enabled')).waitFor();
    await inspectScreen(page, 'admin-application-details');

    // Accepted is an offer: the button asks for its CTC and/or stipend first (issue 16 part 3).
    await details.getByRole('group', { name: 'Set status' }).getByRole('button', { name: 'Accepted' }).click();
    const offer = details.getByRole('form', { name: 'Offer' });
    await offer.getByLabel('CTC (₹ a year)').fill('1200000');
    await offer.getByRole('button', { name: 'Set Accepted with this offer' }).click();
    await page.getByText('Status updated to Accepted. Email sent to applicant').waitFor();
    await expect(details.getByRole('button', { name: 'Accepted' }).isDisabled()).resolves.toBe(true);
    await details.getByText('Close', { exact: true }).click();
    await details.waitFor({ state: 'detached' });
    await mailsTo(first.email, `Application update: Accepted (${JOB_TITLE})`);
  }, 60_000);

  it('exports the applications to Excel, all of them and by status, and the downloaded files hold the spec’s cells', async () => {
    const exportButton = page.getByRole('button', { name: 'Export to Excel' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`${JOB.companyName}_${JOB.profiles}_Applications.xlsx`);
    const workbook = await workbookOf(download);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Applications']);
    const sheet = workbook.getWorksheet('Applications')!;

    expect(sheet.getCell('A1').value).toBe(`Company: ${JOB.companyName}`);
    for (const cell of ['B1', 'C1', 'D1']) expect(sheet.getCell(cell).master.address).toBe('A1');
    expect(sheet.getCell('E1').isMerged).toBe(false);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Name', 'Email', 'Contact', 'Resume']);
    expect([1, 2, 3, 4].map((column) => sheet.getColumn(column).width)).toEqual([20, 30, 15, 50]);

    const rows = [3, 4].map((row) => sheet.getRow(row).values as unknown[]);
    expect(sheet.rowCount).toBe(4);
    expect(rows.map(([, name, email, contact]) => [name, email, contact]).sort()).toEqual(
      STUDENTS.map((student) => [student.fullName, student.email, student.mobileNo]).sort(),
    );
    // Every application through the real form has a phone and a resume, so neither 'N/A' nor
    // 'Not uploaded' appears: the resume cell is a full link the admin can open.
    for (const row of rows) {
      expect(row).not.toContain('N/A');
      expect(row[4]).not.toBe('Not uploaded');
      expect(String(row[4])).toMatch(/^https?:\/\//);
    }

    await page.getByLabel('Status to export').selectOption('Accepted');
    const [accepted] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const acceptedSheet = (await workbookOf(accepted)).getWorksheet('Applications')!;
    expect(acceptedSheet.rowCount).toBe(3);
    expect(acceptedSheet.getCell('A3').value).toBe(STUDENTS[0].fullName);

    await page.getByLabel('Status to export').selectOption('Rejected');
    await exportButton.click();
    await page.getByText('No applications match the selected status.').first().waitFor();
    // Its toast goes by itself after 5 s; the next screens are photographed without it.
    await page.locator('.p-toast-message').waitFor({ state: 'detached', timeout: 15_000 });
  }, 60_000);

  it('shows the application’s whole history in Audit History, with each actor and role', async () => {
    const [first] = STUDENTS;
    await page.getByRole('button', { name: `View ${first.fullName}` }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await details.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**/admin-panel?section=audit&kind=applications&id=${applicationIds[0]}`);
    await page.getByRole('heading', { name: `History of Application ${applicationIds[0]}` }).waitFor();

    const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await events.first().waitFor();
    const timeline = await events.evaluateAll((items) => items.map((item) => (item as unknown as { innerText: string }).innerText));
    const headed = (type: string) => timeline.filter((text) => text.startsWith(type));
    // Submitted, two status changes, and the offer that Accepted makes (issue 16).
    expect(timeline).toHaveLength(4);
    expect(headed('Application Submitted')).toHaveLength(1);
    expect(headed('Application Submitted')[0]).toMatch(new RegExp(`by ${first.fullName}\\s*Student`));
    const statusChanges = headed('Application Status Changed');
    expect(statusChanges).toHaveLength(2);
    for (const change of statusChanges) expect(change).toMatch(new RegExp(`by ${ADMIN.fullName}\\s*Admin`));
    expect(statusChanges[0]).toMatch(/status\s+Applied\s+Under Review/);
    expect(statusChanges[1]).toMatch(/status\s+Under Review\s+Accepted/);
    expect(headed('Offer Extended')).toHaveLength(1);
    expect(headed('Offer Extended')[0]).toMatch(new RegExp(`by ${ADMIN.fullName}\\s*Admin`));
    await inspectScreen(page, 'admin-audit-timeline');
  }, 60_000);

  it('delivers the scheduled campaign at its time, not before, with its attachment', async () => {
    // Bulk sends go out in the order they fell due: a job announcement to a large student body still
    // going out delays the campaign, so the wait lasts while the notifier sends.
    const perStudent = await Promise.all(STUDENTS.map((student) => mailsTo(student.email, CAMPAIGN.subject, 180_000, () => notifierMailsSent())));
    for (const [mail] of perStudent) {
      expect(new Date(mail!.time).getTime()).toBeGreaterThanOrEqual(campaignDueAt.getTime());
      expect(mail!.text).toContain(CAMPAIGN.body);
      expect(mail!.attachments.map((file) => file.filename)).toEqual([CAMPAIGN.attachment.name]);
      await expect(mailbox.attachment(mail!, CAMPAIGN.attachment.name)).resolves.toEqual(CAMPAIGN.attachment.buffer);
    }
    expect((await mailbox.withSubject(CAMPAIGN.subject)).length).toBe(STUDENTS.length);
  }, 30 * 60_000);

  it.each([
    { name: 'admin-application-review', section: 'applications', ready: 'Refresh Jobs' },
    { name: 'admin-trainings', section: 'trainings', ready: 'Training Management' },
    { name: 'admin-interview-experiences', section: 'interview-experiences', ready: 'Manage Interview Experiences' },
    { name: 'admin-audit-log', section: 'audit', ready: 'Browse the log' },
    { name: 'admin-dead-letters', section: 'dead-letters', ready: 'Dead Letters' },
    { name: 'admin-system-status', section: 'system', ready: 'Projection lag' },
  ])('$section is accessible and photographed', async ({ name, section, ready }) => {
    await openSection(page, section);
    await page.getByText(ready, { exact: false }).first().waitFor();
    await page.locator('.admin-loading').first().waitFor({ state: 'detached' });
    await inspectScreen(page, name);
  }, 90_000);

  it('finds this run’s accounts in User Management and opens a student’s profile', async () => {
    await sectionButton(page, 'User Management').click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByText('Loading users...').waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByLabel('Search by name, email, or roll no').fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // This run's four accounts: the bootstrap admin's address does not carry the tag.
    await tableRowsAre(page, [ADMIN, STAFF, ...STUDENTS].map((account) => account.email), 'the search narrows the list to this run’s accounts');
    await inspectScreen(page, 'admin-users');

    await page.getByRole('button', { name: `View ${STUDENTS[1].fullName}` }).click();
    const details = page.getByRole('dialog', { name: 'Student Profile' });
    await details.getByText(STUDENTS[1].rollNo).waitFor();
    await inspectScreen(page, 'admin-user-details');
    await details.getByText('Close', { exact: true }).click();
    await details.waitFor({ state: 'detached' });
  }, 120_000);

  it('tells a phone that the admin panel is not available', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      await page.getByRole('heading', { name: 'Admin Panel Not Available' }).waitFor();
      await page.getByText('This Admin Panel cannot be accessed on mobile devices.').waitFor();
      await nextFrame(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'admin-panel-not-available', 'phone');
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });

  describe('a staff member', () => {
    let staffContext: BrowserContext;
    let staffPage: Page;
    beforeAll(async () => {
      staffContext = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', timezoneId: 'UTC', extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
      staffPage = await staffContext.newPage();
      staffPage.setDefaultTimeout(30_000);
    });
    afterAll(() => staffContext?.close());

    it('lands on Bulk Email, and the sidebar offers only e-mail, trainings and interview experiences', async () => {
      await signInThroughTheForm(staffPage, STAFF);
      await sidebar(staffPage, 'Staff Panel').waitFor();
      await staffPage.getByRole('heading', { name: 'Bulk Email System' }).waitFor();
      const sections = await staffPage.getByRole('navigation', { name: 'Panel sections' }).getByRole('button').allInnerTexts();
      expect(sections.map((text) => text.trim())).toEqual(['Bulk Email', 'Training Management', 'Interview Experiences']);
      await inspectScreen(staffPage, 'staff-panel');
    });

    it.each(['dashboard', 'users', 'jobs', 'applications', 'statistics', 'placement-policy', 'audit', 'dead-letters', 'system'])('is sent back to e-mails when asking for ?section=%s', async (section) => {
      await openSection(staffPage, section);
      await staffPage.waitForURL('**/admin-panel?section=emails');
      await staffPage.getByRole('heading', { name: 'Bulk Email System' }).waitFor();
      await expect(staffPage.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Bulk Email').count()).resolves.toBe(1);
    });

    it('is refused with 403 by the admin-only endpoints', async () => {
      const refused = [
        await portalRequest('GET', '/api/admin/users', { token: staff.token }),
        await portalRequest('GET', '/api/jobs/admin/jobs', { token: staff.token }),
        await portalRequest('PATCH', `/api/jobs/${jobId}/status`, { token: staff.token, body: { status: 'rejected' } }),
        await portalRequest('PUT', `/api/applications/${applicationIds[1]}`, { token: staff.token, body: { status: 'Rejected' } }),
        await portalRequest('GET', `/api/audit/applications/${applicationIds[0]}`, { token: staff.token }),
        await portalRequest('GET', '/api/system/status', { token: staff.token }),
      ];
      expect(refused.map((reply) => reply.status)).toEqual([403, 403, 403, 403, 403, 403]);
      // Nothing changed: the job is still approved and the application still under review.
      const job = await portalRequest<unknown>('GET', `/api/jobs/admin/jobs?companyName=${encodeURIComponent(JOB.companyName)}`, { token: admin.token });
      expect(JSON.stringify(job.body)).toContain('"status":"approved"');
      const applications = await portalRequest<{ _id: string; status: ApplicationStatus }[]>('GET', `/applications/applications/${jobId}`, { token: admin.token });
      expect(applications.body.find((application) => application._id === applicationIds[1])?.status).toBe('Under Review');
    });

    it('may still send bulk e-mail, which an admin-only refusal would have broken', async () => {
      const groups = await portalRequest<{ users: unknown[] }>('GET', '/api/email/user-groups', { token: staff.token });
      expect(groups.status).toBe(200);
      expect(groups.body.users.length).toBeGreaterThan(0);
    });
  });
});
