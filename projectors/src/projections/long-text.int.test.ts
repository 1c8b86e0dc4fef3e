import { randomBytes } from 'node:crypto';
import type { ExperienceEvent, TemplateEvent, UserEvent } from '@placement/domain';
import { sortKeyOf } from '@placement/platform';
import { readModelsBuiltFrom } from '../test-support';
import { ALL_PROJECTIONS } from './index';
import { applicationSubmitted, jobPosted, studentRegistered, type PortalEvent } from './test-history';

/** About 3 KB of text that does not compress: an index entry of it is over PostgreSQL's btree limit (~2.7 KB). */
const longText = (label: string) => `${label} ${randomBytes(2400).toString('base64')}`;

describe('every read model on the real read-model server holds free text of 3 KB', () => {
  const name = longText('Zoë');
  const company = longText('Acme');
  const title = longText('Analyst');
  const place = longText('Pune');
  const pay = longText('8 LPA');
  const email = `${'a'.repeat(3000)}@university.edu`;

  const history = (): PortalEvent[] => [
    studentRegistered('long', name),
    { type: 'UserDetailsChanged', data: { userId: 'long', before: { email: 'long@university.edu' }, after: { email } } } as UserEvent,
    jobPosted('job-long', { companyName: company, profiles: title, location: place, ctcOrStipend: pay }),
    { ...applicationSubmitted('app-long', 'job-long', 'long'), data: { ...applicationSubmitted('app-long', 'job-long', 'long').data, email } } as PortalEvent,
    {
      type: 'ExperienceShared',
      data: {
        experienceId: 'exp-long',
        companyName: company,
        role: title,
        author: name,
        batch: '2024',
        course: 'B.Tech',
        interviewLocation: place,
        offerStatus: 'Accepted',
        experienceRating: 'Amazing',
        difficulty: 'Medium',
        rounds: [{ name: 'Aptitude', description: 'Forty questions' }],
        postedDate: '2025-03-01T10:00:00.000Z',
      },
    } as ExperienceEvent,
    { type: 'TemplateSaved', data: { templateId: 'tp-long', name: title, subject: 'Hi', content: '<p>Hi</p>' } } as TemplateEvent,
  ];

  const readModels = readModelsBuiltFrom(ALL_PROJECTIONS, history, 180_000);

  const one = (collection: string, id: string) => readModels.db.collection(collection).findOne({ _id: id } as never);

  it('keeps the whole text and sorts by its bounded key', async () => {
    expect(await one('users', 'long')).toMatchObject({ fullName: name, email, searchFullName: name.toLowerCase(), searchEmail: email, sort: { fullName: sortKeyOf(name), email: sortKeyOf(email) } });
    expect(await one('jobs', 'job-long')).toMatchObject({ companyName: company, profiles: title, searchCompanyName: company.toLowerCase(), searchLocation: place.toLowerCase(), sort: { companyName: sortKeyOf(company), ctcOrStipend: sortKeyOf(pay) } });
    expect(await one('applications', 'app-long')).toMatchObject({
      email,
      applicant: { fullName: name },
      applicantSort: { fullNameKey: sortKeyOf(name) },
      job: { companyName: company },
    });
    expect(await one('interview_experiences', 'exp-long')).toMatchObject({ companyName: company, searchCompanyName: company.toLowerCase(), searchAuthor: name.toLowerCase(), sort: { companyName: sortKeyOf(company) } });
    expect(await one('email_templates', 'tp-long')).toMatchObject({ name: title, lowerName: sortKeyOf(title) });
  });

  it('finds the text past its first 200 characters with the substring search copies', async () => {
    const tail = name.slice(-40).toLowerCase();
    expect(await readModels.db.collection('users').countDocuments({ searchFullName: { $regex: tail.replace(/[+/]/g, '\\$&') } })).toBe(1);
    const companyTail = company.slice(-40).toLowerCase().replace(/[+/]/g, '\\$&');
    expect(await readModels.db.collection('jobs').countDocuments({ status: 'approved', searchCompanyName: { $regex: companyTail } })).toBe(1);
    expect(await readModels.db.collection('interview_experiences').countDocuments({ $and: [{ searchCompanyName: { $regex: companyTail } }] })).toBe(1);
  });
});
