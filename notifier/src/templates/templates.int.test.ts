import { applicationStatusMail, applicationSubmittedMail, campaignMail, htmlToText, jobAnnouncementMail, PORTAL_NAME, verificationMail } from '.';

const job = { profiles: 'Data Analyst', companyName: 'Acme <Analytics>' };
const every = () => [
  verificationMail({ link: 'https://portal.example/verify-email?token=u1.abc', expiresAt: '2026-11-23T10:00:00.000Z' }),
  jobAnnouncementMail({
    name: 'Asha',
    job: { ...job, location: 'Pune', ctcOrStipend: '8 LPA', offerType: ['Full time Employment', 'Internship + PPO'], dateOfJoining: '2027-07-01' },
    link: 'https://portal.example/job-listings',
  }),
  applicationSubmittedMail({ name: 'Asha', job, link: 'https://portal.example/my-applications' }),
  applicationStatusMail({ name: 'Asha', status: 'Scheduled', job, link: 'https://portal.example/my-applications' }),
  campaignMail({ subject: 'Drive', content: '<p>Hi</p>' }),
];

describe('e-mail templates', () => {
  it('name the portal in both parts and sign as the Career Development Centre', () => {
    for (const mail of every()) {
      expect(mail.html).toContain('Placement Portal — Career Development Centre');
      expect(mail.text.startsWith(PORTAL_NAME)).toBe(true);
      expect(mail.text).toContain('Regards,\nCareer Development Centre');
      expect(mail.subject.length).toBeGreaterThan(0);
    }
  });

  it('put the verification link in both parts, with its expiry', () => {
    const mail = verificationMail({ link: 'https://portal.example/verify-email?token=u1.a_b-c', expiresAt: '2026-11-23T10:00:00.000Z' });
    expect(mail.subject).toBe('Verify your email address for the Placement Portal');
    expect(mail.html).toContain('href="https://portal.example/verify-email?token=u1.a_b-c"');
    expect(mail.text).toContain('Verify email address: https://portal.example/verify-email?token=u1.a_b-c');
    expect(mail.text).toContain('expires on 23 Nov 2026, 10:00 UTC');
  });

  it('escape what users typed', () => {
    const [, announcement, submitted] = every();
    expect(announcement!.html).toContain('Acme &lt;Analytics&gt;');
    expect(announcement!.html).not.toContain('<Analytics>');
    expect(announcement!.text).toContain('Offer type: Full time Employment, Internship + PPO');
    expect(announcement!.text).toContain('Date of joining: 1 Jul 2027');
    expect(submitted!.subject).toBe('Application received: Data Analyst at Acme <Analytics>');
  });

  it('show statuses as students see them', () => {
    expect(applicationStatusMail({ name: 'A', status: 'Applied', job: undefined, link: 'https://x.example' }).subject).toBe('Application update: Pending');
    expect(applicationStatusMail({ name: 'A', status: 'Rejected', job, link: 'https://x.example' }).text).toContain('is now: Rejected.');
    expect(applicationSubmittedMail({ name: 'A', job: undefined, link: 'https://x.example' }).subject).toBe('Your application was received');
  });

  it('sanitize campaign content again and add the open pixel when asked', () => {
    const mail = campaignMail({ subject: 'Drive', content: '<p onclick="x()">Hi<script>alert(1)</script></p>', pixelUrl: 'https://portal.example/api/email/track/c1/tok.gif' });
    expect(mail.html).toContain('<p>Hi</p><img src="https://portal.example/api/email/track/c1/tok.gif" width="1" height="1" alt=""');
    expect(mail.html).not.toContain('script');
    expect(mail.text).toContain('Hi');
    expect(mail.text).not.toContain('track');
    expect(campaignMail({ subject: 'Drive', content: '<p>Hi</p>' }).html).not.toContain('/api/email/track/');
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['<h2>Title</h2><p>a<br>b</p>', 'Title\n\na\nb'],
    ['<ul><li>x</li><li>y</li></ul>', '- x\n- y'],
    ['<p>See <a href="https://a.example/?q=1&amp;r=2">the site</a></p>', 'See the site (https://a.example/?q=1&r=2)'],
    ['<a href="https://a.example">https://a.example</a>', 'https://a.example'],
    ['<p>Tom &amp; Jerry &lt;3 &#8377;5&nbsp;lakh</p>', 'Tom & Jerry <3 ₹5 lakh'],
    ['<p><img src="https://x.example/i.png" alt="Banner"></p>', '[Banner]'],
  ])('%s', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
