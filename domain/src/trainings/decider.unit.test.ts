import { given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import { trainingDecider } from './decider';
import type { TrainingEvent } from './events';
import { TRAINING_MESSAGES } from './schemas';

const staff = contextAs('staff');
const trainingId = 't1';
const form = {
  title: 'Aptitude Bootcamp',
  description: 'Quantitative aptitude and logical reasoning.',
  date: '2025-04-02T05:00:00.000Z',
  duration: '3 hours',
  mode: 'Online',
  registrationLink: 'https://forms.example/aptitude',
};
const scheduled: TrainingEvent = { type: 'TrainingScheduled', data: { trainingId, ...form } };
const cancelled: TrainingEvent = { type: 'TrainingCancelled', data: { trainingId, title: form.title } };

describe('ScheduleTraining', () => {
  it('schedules a training', () => {
    expect(given(trainingDecider, []).when({ type: 'ScheduleTraining', trainingId, training: { ...form, date: '2025-04-02T10:30:00+05:30' } }, staff)).toEqual([scheduled]);
  });

  it('refuses an invalid form', () => {
    expect(rejectionOf(() => given(trainingDecider, []).when({ type: 'ScheduleTraining', trainingId, training: { ...form, mode: '' } }, staff))).toEqual({
      kind: 'invalid',
      message: 'Please enter a mode',
      errors: [{ field: 'mode', message: 'Please enter a mode' }],
    });
  });

  it('refuses an id already used', () => {
    expect(rejectionOf(() => given(trainingDecider, [scheduled]).when({ type: 'ScheduleTraining', trainingId, training: form }, staff))).toMatchObject({
      kind: 'conflict',
      message: TRAINING_MESSAGES.alreadyExists,
    });
  });
});

describe('EditTraining', () => {
  it('records the changed fields before and after', () => {
    expect(given(trainingDecider, [scheduled]).when({ type: 'EditTraining', trainingId, training: { ...form, mode: 'Hybrid', duration: '4 hours' } }, staff)).toEqual([
      { type: 'TrainingEdited', data: { trainingId, before: { duration: '3 hours', mode: 'Online' }, after: { duration: '4 hours', mode: 'Hybrid' } } },
    ]);
  });

  it('emits nothing when the same instant is written another way', () => {
    expect(given(trainingDecider, [scheduled]).when({ type: 'EditTraining', trainingId, training: { ...form, date: '2025-04-02T10:30:00+05:30' } }, staff)).toEqual([]);
  });

  it('builds on earlier edits', () => {
    const edited: TrainingEvent = { type: 'TrainingEdited', data: { trainingId, before: { mode: 'Online' }, after: { mode: 'Hybrid' } } };
    expect(given(trainingDecider, [scheduled, edited]).when({ type: 'EditTraining', trainingId, training: { ...form, mode: 'Hybrid' } }, staff)).toEqual([]);
  });

  it('refuses an invalid form', () => {
    expect(rejectionOf(() => given(trainingDecider, [scheduled]).when({ type: 'EditTraining', trainingId, training: { ...form, registrationLink: 'nope' } }, staff))).toMatchObject({
      kind: 'invalid',
      message: 'Please enter a valid URL',
    });
  });

  it.each([
    ['unknown', []],
    ['cancelled', [scheduled, cancelled]],
  ])('refuses a training that is %s', (_name, history) => {
    expect(rejectionOf(() => given(trainingDecider, history).when({ type: 'EditTraining', trainingId, training: form }, staff))).toMatchObject({
      kind: 'not_found',
      message: 'Training not found',
    });
  });
});

describe('CancelTraining', () => {
  it('cancels a scheduled training', () => {
    expect(given(trainingDecider, [scheduled]).when({ type: 'CancelTraining', trainingId }, staff)).toEqual([cancelled]);
  });

  it.each([
    ['unknown', []],
    ['already cancelled', [scheduled, cancelled]],
  ])('refuses a training that is %s', (_name, history) => {
    expect(rejectionOf(() => given(trainingDecider, history).when({ type: 'CancelTraining', trainingId }, staff))).toMatchObject({ kind: 'not_found' });
  });
});
