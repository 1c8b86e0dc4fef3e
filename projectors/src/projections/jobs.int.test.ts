import { builtTwiceFromHistory, readModelsBuiltFrom } from '../test-support';
import { JOB_LISTING, JOB_LISTING_FIELDS, jobsProjection, searchFieldsOf, searchTextsOf } from './jobs';
import { applicationSubmitted, jobPosted, portalHistory, recorded, type PortalEvent } from './test-history';

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
      {
        kind: 'upsert',
        collection: 'job_listing',
        id: 'j',
        update: {
          $set: {
            createdAt: '2025-03-01T10:00:00.000Z',
            offerType: ['Internship + PPO', 'Apprenticeship'],
            searchProfiles: 'data analyst',
            searchCompanyName: 'acme',
            searchLocation: 'bengaluru',
            searchSkills: 'sql\u001fpower bi',
            searchCategory: 'data analyst',
            lower: { skills: ['sql', 'power bi'], category: ['data analyst'] },
          },
        },
      },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: 1, pending: 0, approved: 1, rejected: 0 } } },
    ]);
  });

  it('lists a job posted pending only once it is approved, copying its listing fields from its jobs document', () => {
    expect(jobsProjection.apply(recorded(jobPosted('j', {}, 'pending'))).map((change) => change.collection)).toEqual(['jobs', 'job_stats']);
    expect(jobsProjection.apply(recorded({ type: 'JobApproved', data: { jobId: 'j', from: 'pending' } }))).toEqual([
      { kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { status: 'approved' } } },
      { kind: 'upsert', collection: 'job_listing', id: 'j', update: {}, copy: [{ collection: 'jobs', id: 'j', fields: JOB_LISTING_FIELDS, into: '' }] },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: 0, pending: -1, approved: 1, rejected: 0 } } },
    ]);
  });

  it('sets only the edited fields and their search copies', () => {
    const changes = jobsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { location: 'Bengaluru', dateOfJoining: '2025-01-01' }, after: { location: 'Pune', dateOfJoining: '2026-02-03' } } }));
    expect(changes).toEqual([
      { kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { location: 'Pune', dateOfJoining: '2026-02-03', joiningDay: '2026-02-03', searchLocation: 'pune', 'sort.location': 'pune' } } },
      { kind: 'update', collection: 'job_listing', filter: { _id: 'j' }, update: { $set: { searchLocation: 'pune' } } },
    ]);
    const skills = jobsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { skills: ['SQL'] }, after: { skills: ['Go', 'RUST'] } } }));
    expect(skills).toEqual([
      { kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { skills: ['Go', 'RUST'], searchSkills: 'go\u001frust', 'lower.skills': ['go', 'rust'] } } },
      { kind: 'update', collection: 'job_listing', filter: { _id: 'j' }, update: { $set: { searchSkills: 'go\u001frust', 'lower.skills': ['go', 'rust'] } } },
    ]);
    const salary = jobsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { ctcOrStipend: '1' }, after: { ctcOrStipend: '2' } } }));
    expect(salary.map((change) => change.collection)).toEqual(['jobs']);
  });

  it('moves a status between the counters and removes a deleted job from them', () => {
    expect(jobsProjection.apply(recorded({ type: 'JobRejected', data: { jobId: 'j', from: 'approved' } }))).toEqual([
      { kind: 'update', collection: 'jobs', filter: { _id: 'j' }, update: { $set: { status: 'rejected' } } },
      { kind: 'delete', collection: 'job_listing', filter: { _id: 'j' } },
      { kind: 'upsert', collection: 'job_stats', id: 'jobs', update: { $inc: { total: 0, pending: 0, approved: -1, rejected: 1 } } },
    ]);
    expect(jobsProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'pending' } }))).toEqual([
      { kind: 'delete', collection: 'jobs', filter: { _id: 'j' } },
      { kind: 'delete', collection: 'job_listing', filter: { _id: 'j' } },
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

/** Jobs moved through every status change and edited in each status, several in one batch. */
const listingHistory = (): PortalEvent[] => [
  jobPosted('l-1', { companyName: 'Acme Analytics', skills: ['SQL'] }, 'pending', '2025-03-01T10:00:00.000Z'),
  jobPosted('l-2', { companyName: 'Beta Bank', location: 'Pune' }, 'approved', '2025-03-02T10:00:00.000Z'),
  jobPosted('l-3', { companyName: 'Gamma Games' }, 'pending', '2025-03-03T10:00:00.000Z'),
  jobPosted('l-4', { companyName: 'Delta Design' }, 'approved', '2025-03-04T10:00:00.000Z'),
  jobPosted('l-5', { companyName: 'Eta Health' }, 'pending', '2025-03-05T10:00:00.000Z'),
  { type: 'JobEdited', data: { jobId: 'l-1', before: { location: 'Bengaluru' }, after: { location: 'Remote' } } },
  { type: 'JobApproved', data: { jobId: 'l-1', from: 'pending' } },
  { type: 'JobEdited', data: { jobId: 'l-1', before: { skills: ['SQL'] }, after: { skills: ['Go', 'Node.js'], offerType: ['Summer Internship'] } } },
  { type: 'JobRejected', data: { jobId: 'l-2', from: 'approved' } },
  { type: 'JobEdited', data: { jobId: 'l-2', before: { companyName: 'Beta Bank' }, after: { companyName: 'Beta Finance' } } },
  { type: 'JobApproved', data: { jobId: 'l-2', from: 'rejected' } },
  { type: 'JobRejected', data: { jobId: 'l-3', from: 'pending' } },
  { type: 'JobApproved', data: { jobId: 'l-3', from: 'rejected' } },
  { type: 'JobRejected', data: { jobId: 'l-3', from: 'approved' } },
  { type: 'JobEdited', data: { jobId: 'l-3', before: { profiles: 'Data Analyst' }, after: { profiles: 'Designer' } } },
  { type: 'JobDeleted', data: { jobId: 'l-4', status: 'approved' } },
  { type: 'JobApproved', data: { jobId: 'l-5', from: 'pending' } },
  { type: 'JobDeleted', data: { jobId: 'l-5', status: 'approved' } },
];

describe('job_listing: the approved jobs with their listing fields', () => {
  const subject = builtTwiceFromHistory(jobsProjection, listingHistory);

  it('holds exactly the approved jobs, each with the listing fields of its jobs document, after approvals, rejections, edits and deletes', async () => {
    const projection = Object.fromEntries(['_id', ...JOB_LISTING_FIELDS].map((field) => [field, 1]));
    const approved = await subject.db.collection('jobs').find({ status: 'approved' }, { projection }).sort({ _id: 1 }).toArray();
    const listing = await subject.db.collection(JOB_LISTING).find({}, { projection }).sort({ _id: 1 }).toArray();
    expect(approved.map((job) => job._id)).toEqual(['l-1', 'l-2']);
    expect(listing).toEqual(approved);
    expect(listing[0]).toMatchObject({ searchLocation: 'remote', searchSkills: 'go\u001fnode.js', lower: { skills: ['go', 'node.js'] }, offerType: ['Summer Internship'] });
    expect(listing[1]).toMatchObject({ searchCompanyName: 'beta finance', searchLocation: 'pune' });
  });

  it('is the same after the log is applied a second time', () => {
    expect(subject.built.twice[JOB_LISTING]).toEqual(subject.built.once[JOB_LISTING]);
    expect(subject.built.once[JOB_LISTING]!.length).toBeGreaterThan(0);
  });

  it('creates the indexes the listing reads', async () => {
    const names = (await subject.db.collection(JOB_LISTING).indexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['createdAt_-1', 'offerType_1', 'searchProfiles_1', 'searchCompanyName_1', 'searchLocation_1', 'searchSkills_1', 'searchCategory_1']));
  });
});
