import { given } from '../decider';
import { upcast } from '../upcast';
import { contextAs as as, rejectionOf, TEST_NOW as now } from '../schemas-shared/test-support';
import { JOB_REJECTIONS, jobDecider } from './decider';
import type { JobEvent, JobPosted } from './events';
import { NO_ELIGIBILITY_RULES } from './eligibility';
import { jobFormSchema } from './schemas';
import { validJobForm } from './test-fixtures';

const admin = as('admin');
const staff = as('staff');
const visitor = as('visitor');

const jobId = 'j1';
const fields = jobFormSchema(2025).parse(validJobForm);
const posted = (status: JobPosted['data']['status'] = 'pending'): JobPosted => ({
  type: 'JobPosted',
  data: { jobId, ...fields, source: 'staff', status, postedAt: '2025-03-01T00:00:00.000Z' },
});
const approved: JobEvent = { type: 'JobApproved', data: { jobId, from: 'pending' } };
const deleted: JobEvent = { type: 'JobDeleted', data: { jobId, status: 'pending' } };


describe('PostJob', () => {
  it.each([
    [visitor, 'public'],
    [staff, 'staff'],
    [admin, 'admin'],
  ] as const)('posts a pending job with the source of the poster', (context, source) => {
    expect(given(jobDecider, []).when({ type: 'PostJob', jobId, job: validJobForm }, context)).toEqual([
      { type: 'JobPosted', data: { jobId, ...fields, source, status: 'pending', postedAt: now.toISOString() } },
    ]);
  });

  it('lets an admin post an already approved job', () => {
    const [event] = given(jobDecider, []).when({ type: 'PostJob', jobId, job: validJobForm, approveImmediately: true }, admin);
    expect(event).toMatchObject({ type: 'JobPosted', data: { status: 'approved', source: 'admin' } });
  });

  it('forbids staff to post an approved job', () => {
    expect(rejectionOf(() => given(jobDecider, []).when({ type: 'PostJob', jobId, job: validJobForm, approveImmediately: true }, staff))).toEqual({
      kind: 'forbidden',
      message: JOB_REJECTIONS.onlyAdminApproves,
      errors: undefined,
    });
  });

  it('refuses an invalid form with every field problem', () => {
    const rejection = rejectionOf(() => given(jobDecider, []).when({ type: 'PostJob', jobId, job: { ...validJobForm, companyName: '', skills: [] } }, visitor));
    expect(rejection).toEqual({
      kind: 'invalid',
      message: 'This field is required',
      errors: [
        { field: 'companyName', message: 'This field is required' },
        { field: 'skills', message: 'Please add at least one skill' },
      ],
    });
  });

  it('checks the establishment year against the year of the command', () => {
    const rejection = rejectionOf(() => given(jobDecider, []).when({ type: 'PostJob', jobId, job: { ...validJobForm, yearOfEstablishment: 2026 } }, admin));
    expect(rejection.errors).toEqual([{ field: 'yearOfEstablishment', message: 'Please enter a valid year' }]);
  });

  it('refuses a job id that is already taken, even after a deletion', () => {
    for (const history of [[posted()], [posted(), deleted]]) {
      expect(rejectionOf(() => given(jobDecider, history).when({ type: 'PostJob', jobId, job: validJobForm }, admin))).toMatchObject({
        kind: 'conflict',
        message: JOB_REJECTIONS.alreadyExists,
      });
    }
  });
});

describe('EditJob', () => {
  it('records the before and after of the changed fields only', () => {
    const job = { ...validJobForm, vacancies: 5, skills: 'SQL, Python, Excel' };
    expect(given(jobDecider, [posted()]).when({ type: 'EditJob', jobId, job }, admin)).toEqual([
      { type: 'JobEdited', data: { jobId, before: { vacancies: 3, skills: ['SQL', 'Python'] }, after: { vacancies: 5, skills: ['SQL', 'Python', 'Excel'] } } },
    ]);
  });

  it('emits nothing when nothing changes', () => {
    expect(given(jobDecider, [posted()]).when({ type: 'EditJob', jobId, job: { ...validJobForm, companyName: ' Acme Analytics ' } }, admin)).toEqual([]);
  });

  it('builds on earlier edits', () => {
    const edited: JobEvent = { type: 'JobEdited', data: { jobId, before: { location: 'Bengaluru' }, after: { location: 'Pune' } } };
    expect(given(jobDecider, [posted(), edited]).when({ type: 'EditJob', jobId, job: { ...validJobForm, location: 'Pune' } }, admin)).toEqual([]);
  });

  it('refuses an invalid form', () => {
    expect(rejectionOf(() => given(jobDecider, [posted()]).when({ type: 'EditJob', jobId, job: { ...validJobForm, email: 'nope' } }, admin))).toMatchObject({
      kind: 'invalid',
      message: 'Please enter a valid email address',
    });
  });

  it.each([
    ['an unknown job', []],
    ['a deleted job', [posted(), deleted]],
  ])('refuses %s', (_name, history) => {
    expect(rejectionOf(() => given(jobDecider, history).when({ type: 'EditJob', jobId, job: validJobForm }, admin))).toMatchObject({
      kind: 'not_found',
      message: JOB_REJECTIONS.notFound,
    });
  });
});

describe('ChangeJobStatus', () => {
  it.each([
    ['pending', 'approved', 'JobApproved'],
    ['pending', 'rejected', 'JobRejected'],
    ['approved', 'rejected', 'JobRejected'],
  ] as const)('moves a %s job to %s', (from, status, type) => {
    const history = from === 'approved' ? [posted(), approved] : [posted()];
    expect(given(jobDecider, history).when({ type: 'ChangeJobStatus', jobId, status }, admin)).toEqual([{ type, data: { jobId, from } }]);
  });

  it('moves a rejected job back to approved', () => {
    const rejected: JobEvent = { type: 'JobRejected', data: { jobId, from: 'pending' } };
    expect(given(jobDecider, [posted(), rejected]).when({ type: 'ChangeJobStatus', jobId, status: 'approved' }, admin)).toEqual([
      { type: 'JobApproved', data: { jobId, from: 'rejected' } },
    ]);
  });

  it('emits nothing for the status the job already has', () => {
    expect(given(jobDecider, [posted('approved')]).when({ type: 'ChangeJobStatus', jobId, status: 'approved' }, admin)).toEqual([]);
  });

  it('refuses a status other than approved or rejected', () => {
    const command = { type: 'ChangeJobStatus', jobId, status: 'pending' } as unknown as Parameters<typeof jobDecider.decide>[0];
    expect(rejectionOf(() => given(jobDecider, [posted()]).when(command, admin))).toEqual({
      kind: 'invalid',
      message: 'Status must be approved or rejected',
      errors: [{ field: 'status', message: 'Status must be approved or rejected' }],
    });
  });

  it('refuses a missing job', () => {
    expect(rejectionOf(() => given(jobDecider, []).when({ type: 'ChangeJobStatus', jobId, status: 'approved' }, admin))).toMatchObject({ kind: 'not_found' });
  });
});

describe('DeleteJob', () => {
  it('deletes a live job, remembering its status', () => {
    expect(given(jobDecider, [posted(), approved]).when({ type: 'DeleteJob', jobId }, admin)).toEqual([{ type: 'JobDeleted', data: { jobId, status: 'approved' } }]);
  });

  it('refuses a job that is gone', () => {
    expect(rejectionOf(() => given(jobDecider, [posted(), deleted]).when({ type: 'DeleteJob', jobId }, admin))).toMatchObject({
      kind: 'not_found',
      message: JOB_REJECTIONS.notFound,
    });
  });
});

describe('NotifyStudents', () => {
  it('asks for an announcement of an approved job, every time it is called', () => {
    const announcement = {
      type: 'JobNotificationRequested',
      data: {
        jobId,
        profiles: 'Data Analyst',
        companyName: 'Acme Analytics',
        location: 'Bengaluru',
        ctcOrStipend: '8 LPA',
        offerType: ['Full time Employment'],
        dateOfJoining: '2025-07-01',
      },
    };
    expect(given(jobDecider, [posted(), approved]).when({ type: 'NotifyStudents', jobId }, admin)).toEqual([announcement]);
    expect(given(jobDecider, [posted('approved'), announcement as JobEvent]).when({ type: 'NotifyStudents', jobId }, admin)).toEqual([announcement]);
  });

  it.each(['pending', 'rejected'] as const)('refuses a %s job', (status) => {
    const history: JobEvent[] = status === 'pending' ? [posted()] : [posted(), { type: 'JobRejected', data: { jobId, from: 'pending' } }];
    expect(rejectionOf(() => given(jobDecider, history).when({ type: 'NotifyStudents', jobId }, admin))).toMatchObject({
      kind: 'conflict',
      message: JOB_REJECTIONS.notifyNeedsApproval,
    });
  });

  it('refuses a missing job', () => {
    expect(rejectionOf(() => given(jobDecider, []).when({ type: 'NotifyStudents', jobId }, admin))).toMatchObject({ kind: 'not_found' });
  });
});

describe('eligibility rules on a job', () => {
  const rules = { ...NO_ELIGIBILITY_RULES, minGraduation: 7, maxBacklogs: 0 };

  it('posts a job with its rules, and a public post may leave them out', () => {
    const [event] = given(jobDecider, []).when({ type: 'PostJob', jobId, job: { ...validJobForm, eligibilityRules: { minGraduation: '7', maxBacklogs: 0 } } }, staff);
    expect(event).toMatchObject({ type: 'JobPosted', data: { eligibilityRules: rules } });
    const [publicPost] = given(jobDecider, []).when({ type: 'PostJob', jobId, job: validJobForm }, visitor);
    expect(publicPost).toMatchObject({ type: 'JobPosted', data: { eligibilityRules: NO_ELIGIBILITY_RULES } });
  });

  it('records changed rules as an edit, before and after', () => {
    expect(given(jobDecider, [posted()]).when({ type: 'EditJob', jobId, job: { ...validJobForm, eligibilityRules: rules } }, admin)).toEqual([
      { type: 'JobEdited', data: { jobId, before: { eligibilityRules: NO_ELIGIBILITY_RULES }, after: { eligibilityRules: rules } } },
    ]);
  });

  it('reads a job posted at version 1, before rules existed, as having none', () => {
    const { eligibilityRules: _none, ...olderFields } = fields;
    const older = upcast<JobEvent>({ type: 'JobPosted', schemaVersion: 1, data: { jobId, ...olderFields, source: 'staff', status: 'pending', postedAt: '2024-03-01T00:00:00.000Z' } }, jobDecider.upcasters!);
    expect(older.data).toMatchObject({ eligibilityRules: NO_ELIGIBILITY_RULES });
    expect(given(jobDecider, [older]).when({ type: 'EditJob', jobId, job: validJobForm }, admin)).toEqual([]);
  });
});

describe('GrantEligibilityOverride', () => {
  const grant = { type: 'GrantEligibilityOverride', jobId, studentId: 's1', reason: ' Re-exam cleared ', studentIsStudent: true } as const;
  const granted: JobEvent = { type: 'EligibilityOverrideGranted', data: { jobId, studentId: 's1', reason: 'Re-exam cleared' } };

  it('lets one student apply despite the rules, with the reason', () => {
    expect(given(jobDecider, [posted(), approved]).when(grant, admin)).toEqual([granted]);
  });

  it('refuses a second override for the same student, but not for another', () => {
    expect(rejectionOf(() => given(jobDecider, [posted(), granted]).when(grant, admin))).toEqual({ kind: 'conflict', message: JOB_REJECTIONS.alreadyOverridden, errors: undefined });
    expect(given(jobDecider, [posted(), granted]).when({ ...grant, studentId: 's2' }, admin)).toHaveLength(1);
  });

  it('asks for a reason and a student', () => {
    expect(rejectionOf(() => given(jobDecider, [posted()]).when({ ...grant, reason: ' ' }, admin))).toMatchObject({ kind: 'invalid', message: 'Please give a reason' });
    expect(rejectionOf(() => given(jobDecider, [posted()]).when({ ...grant, studentIsStudent: false }, admin))).toMatchObject({
      kind: 'not_found',
      message: 'Only a student can be let apply despite the eligibility rules.',
    });
  });

  it('refuses a job that does not exist', () => {
    expect(rejectionOf(() => given(jobDecider, [posted(), deleted]).when(grant, admin))).toMatchObject({ kind: 'not_found' });
  });
});

describe('the job state', () => {
  it('keeps who posted the job and when, for the replies', () => {
    const state = [posted(), approved].reduce(jobDecider.evolve, jobDecider.initialState);
    expect(state).toEqual({ kind: 'live', status: 'approved', fields, overrides: {}, source: 'staff', postedAt: '2025-03-01T00:00:00.000Z' });
  });
});
