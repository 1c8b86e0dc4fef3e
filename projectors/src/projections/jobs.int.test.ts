import { readModelsBuiltFrom } from '../test-support';
import { jobsProjection, searchFieldsOf, searchTextsOf } from './jobs';
import { applicationSubmitted, jobPosted, portalHistory, recorded } from './test-history';

describe('jobs projection: the changes each event causes', () => {
  it('stores a posted job with its top-level lower-cased search copies (lists joined by U+001F), the lists element by element, joining day and no applications, and counts it', () => {
    const changes = jobsProjection.apply(recorded(jobPosted('j', { companyName: 'Acme', skills: ['SQL', 'Power BI'], offerType: ['Internship + PPO', 'Apprenticeship'], dateOfJoining: '2025-07-01T23:30:00-05:00' })));
    expect(changes).toEqual([
      {
        kind: 'upsert',
        collection: 'jobs',
        id: 'j',
        update: {
          $set: expect.objectContaining({
            companyName: 'Acme',
            status: 'approved',
            source: 'admin',
            createdAt: '2025-03-01T10:00:00.000Z',
            joiningDay: '2025-07-02',
            searchProfiles: 'data analyst',
            searchCompanyName: 'acme',
            searchLocation: 'bengaluru',
            searchSkills: 'sql\u001fpower bi',
            searchCategory: 'data analyst',
            lower: { skills: ['sql', 'power bi'], category: ['data analyst'] },
            sort: { companyName: 'acme', profiles: 'data analyst', offerType: 'internship + ppo, apprenticeship', location: 'bengaluru', ctcOrStipend: expect.any(String) },
          }),
        },
      },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: 1, pending: 0, approved: 1, rejected: 0 } } },
    ]);
  });

  it('sets only the edited fields and their search copies', () => {
    const changes = jobsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { location: 'Bengaluru', dateOfJoining: '2025-01-01' }, after: { location: 'Pune', dateOfJoining: '2026-02-03' } } }));
    expect(changes).toEqual([{ kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { location: 'Pune', dateOfJoining: '2026-02-03', joiningDay: '2026-02-03', searchLocation: 'pune', 'sort.location': 'pune' } } }]);
    const skills = jobsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { skills: ['SQL'] }, after: { skills: ['Go', 'RUST'] } } }));
    expect(skills).toEqual([{ kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { skills: ['Go', 'RUST'], searchSkills: 'go\u001frust', 'lower.skills': ['go', 'rust'] } } }]);
  });

  it('moves a status between the counters and removes a deleted job from them', () => {
    expect(jobsProjection.apply(recorded({ type: 'JobRejected', data: { jobId: 'j', from: 'approved' } }))).toEqual([
      { kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { status: 'rejected' } } },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: 0, pending: 0, approved: -1, rejected: 1 } } },
    ]);
    expect(jobsProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'pending' } }))).toEqual([
      { kind: 'delete', collection: 'jobs', filter: { _id: 'j' } },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: -1, pending: -1, approved: 0, rejected: 0 } } },
    ]);
  });

  it('leaves the job document alone when an application is submitted or deleted (the applications projection counts them)', () => {
    expect(jobsProjection.apply(recorded(applicationSubmitted('a', 'j', 's')))).toEqual([]);
    expect(jobsProjection.apply(recorded({ type: 'ApplicationDeleted', data: { applicationId: 'a', jobId: 'j', studentId: 's', status: 'Accepted' } }))).toEqual([]);
  });

  it('ignores what it does not show', () => {
    expect(jobsProjection.apply(recorded({ type: 'JobNotificationRequested', data: { jobId: 'j', profiles: 'x', companyName: 'x', location: 'x', ctcOrStipend: 'x', offerType: [], dateOfJoining: '2025-01-01' } }))).toEqual([]);
    expect(jobsProjection.apply({ ...recorded(applicationSubmitted('a', 'j', 's')), type: 'TrainingScheduled' })).toEqual([]);
  });

  it('lower-cases only the fields it is given', () => {
    expect(searchTextsOf({ profiles: 'Data Analyst' })).toEqual({ searchProfiles: 'data analyst' });
    expect(searchTextsOf({ category: [] })).toEqual({ searchCategory: '' });
    expect(searchFieldsOf({ profiles: 'Data Analyst' })).toEqual({});
    expect(searchFieldsOf({ category: ['IT', 'Data'] })).toEqual({ category: ['it', 'data'] });
  });
});

describe('jobs read model built from a history in the real event store and read-model server', () => {
  const readModels = readModelsBuiltFrom([jobsProjection], portalHistory);

  it('keeps every live job with its current fields and status, and no application count', async () => {
    const jobs = await readModels.db.collection('jobs').find({}, { projection: { _id: 1, companyName: 1, location: 1, status: 1, applicationCount: 1, searchCompanyName: 1 } }).sort({ _id: 1 }).toArray();
    expect(jobs).toEqual([
      { _id: 'job-1', companyName: 'Acme Labs', location: 'Pune', status: 'approved', searchCompanyName: 'acme labs' },
      { _id: 'job-2', companyName: 'Beta Bank', location: 'Bengaluru', status: 'approved', searchCompanyName: 'beta bank' },
      { _id: 'job-4', companyName: 'Delta Design', location: 'Bengaluru', status: 'rejected', searchCompanyName: 'delta design' },
    ]);
  });

  it('counts live jobs by status', async () => {
    expect(await readModels.db.collection('job_stats').findOne({ _id: 'jobs' } as never, { projection: { _v: 0 } })).toEqual({ _id: 'jobs', total: 3, approved: 2, pending: 0, rejected: 1 });
  });

  it('creates the indexes its queries use', async () => {
    const names = (await readModels.db.collection('jobs').indexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['status_1_createdAt_-1', 'createdAt_-1', 'sort.companyName_1', 'status_1_joiningDay_1', 'searchSkills_1']));
    expect(names).not.toContain('applicationCount_1');
  });
});
