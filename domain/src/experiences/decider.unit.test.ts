import { given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import { experienceDecider } from './decider';
import type { ExperienceEvent } from './events';
import { EXPERIENCE_MESSAGES, type ExperienceFields } from './schemas';

const visitor = contextAs('visitor');
const admin = contextAs('admin');
const experienceId = 'e1';
const form: ExperienceFields = {
  companyName: 'Infosys',
  role: 'Systems Engineer',
  author: 'Rahul Verma',
  batch: '2024',
  course: 'B.Tech CSE',
  interviewLocation: 'Campus',
  offerStatus: 'Accepted',
  experienceRating: 'Amazing',
  difficulty: 'Easy',
  rounds: [{ name: 'Aptitude', description: '60 questions in 60 minutes.' }],
};
const shared: ExperienceEvent = { type: 'ExperienceShared', data: { experienceId, ...form, postedDate: '2025-02-01T00:00:00.000Z' } };
const submitted: ExperienceEvent = { type: 'ExperienceSubmitted', data: { experienceId, ...form, postedDate: '2025-02-01T00:00:00.000Z' } };
const approved: ExperienceEvent = { type: 'ExperienceApproved', data: { experienceId, companyName: 'Infosys', role: 'Systems Engineer' } };
const removed: ExperienceEvent = { type: 'ExperienceRemoved', data: { experienceId, companyName: 'Infosys', role: 'Systems Engineer' } };

describe('ShareExperience', () => {
  it.each([
    ['an admin', admin],
    ['staff', contextAs('staff')],
  ])("publishes the experience of %s at once, dated at the command's time", (_name, context) => {
    expect(given(experienceDecider, []).when({ type: 'ShareExperience', experienceId, experience: form }, context)).toEqual([
      { type: 'ExperienceShared', data: { experienceId, ...form, postedDate: TEST_NOW.toISOString() } },
    ]);
  });

  it.each([
    ['a visitor', visitor],
    ['a student', contextAs('student')],
  ])('holds the experience of %s for review', (_name, context) => {
    expect(given(experienceDecider, []).when({ type: 'ShareExperience', experienceId, experience: form }, context)).toEqual([
      { type: 'ExperienceSubmitted', data: { experienceId, ...form, postedDate: TEST_NOW.toISOString() } },
    ]);
  });

  it('refuses an invalid form with the path of the bad round', () => {
    const experience = { ...form, rounds: [{ name: 'HR', description: '' }] };
    expect(rejectionOf(() => given(experienceDecider, []).when({ type: 'ShareExperience', experienceId, experience }, visitor))).toEqual({
      kind: 'invalid',
      message: 'Please enter the round description',
      errors: [{ field: 'rounds.0.description', message: 'Please enter the round description' }],
    });
  });

  it('refuses an id already used', () => {
    expect(rejectionOf(() => given(experienceDecider, [shared]).when({ type: 'ShareExperience', experienceId, experience: form }, visitor))).toMatchObject({
      kind: 'conflict',
      message: EXPERIENCE_MESSAGES.alreadyExists,
    });
  });
});

describe('ApproveExperience', () => {
  it('publishes an experience held for review', () => {
    expect(given(experienceDecider, [submitted]).when({ type: 'ApproveExperience', experienceId }, admin)).toEqual([approved]);
  });

  it.each([
    ['approved', [submitted, approved]],
    ['published by staff', [shared]],
  ])('changes nothing for an experience already %s', (_name, history) => {
    expect(given(experienceDecider, history).when({ type: 'ApproveExperience', experienceId }, admin)).toEqual([]);
  });

  it.each([
    ['unknown', []],
    ['removed', [submitted, removed]],
  ])('refuses an experience that is %s', (_name, history) => {
    expect(rejectionOf(() => given(experienceDecider, history).when({ type: 'ApproveExperience', experienceId }, admin))).toMatchObject({ kind: 'not_found', message: EXPERIENCE_MESSAGES.notFound });
  });

  it('keeps an edit made while the experience waited', () => {
    const edited: ExperienceEvent = { type: 'ExperienceEdited', data: { experienceId, before: { batch: '2024' }, after: { batch: '2025' } } };
    const state = [submitted, edited, approved].reduce(experienceDecider.evolve, experienceDecider.initialState);
    expect(state).toEqual({ kind: 'shared', status: 'approved', fields: { ...form, batch: '2025' }, postedDate: '2025-02-01T00:00:00.000Z' });
  });
});

describe('EditExperience', () => {
  it('records the changed fields, rounds as a whole list', () => {
    const rounds = [...form.rounds, { name: 'Technical', description: 'DSA and DBMS.' }];
    expect(given(experienceDecider, [shared]).when({ type: 'EditExperience', experienceId, experience: { ...form, difficulty: 'Hard', rounds } }, admin)).toEqual([
      { type: 'ExperienceEdited', data: { experienceId, before: { difficulty: 'Easy', rounds: form.rounds }, after: { difficulty: 'Hard', rounds } } },
    ]);
  });

  it('emits nothing when nothing changes', () => {
    expect(given(experienceDecider, [shared]).when({ type: 'EditExperience', experienceId, experience: { ...form, role: 'Systems Engineer ' } }, admin)).toEqual([]);
  });

  it('builds on earlier edits', () => {
    const edited: ExperienceEvent = { type: 'ExperienceEdited', data: { experienceId, before: { batch: '2024' }, after: { batch: '2025' } } };
    expect(given(experienceDecider, [shared, edited]).when({ type: 'EditExperience', experienceId, experience: { ...form, batch: '2025' } }, admin)).toEqual([]);
  });

  it('refuses an invalid form', () => {
    expect(rejectionOf(() => given(experienceDecider, [shared]).when({ type: 'EditExperience', experienceId, experience: { ...form, rounds: [] } }, admin))).toMatchObject({
      kind: 'invalid',
      message: 'Please add at least one round',
    });
  });

  it.each([
    ['unknown', []],
    ['removed', [shared, removed]],
  ])('refuses an experience that is %s', (_name, history) => {
    expect(rejectionOf(() => given(experienceDecider, history).when({ type: 'EditExperience', experienceId, experience: form }, admin))).toMatchObject({
      kind: 'not_found',
      message: 'Interview experience not found',
    });
  });
});

describe('RemoveExperience', () => {
  it('removes a shared experience', () => {
    expect(given(experienceDecider, [shared]).when({ type: 'RemoveExperience', experienceId }, admin)).toEqual([removed]);
  });

  it('removes (rejects) an experience held for review', () => {
    expect(given(experienceDecider, [submitted]).when({ type: 'RemoveExperience', experienceId }, admin)).toEqual([removed]);
  });

  it.each([
    ['unknown', []],
    ['already removed', [shared, removed]],
  ])('refuses an experience that is %s', (_name, history) => {
    expect(rejectionOf(() => given(experienceDecider, history).when({ type: 'RemoveExperience', experienceId }, admin))).toMatchObject({ kind: 'not_found' });
  });
});
