import { readModelsBuiltFrom } from '../test-support';
import { applicantColumnsOf, applicationsProjection, jobColumnsOf } from './applications';
import { applicationSubmitted, jobPosted, mobileNumberSaved, portalHistory, recorded } from './test-history';

describe('applications projection: the changes each event causes', () => {
  it('stores a submitted application with copies of its job columns and applicant account, and counts it', () => {
    expect(applicationsProjection.apply(recorded(applicationSubmitted('a', 'j', 's')))).toEqual([
      {
        kind: 'upsert',
        collection: 'applications',
        id: 'a',
        update: {
          $set: {
            jobId: 'j',
            studentId: 's',
            status: 'Applied',
            appliedDate: '2025-03-05T10:00:00.000Z',
            fullName: 'Form name of s',
            email: 'form.s@university.edu',
            phone: '9000000000',
            resumeKey: 'resumes/a/cv.pdf',
            sort: { email: 'form.s@university.edu' },
          },
        },
        copy: [
          { collection: 'application_jobs', id: 'j', fields: ['profiles', 'companyName', 'ctcOrStipend', 'location', 'offerType'], into: 'job' },
          { collection: 'application_applicants', id: 's', fields: ['fullName', 'email', 'phone', 'rollNo'], into: 'applicant' },
          { collection: 'application_applicants', id: 's', fields: ['fullNameKey'], into: 'applicantSort' },
        ],
      },
      { kind: 'upsert', collection: 'application_stats', id: 'applications', update: { $inc: { total: 1, applied: 1, underReview: 0, scheduled: 0, accepted: 0, rejected: 0 } } },
      // The job's count, in a collection of its own: the job document does not change.
      { kind: 'update', collection: 'job_application_counts', filter: { _id: 'j' }, update: { $inc: { applicationCount: 1 } } },
    ]);
  });

  it("takes a deleted application off the counters and its job's count", () => {
    expect(applicationsProjection.apply(recorded({ type: 'ApplicationDeleted', data: { applicationId: 'a', jobId: 'j', studentId: 's', status: 'Accepted' } }))).toEqual([
      { kind: 'delete', collection: 'applications', filter: { _id: 'a' } },
      { kind: 'upsert', collection: 'application_stats', id: 'applications', update: { $inc: { total: -1, applied: 0, underReview: 0, scheduled: 0, accepted: -1, rejected: 0 } } },
      // By _id, never upserted: a deleted job's count is gone and stays gone.
      { kind: 'update', collection: 'job_application_counts', filter: { _id: 'j' }, update: { $inc: { applicationCount: -1 } } },
    ]);
  });

  it('starts a posted job at no applications, beside its columns', () => {
    expect(applicationsProjection.apply(recorded(jobPosted('j')))).toEqual([
      { kind: 'upsert', collection: 'application_jobs', id: 'j', update: { $set: { profiles: 'Data Analyst', companyName: 'Acme Analytics', ctcOrStipend: '8 LPA', location: 'Bengaluru', offerType: ['Full time Employment'] } } },
      { kind: 'upsert', collection: 'job_application_counts', id: 'j', update: { $set: { applicationCount: 0 } } },
    ]);
  });

  it('moves no count on a status change or an offer', () => {
    const touched = [
      applicationsProjection.apply(recorded({ type: 'ApplicationStatusChanged', data: { applicationId: 'a', jobId: 'j', studentId: 's', fullName: 'x', email: 'x', from: 'Applied', to: 'Accepted' } })),
      applicationsProjection.apply(recorded({ type: 'OfferWithdrawn', data: { applicationId: 'a', jobId: 'j', studentId: 's', withdrawnAt: '2025-03-05T10:00:00.000Z' } } as never)),
    ].flat().map((change) => change.collection);
    expect(touched).not.toContain('job_application_counts');
  });

  it('moves a status change between the counters', () => {
    expect(applicationsProjection.apply(recorded({ type: 'ApplicationStatusChanged', data: { applicationId: 'a', jobId: 'j', studentId: 's', fullName: 'x', email: 'x', from: 'Under Review', to: 'Scheduled' } }))).toEqual([
      { kind: 'update', collection: 'applications', filter: { _id: 'a' }, update: { $set: { status: 'Scheduled', interview: null } } },
      { kind: 'upsert', collection: 'application_stats', id: 'applications', update: { $inc: { total: 0, applied: 0, underReview: -1, scheduled: 1, accepted: 0, rejected: 0 } } },
    ]);
  });

  it("marks a deleted job's applications 'no longer available' and forgets its columns and its count", () => {
    expect(applicationsProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([
      { kind: 'delete', collection: 'application_jobs', filter: { _id: 'j' } },
      { kind: 'delete', collection: 'job_application_counts', filter: { _id: 'j' } },
      { kind: 'update', collection: 'applications', filter: { jobId: 'j' }, update: { $set: { job: null } }, many: true },
    ]);
  });

  it('copies edited job columns into the lookup and every application of the job, and ignores other edits', () => {
    expect(applicationsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { companyName: 'A', eligibility: 'x' }, after: { companyName: 'B', eligibility: 'y' } } }))).toEqual([
      { kind: 'update', collection: 'application_jobs', filter: { _id: 'j' }, update: { $set: { companyName: 'B' } } },
      { kind: 'update', collection: 'applications', filter: { jobId: 'j', job: { $ne: null } }, update: { $set: { 'job.companyName': 'B' } }, many: true },
    ]);
    expect(applicationsProjection.apply(recorded({ type: 'JobEdited', data: { jobId: 'j', before: { eligibility: 'x' }, after: { eligibility: 'y' } } }))).toEqual([]);
  });

  it("takes the applicant's phone from the account or the profile, whichever changed last", () => {
    expect(applicationsProjection.apply(recorded(mobileNumberSaved('s', '9123456789')))).toEqual([
      { kind: 'update', collection: 'application_applicants', filter: { _id: 's' }, update: { $set: { phone: '9123456789' } } },
      { kind: 'update', collection: 'applications', filter: { studentId: 's', applicant: { $ne: null } }, update: { $set: { 'applicant.phone': '9123456789' } }, many: true },
    ]);
    expect(applicantColumnsOf({ mobileNo: '9000000009', rollNo: null })).toEqual({ phone: '9000000009', rollNo: null });
  });

  it('keeps only the columns an application shows', () => {
    expect(jobColumnsOf(jobPosted('j').data as never)).toEqual({ profiles: 'Data Analyst', companyName: 'Acme Analytics', ctcOrStipend: '8 LPA', location: 'Bengaluru', offerType: ['Full time Employment'] });
  });
});

describe('applications read model built from a history in the real event store and read-model server', () => {
  const readModels = readModelsBuiltFrom([applicationsProjection], portalHistory);

  const application = (id: string) => readModels.db.collection('applications').findOne({ _id: id } as never, { projection: { _v: 0 } });

  it('carries the current job columns and the applicant account as they are now', async () => {
    expect(await application('app-2')).toEqual({
      _id: 'app-2',
      jobId: 'job-1',
      studentId: 'bala',
      status: 'Rejected',
      appliedDate: '2025-03-06T10:00:00.000Z',
      fullName: 'Form name of bala',
      email: 'form.bala@university.edu',
      phone: '9000000000',
      resumeKey: 'resumes/app-2/cv.pdf',
      job: { profiles: 'Data Analyst', companyName: 'Acme Labs', ctcOrStipend: '8 LPA', location: 'Pune', offerType: ['Full time Employment'] },
      applicant: { fullName: 'Bala Krishnan', email: 'bala@university.edu', phone: '9000000002', rollNo: 'R-bala' },
      // The sort keys follow the account's name as it changes (and the form's e-mail).
      applicantSort: { fullNameKey: 'bala krishnan' },
      sort: { email: 'form.bala@university.edu' },
    });
  });

  it("has no job columns once the job is deleted, and keeps a deleted account's last known fields", async () => {
    expect(await application('app-3')).toMatchObject({ jobId: 'job-3', job: null, applicant: { fullName: 'Asha Rao', email: 'asha@university.edu', phone: '9000000001', rollNo: 'R-asha' } });
  });

  it('takes a deleted and resubmitted application back as new', async () => {
    expect(await application('app-4')).toMatchObject({ status: 'Applied', appliedDate: '2025-03-09T10:00:00.000Z', job: { companyName: 'Beta Bank', offerType: ['Internship + PPO', 'Apprenticeship'] } });
  });

  it('counts live applications by status', async () => {
    expect(await readModels.db.collection('application_stats').findOne({}, { projection: { _v: 0 } })).toEqual({
      _id: 'applications',
      total: 4,
      applied: 2,
      underReview: 0,
      scheduled: 0,
      accepted: 1,
      rejected: 1,
    });
  });

  it('counts the live applications of each live job, and none of a deleted job', async () => {
    const counts = await readModels.db.collection('job_application_counts').find({}, { projection: { _v: 0 } }).sort({ _id: 1 }).toArray();
    expect(counts).toEqual([
      { _id: 'job-1', applicationCount: 2 },
      // Submitted, deleted and submitted again.
      { _id: 'job-2', applicationCount: 1 },
      { _id: 'job-4', applicationCount: 0 },
    ]);
  });

  it('creates the index the review job table sorts its counts by', async () => {
    const names = (await readModels.db.collection('job_application_counts').indexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['applicationCount_1__id_1']));
  });

  it('keeps its lookups to the live jobs and accounts', async () => {
    expect(await readModels.db.collection('application_jobs').distinct('_id')).toEqual(['job-1', 'job-2', 'job-4']);
    expect(await readModels.db.collection('application_applicants').distinct('_id')).toEqual(['bala']);
  });
});
