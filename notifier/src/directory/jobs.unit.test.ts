import { jobDirectoryChange } from './jobs';

describe('the job directory', () => {
  it.each([
    [
      'a posting',
      { type: 'JobPosted', data: { jobId: 'j1', profiles: 'Data Analyst', companyName: 'Acme', location: 'Pune', status: 'pending' } },
      { jobId: 'j1', set: { profiles: 'Data Analyst', companyName: 'Acme', deleted: false } },
    ],
    ['a new role', { type: 'JobEdited', data: { jobId: 'j1', before: { profiles: 'Analyst' }, after: { profiles: 'Data Analyst' } } }, { jobId: 'j1', set: { profiles: 'Data Analyst' } }],
    ['a new company name', { type: 'JobEdited', data: { jobId: 'j1', before: { companyName: 'Acme' }, after: { companyName: 'Acme Ltd' } } }, { jobId: 'j1', set: { companyName: 'Acme Ltd' } }],
    ['a deletion', { type: 'JobDeleted', data: { jobId: 'j1', status: 'approved' } }, { jobId: 'j1', set: { deleted: true } }],
  ])('follows %s', (_name, event, change) => {
    expect(jobDirectoryChange(event)).toEqual(change);
  });

  it.each([
    { type: 'JobEdited', data: { jobId: 'j1', before: { location: 'Pune' }, after: { location: 'Mumbai' } } },
    { type: 'JobApproved', data: { jobId: 'j1', from: 'pending' } },
    { type: 'JobNotificationRequested', data: { jobId: 'j1' } },
    { type: 'UserRegistered', data: { userId: 'u1' } },
  ])('ignores $type that changes nothing it keeps', (event) => {
    expect(jobDirectoryChange(event)).toBeNull();
  });
});
