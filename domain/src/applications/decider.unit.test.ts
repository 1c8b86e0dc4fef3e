import { given } from '../decider';
import { NO_ELIGIBILITY_RULES, type EligibilityProfile } from '../jobs/eligibility';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import { applicationDecider, type SubmitApplication } from './decider';
import { applicationIdFor, type ApplicationEvent } from './events';
import { APPLICATION_MESSAGES } from './schemas';

const student = contextAs('student', 's1');
const admin = contextAs('admin');
const applicationId = 'app-1';

const profile: EligibilityProfile = {
  tenthPercentage: 85,
  twelfthPercentage: 80,
  graduation: { value: 6.8, scale: 'CGPA' },
  degree: 'B.Tech',
  passingYear: '2026',
  school: 'SOET',
  existingBacklogs: 2,
};
const submit: SubmitApplication = {
  type: 'SubmitApplication',
  applicationId,
  jobId: 'j1',
  studentId: 's1',
  jobStatus: 'approved',
  fullName: 'Asha Rao',
  email: 'asha@uni.edu',
  phone: '9876543210',
  resumeKey: 'resumes/s1/cv.pdf',
  eligibility: { rules: NO_ELIGIBILITY_RULES, profile, overrideReason: null },
};
const strictRules = { ...NO_ELIGIBILITY_RULES, minGraduation: 7, maxBacklogs: 0 };
const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: {
    applicationId,
    jobId: 'j1',
    studentId: 's1',
    fullName: 'Asha Rao',
    email: 'asha@uni.edu',
    phone: '9876543210',
    resumeKey: 'resumes/s1/cv.pdf',
    status: 'Applied',
    appliedAt: '2025-03-01T00:00:00.000Z',
  },
};
const statusChanged = (from: 'Applied' | 'Scheduled', to: 'Applied' | 'Scheduled'): ApplicationEvent => ({
  type: 'ApplicationStatusChanged',
  data: { applicationId, jobId: 'j1', studentId: 's1', fullName: 'Asha Rao', email: 'asha@uni.edu', from, to },
});
const deleted: ApplicationEvent = { type: 'ApplicationDeleted', data: { applicationId, jobId: 'j1', studentId: 's1', status: 'Applied' } };

describe('applicationIdFor', () => {
  it('hashes the student and the job unambiguously', () => {
    const seen: string[] = [];
    const id = applicationIdFor('s1', 'j1', (name) => {
      seen.push(name);
      return `h(${name})`;
    });
    expect(seen).toEqual(['["s1","j1"]']);
    expect(id).toBe('h(["s1","j1"])');
  });
});

describe('SubmitApplication', () => {
  it("submits an application with status 'Applied' at the command's time", () => {
    expect(given(applicationDecider, []).when(submit, student)).toEqual([{ ...submitted, data: { ...submitted.data, appliedAt: TEST_NOW.toISOString() } }]);
  });

  it('lets a student apply again after the application was deleted', () => {
    expect(given(applicationDecider, [submitted, deleted]).when(submit, student)).toHaveLength(1);
  });

  it('refuses a second active application', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(submit, student))).toEqual({
      kind: 'conflict',
      message: 'You have already applied for this job.',
      errors: undefined,
    });
  });

  it.each(['pending', 'rejected'] as const)('refuses a %s job', (jobStatus) => {
    expect(rejectionOf(() => given(applicationDecider, []).when({ ...submit, jobStatus }, student))).toMatchObject({
      kind: 'conflict',
      message: 'This job is not open for applications.',
    });
  });

  it('refuses a job that does not exist', () => {
    expect(rejectionOf(() => given(applicationDecider, []).when({ ...submit, jobStatus: null }, student))).toMatchObject({
      kind: 'not_found',
      message: APPLICATION_MESSAGES.jobNotFound,
    });
  });

  it('refuses a student the rules exclude, naming every failing rule', () => {
    const command = { ...submit, eligibility: { rules: strictRules, profile, overrideReason: null } };
    expect(rejectionOf(() => given(applicationDecider, []).when(command, student))).toEqual({
      kind: 'conflict',
      message: 'Not eligible: graduation CGPA 6.8 is below 7.0; 2 existing backlogs, at most 0 allowed',
      errors: [
        { field: 'eligibility', message: 'graduation CGPA 6.8 is below 7.0' },
        { field: 'eligibility', message: '2 existing backlogs, at most 0 allowed' },
      ],
    });
  });

  it('admits the student once the profile as it stands meets the rules', () => {
    const command = { ...submit, eligibility: { rules: strictRules, profile: { ...profile, graduation: { value: 7.1, scale: 'CGPA' as const }, existingBacklogs: 0 }, overrideReason: null } };
    expect(given(applicationDecider, []).when(command, student)).toEqual([{ ...submitted, data: { ...submitted.data, appliedAt: TEST_NOW.toISOString() } }]);
  });

  it('admits a student an admin let in despite the rules, recording the reason and the rules it failed', () => {
    const command = { ...submit, eligibility: { rules: strictRules, profile, overrideReason: 'Backlogs cleared in the re-exam' } };
    expect(given(applicationDecider, []).when(command, student)).toEqual([
      {
        ...submitted,
        data: {
          ...submitted.data,
          appliedAt: TEST_NOW.toISOString(),
          eligibilityOverride: { reason: 'Backlogs cleared in the re-exam', failedRules: ['graduation CGPA 6.8 is below 7.0', '2 existing backlogs, at most 0 allowed'] },
        },
      },
    ]);
  });

  it('refuses an invalid form with the spec messages', () => {
    expect(rejectionOf(() => given(applicationDecider, []).when({ ...submit, phone: '123', resumeKey: '' }, student))).toEqual({
      kind: 'invalid',
      message: 'Phone number must be 10 digits',
      errors: [
        { field: 'phone', message: 'Phone number must be 10 digits' },
        { field: 'resumeKey', message: 'Resume is required' },
      ],
    });
  });
});

describe('ChangeApplicationStatus', () => {
  it('records from and to', () => {
    const interview = { startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 101' };
    expect(given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Scheduled', interview }, admin)).toEqual([
      { ...statusChanged('Applied', 'Scheduled'), data: { ...statusChanged('Applied', 'Scheduled').data, interview } },
    ]);
  });

  it('allows any status after any other, including going back', () => {
    expect(given(applicationDecider, [submitted, statusChanged('Applied', 'Scheduled')]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Applied' }, admin)).toEqual([
      statusChanged('Scheduled', 'Applied'),
    ]);
  });

  it('emits nothing for the current status', () => {
    expect(given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Applied' }, admin)).toEqual([]);
  });

  it('refuses an unknown status', () => {
    const command = { type: 'ChangeApplicationStatus', applicationId, status: 'Hired' } as unknown as Parameters<typeof applicationDecider.decide>[0];
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(command, admin))).toMatchObject({ kind: 'invalid', message: APPLICATION_MESSAGES.statusInvalid });
  });

  it.each([
    ['never submitted', []],
    ['deleted', [submitted, deleted]],
  ])('refuses an application that was %s', (_name, history) => {
    expect(rejectionOf(() => given(applicationDecider, history).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted' }, admin))).toMatchObject({
      kind: 'not_found',
      message: 'Application not found',
    });
  });
});

describe('DeleteApplication', () => {
  it('deletes an active application, remembering its status', () => {
    expect(given(applicationDecider, [submitted, statusChanged('Applied', 'Scheduled')]).when({ type: 'DeleteApplication', applicationId }, admin)).toEqual([
      { type: 'ApplicationDeleted', data: { applicationId, jobId: 'j1', studentId: 's1', status: 'Scheduled' } },
    ]);
  });

  it.each([
    ['never submitted', []],
    ['already deleted', [submitted, deleted]],
  ])('refuses an application that was %s', (_name, history) => {
    expect(rejectionOf(() => given(applicationDecider, history).when({ type: 'DeleteApplication', applicationId }, admin))).toMatchObject({ kind: 'not_found' });
  });
});

describe('the application state', () => {
  it('keeps the phone and the time of the latest submission, for the review screen', () => {
    const again: ApplicationEvent = { ...submitted, data: { ...submitted.data, phone: '9123456780', appliedAt: '2025-04-01T00:00:00.000Z' } };
    const state = [submitted, deleted, again, statusChanged('Applied', 'Scheduled')].reduce(applicationDecider.evolve, applicationDecider.initialState);
    expect(state).toMatchObject({ kind: 'active', application: { phone: '9123456780', appliedAt: '2025-04-01T00:00:00.000Z', status: 'Scheduled' } });
  });
});
