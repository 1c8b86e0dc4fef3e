/**
 * A student's whole journey in Debian's Chromium against the running local stack (`npm start`): the
 * real gateway, services, event store, projections, Kafka, notifier and SMTP server; nothing mocked.
 * Along the way every screen is checked with axe-core and photographed at desktop and phone widths
 * into docs/screenshots/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jobFixtures } from '@placement/domain/test-support';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { pdfOfLines } from '../../ats-engine/src/test-support/fixtures';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { eventually, inspectScreenAtEveryWidth as inspectScreen, label, mailsTo, open } from '../support/journey';
import { portalRequest, signInAtGateway, testClientAddress, uniqueTag } from '../support/portal';

const tag = uniqueTag();
const STUDENT = {
  fullName: 'Ananya Rao',
  rollNo: `CS21-${tag}`,
  email: `ananya.${tag}@university.edu`,
  password: 'a long enough password',
  mobileNo: '9876543210',
};
const ADMIN_PASSWORD = 'placement admin passphrase';
const JOB = { ...structuredClone(jobFixtures.validJobForm), profiles: 'Graduate Software Engineer', companyName: `Initech ${tag}` };
const JOB_TITLE = `${JOB.profiles} at ${JOB.companyName}`;
const EXPERIENCE = { companyName: `Globex ${tag}`, role: 'Data Analyst Intern', round: 'Technical Interview' };

const VERIFICATION_SUBJECT = 'Verify your email address for the Placement Portal';
const RESUME_LINES = [
  'Ananya Rao',
  `ananya.${tag}@university.edu | +91 98765 43210 | Bengaluru`,
  'EDUCATION',
  'B.Tech Computer Science, 2025, CGPA 8.6',
  'EXPERIENCE',
  'Software Intern, Acme Corp, 2024',
  'Developed REST APIs in TypeScript and Node.js; reduced response time by 30%.',
  'SKILLS',
  'JavaScript, TypeScript, React, SQL, Git',
];

const linkIn = (text: string | undefined, path: string): string => {
  const found = new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]*`).exec(text ?? '');
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return found[0];
};

const header = (page: Page, pageName: string) => page.getByText(`Student - ${pageName}`, { exact: true });

describe('a student in Chromium against the running stack', () => {
  const clientAddress = testClientAddress();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let jobId: string;

  beforeAll(async () => {
    api = await startCommandApi();
    const created = await signedInUser(api, 'admin', { fullName: 'Placement Admin', password: ADMIN_PASSWORD });
    admin = { ...created, token: await signInAtGateway(created.email, ADMIN_PASSWORD, clientAddress) };
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    page = await context.newPage();
    // Shorter than the tests' own limits, so that a missing element fails with its name.
    page.setDefaultTimeout(15_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('signs up on the Sign Up tab and is told to verify the e-mail address', async () => {
    await open(page, '/auth-Container?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Full Name').fill(STUDENT.fullName);
    await form.getByLabel('Roll Number').fill(STUDENT.rollNo);
    await form.getByLabel('Email').fill(STUDENT.email);
    await form.getByLabel(label('Password')).fill(STUDENT.password);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('status').getByText('Registration successful. Please check your email to verify your account.').waitFor();
    await inspectScreen(page, 'sign-up-done');
  });

  it('cannot log in before the e-mail address is verified', async () => {
    await page.getByRole('button', { name: 'Go to Login' }).click();
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(STUDENT.email);
    await form.getByLabel(label('Password')).fill(STUDENT.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please verify your email before logging in.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth-Container');
  });

  it('opens the link of the verification mail, is verified and lands on the profile form', async () => {
    const [mail] = await mailsTo(STUDENT.email, VERIFICATION_SUBJECT);
    const link = new URL(linkIn(mail!.text, '/verify-email'));
    expect(link.searchParams.get('token')).toBeTruthy();
    await page.goto(link.toString());
    await page.getByText('Email verified! Redirecting...').waitFor({ timeout: 15_000 });
    await page.waitForURL('**/student-details', { timeout: 15_000 });
    await header(page, 'Student Details').waitFor();
  }, 60_000);

  it('logs out, then signs in with the password on the Login tab', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth-Container');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(STUDENT.email);
    await form.getByLabel(label('Password')).fill(STUDENT.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/student-details', { timeout: 15_000 });
    await page.getByText(`Hi, ${STUDENT.fullName}`).waitFor();
  });

  it('completes the profile and goes to the dashboard', async () => {
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await inspectScreen(page, 'student-details');
    const form = page.getByRole('form', { name: 'Student details' });
    const fields: [string, string][] = [
      ['Mobile Number', STUDENT.mobileNo],
      ['WhatsApp Number', '9876543211'],
      ["Father's Name", 'Ravi Rao'],
      ["Father's Number", '9876543212'],
      ['10th Percentage', '91'],
      ['10th Passing Year', '2019'],
      ['12th Percentage', '88.5'],
      ['12th Passing Year', '2021'],
      ['Graduation Degree', 'B.Tech'],
      ['Existing Backlogs', '0'],
      ['Area of Interest', 'Backend development'],
    ];
    for (const [text, value] of fields) await form.getByLabel(label(text)).fill(value);
    await form.getByLabel(label('School')).selectOption('SOET');
    await form.getByLabel('Add a skill').fill('TypeScript, SQL');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByRole('list', { name: 'Skills' }).getByText('SQL').waitFor();
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor({ timeout: 15_000 });
    await page.waitForURL('**/dashboard');
    await header(page, 'Dashboard').waitFor();
  }, 60_000);

  it('finds a job an admin approved, applies with a PDF resume and then sees Already Applied', async () => {
    const posted = await portalRequest<{ data: { _id: string; status: string } }>('POST', '/api/jobs', { token: admin.token, body: { ...JOB, approveImmediately: false } });
    expect(posted.status).toBe(201);
    expect(posted.body.data.status).toBe('pending');
    jobId = posted.body.data._id;
    const approved = await portalRequest('PATCH', `/api/jobs/${jobId}/status`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    await eventually('the approved job is listed', async () => (await portalRequest<{ count: number }>('GET', `/api/jobs?search=${encodeURIComponent(JOB.companyName)}`)).body.count === 1);

    await page.getByRole('link', { name: 'Job Listings' }).first().click();
    await header(page, 'Job Listings').waitFor();
    await page.getByLabel(label('Search')).fill(JOB.companyName);
    await page.getByText('Found 1 job listings').waitFor({ timeout: 15_000 });
    const card = page.getByRole('article', { name: JOB.profiles });
    await card.getByText(JOB.companyName).waitFor();
    await inspectScreen(page, 'job-listings-search');

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Apply Now' }).waitFor();
    await inspectScreen(page, 'job-details');

    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    const form = dialog.getByRole('form', { name: `Apply for ${JOB.profiles}` });
    await expect(form.getByLabel('Full Name').inputValue()).resolves.toBe(STUDENT.fullName);
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe(STUDENT.email);
    await form.getByLabel('Phone').fill(STUDENT.mobileNo);
    await form.getByLabel('Resume').setInputFiles({ name: 'ananya-rao.pdf', mimeType: 'application/pdf', buffer: await pdfOfLines(RESUME_LINES) });
    await inspectScreen(page, 'apply-form');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByRole('heading', { name: 'Application submitted successfully!' }).waitFor({ timeout: 20_000 });

    // The form closes by itself 2 s after the success; the job then shows as applied.
    await dialog.getByRole('button', { name: 'Already Applied' }).waitFor({ timeout: 10_000 });
    await expect(dialog.getByRole('button', { name: 'Already Applied' }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Apply Now' }).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Back to Job Listings' }).click();
    await card.getByText('Already Applied').waitFor();

    // A fresh load knows it too: the listing asks the server, not the page's memory.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByLabel(label('Search')).fill(JOB.companyName);
    await page.getByRole('article', { name: JOB.profiles }).getByText('Already Applied').waitFor({ timeout: 15_000 });
  }, 120_000);

  it('sees the status an admin set in My Applications, with its history, and receives the status mail', async () => {
    const received = await mailsTo(STUDENT.email, `Application received: ${JOB_TITLE}`);
    expect(received).toHaveLength(1);

    const applications = await portalRequest<{ _id: string; status: string }[]>('GET', `/applications/applications/${jobId}`, { token: admin.token });
    expect(applications.body.map((application) => application.status)).toEqual(['Applied']);
    const changed = await portalRequest('PUT', `/api/applications/${applications.body[0]!._id}`, { token: admin.token, body: { status: 'Under Review' } });
    expect(changed.status).toBe(200);
    await eventually('the new status is projected', async () => {
      const reply = await portalRequest<{ status: string }[]>('GET', `/applications/applications/${jobId}`, { token: admin.token, after: changed.position });
      return reply.body[0]?.status === 'Under Review';
    });

    await page.getByRole('link', { name: 'My Applications' }).first().click();
    await header(page, 'My Applications').waitFor();
    const row = page.getByRole('row').filter({ hasText: JOB.companyName });
    await row.getByRole('cell', { name: 'Under Review' }).waitFor({ timeout: 15_000 });
    await expect(row.getAttribute('class')).resolves.toContain('under-review');
    await expect(row.getByRole('cell', { name: JOB.profiles, exact: true }).count()).resolves.toBe(1);
    await expect(row.getByRole('cell', { name: new Date().toLocaleDateString('en-US') }).count()).resolves.toBe(1);

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'Application history' });
    await history.getByText('Status: Pending → Under Review').waitFor({ timeout: 15_000 });
    await inspectScreen(page, 'my-applications-history');

    const [statusMail] = await mailsTo(STUDENT.email, `Application update: Under Review (${JOB_TITLE})`);
    expect(statusMail!.text).toContain(`The status of your application for ${JOB_TITLE} is now: Under Review.`);
  }, 90_000);

  it('checks a real PDF resume on /cv and reads the score, its label and the recommendations', async () => {
    await open(page, '/cv');
    await header(page, 'Resume Insights').waitFor();
    await expect(page.getByRole('button', { name: 'Check ATS Score' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel(label('Resume')).setInputFiles({ name: 'ananya-rao.pdf', mimeType: 'application/pdf', buffer: await pdfOfLines(RESUME_LINES) });
    await page.getByLabel('Target Industry').selectOption('software');
    await page.getByRole('button', { name: 'Check ATS Score' }).click();
    await page.getByText('Resume analyzed successfully!').waitFor({ timeout: 60_000 });

    const score = await page.getByRole('figure').getAttribute('aria-label');
    const [, percent, scoreLabel] = /^ATS score (\d+) percent: (.+)$/.exec(score ?? '') ?? [];
    expect(Number(percent)).toBeGreaterThan(0);
    expect(scoreLabel).toBe(expectedAtsLabel(Number(percent)));
    await expect(page.getByRole('heading', { name: 'Factor Scores' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.ats-recommendations > li').count()).resolves.toBeGreaterThan(0);
    // Read from the PDF by the engine: the address is nowhere else on this page.
    await expect(page.getByText(STUDENT.email, { exact: true }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Analyze New Resume' }).waitFor();
    await inspectScreen(page, 'resume-insights-results');
  }, 90_000);

  it('shares an interview experience and finds it by company and role on interview insights', async () => {
    await open(page, '/interview-insights');
    await page.getByRole('link', { name: 'Share Your Experience' }).click();
    await page.getByRole('heading', { name: 'Share Your Interview Experience' }).waitFor();
    const form = page.getByRole('form', { name: 'Share your interview experience' });
    const fields: [string, string][] = [
      ['Company Name', EXPERIENCE.companyName],
      ['Role', EXPERIENCE.role],
      ['Your Name', STUDENT.fullName],
      ['Batch', '2025'],
      ['Course', 'B.Tech CSE'],
      ['Interview Location', 'On campus'],
      ['Round 1 Name', EXPERIENCE.round],
      ['Round 1 Description', 'SQL joins and a window-function question, then a case study.'],
    ];
    for (const [text, value] of fields) await form.getByLabel(label(text)).fill(value);
    await form.getByLabel('Difficulty').selectOption('Hard');
    await form.getByRole('button', { name: 'Submit Experience' }).click();
    await page.getByText('Interview experience submitted successfully!').waitFor({ timeout: 15_000 });
    await expect(form.getByLabel(label('Company Name')).inputValue()).resolves.toBe('');

    // Shared from the public form, it waits for review: staff or an admin approve it (the admin's own
    // screen is exercised by the admin journey), and only then does it appear on interview insights.
    const search = `/api/interview-experiences/manage?status=pending&search=${encodeURIComponent(EXPERIENCE.companyName)}`;
    let pending: { _id: string }[] = [];
    await eventually('the shared experience in the review list', async () => {
      pending = (await portalRequest<{ _id: string }[]>('GET', search, { token: admin.token })).body;
      return pending.length === 1;
    });
    const approved = await portalRequest('POST', `/api/interview-experiences/${pending[0]!._id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    // The insights page reads without a token, and a visitor's read does not wait for a position.
    await eventually('the approved experience listed', async () => {
      const listed = await portalRequest<unknown[]>('GET', `/api/interview-experiences?company=${encodeURIComponent(EXPERIENCE.companyName)}`);
      return listed.body.length === 1;
    });

    await open(page, '/interview-insights');
    await page.getByLabel('Search by company').fill(EXPERIENCE.companyName.toUpperCase());
    await page.getByLabel('Search by role').fill('analyst');
    await page.getByText('1 experience', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('article', { name: EXPERIENCE.companyName }).getByText(EXPERIENCE.role).waitFor();
    await page.getByRole('button', { name: `View details: ${EXPERIENCE.companyName}, ${EXPERIENCE.role}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(EXPERIENCE.round).waitFor();
    await inspectScreen(page, 'interview-experience-details');
  }, 60_000);

  it.each([
    { name: 'dashboard', path: '/dashboard', ready: 'Find Latest Jobs' },
    { name: 'profile', path: '/profile', ready: 'No certifications available.' },
    { name: 'job-listings', path: '/job-listings', ready: /^Found \d+ job listings$/ },
    { name: 'my-applications', path: '/my-applications', ready: JOB.companyName },
    { name: 'cdc-trainings', path: '/cdc-trainings', ready: 'Student - CDC Trainings' },
    { name: 'interview-insights', path: '/interview-insights', ready: 'Share Your Experience' },
    { name: 'resume-insights', path: '/cv', ready: 'Check ATS Score' },
  ])('$name is accessible and photographed at both widths', async ({ name, path, ready }) => {
    await open(page, path);
    await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 15_000 });
    await inspectScreen(page, name);
  });
});

/** Spec §9's labels by percent. */
function expectedAtsLabel(percent: number): string {
  if (percent >= 90) return 'Excellent';
  if (percent >= 75) return 'Very Good';
  if (percent >= 60) return 'Good';
  if (percent >= 40) return 'Needs Improvement';
  return 'Poor';
}
