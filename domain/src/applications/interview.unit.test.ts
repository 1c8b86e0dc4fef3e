import { given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import { applicationDecider, type ChangeApplicationStatus } from './decider';
import type { ApplicationEvent } from './events';
import { consecutiveSlots, INTERVIEW_MESSAGES, interviewEndsAt, interviewSlotSchema, type InterviewSlot } from './interview';
import { applicationStatusChangeSchema, bulkApplicationStatusSchema } from './schemas';

const admin = contextAs('admin');
const applicationId = 'app-1';
const applicant = { applicationId, jobId: 'j1', studentId: 's1', fullName: 'Asha Rao', email: 'asha@uni.edu' };
const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: { ...applicant, phone: '9876543210', resumeKey: 'resumes/s1/cv.pdf', status: 'Applied', appliedAt: '2025-03-01T00:00:00.000Z' },
};
const slot: InterviewSlot = { startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 45, location: 'Placement cell, Room 101' };
const scheduled = (interview: InterviewSlot = slot): ApplicationEvent => ({
  type: 'ApplicationStatusChanged',
  data: { ...applicant, from: 'Applied', to: 'Scheduled', interview },
});
const schedule = (interview: unknown): ChangeApplicationStatus => ({ type: 'ChangeApplicationStatus', applicationId, status: 'Scheduled', interview: interview as InterviewSlot });

describe('Scheduling an interview (ChangeApplicationStatus to Scheduled)', () => {
  it('records the slot on the status change', () => {
    expect(given(applicationDecider, [submitted]).when(schedule(slot), admin)).toEqual([scheduled()]);
  });

  it('normalises the start to UTC and leaves out a blank place', () => {
    const events = given(applicationDecider, [submitted]).when(schedule({ startsAt: '2025-03-18T10:30+05:30', durationMinutes: '30', location: ' ', meetingLink: 'https://meet.example/abc' }), admin);
    expect(events).toEqual([scheduled({ startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 30, meetingLink: 'https://meet.example/abc' })]);
  });

  it('refuses Scheduled without a slot', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(schedule(undefined), admin))).toEqual({
      kind: 'invalid',
      message: 'Scheduling an interview needs its date and time, duration, and a place or meeting link.',
      errors: [{ field: 'interview', message: 'Scheduling an interview needs its date and time, duration, and a place or meeting link.' }],
    });
  });

  it('refuses a slot with another status', () => {
    const command: ChangeApplicationStatus = { type: 'ChangeApplicationStatus', applicationId, status: 'Rejected', interview: slot };
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(command, admin))).toEqual({
      kind: 'invalid',
      message: 'An interview slot can only be given when the status is Scheduled.',
      errors: [{ field: 'interview', message: 'An interview slot can only be given when the status is Scheduled.' }],
    });
  });

  it('names every problem of an incomplete slot, the first as the message', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(schedule({ startsAt: '', durationMinutes: '' }), admin))).toEqual({
      kind: 'invalid',
      message: 'Please enter the interview date and time.',
      errors: [
        { field: 'interview.startsAt', message: 'Please enter the interview date and time.' },
        { field: 'interview.durationMinutes', message: 'Please enter the interview duration in minutes.' },
      ],
    });
  });

  it('asks for a place or a meeting link once the rest is valid', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(schedule({ startsAt: slot.startsAt, durationMinutes: 30 }), admin))).toEqual({
      kind: 'invalid',
      message: 'Please enter a place or a meeting link for the interview.',
      errors: [{ field: 'interview.location', message: 'Please enter a place or a meeting link for the interview.' }],
    });
  });

  it.each([
    ['a local time without an offset', { startsAt: '2025-03-18T10:30' }, 'interview.startsAt', 'Please enter a valid interview date and time.'],
    ['a text that is no date', { startsAt: 'next Tuesday' }, 'interview.startsAt', 'Please enter a valid interview date and time.'],
    ['a duration of 0', { durationMinutes: 0 }, 'interview.durationMinutes', 'Interview duration must be a whole number of minutes from 5 to 480.'],
    ['a fractional duration', { durationMinutes: 12.5 }, 'interview.durationMinutes', 'Interview duration must be a whole number of minutes from 5 to 480.'],
    ['a duration over 8 hours', { durationMinutes: 481 }, 'interview.durationMinutes', 'Interview duration must be a whole number of minutes from 5 to 480.'],
    ['a meeting link that is not http(s)', { meetingLink: 'javascript:alert(1)' }, 'interview.meetingLink', 'Meeting link must be a web address starting with http:// or https://'],
    ['a place of 201 characters', { location: 'x'.repeat(201) }, 'interview.location', 'Place must be at most 200 characters.'],
  ])('refuses %s', (_name, change, field, message) => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when(schedule({ ...slot, ...change }), admin))).toEqual({ kind: 'invalid', message, errors: [{ field, message }] });
  });

  it('gives a new slot to an application already scheduled (rescheduling)', () => {
    const later = { ...slot, startsAt: '2025-03-19T05:00:00.000Z' };
    expect(given(applicationDecider, [submitted, scheduled()]).when(schedule(later), admin)).toEqual([
      { type: 'ApplicationStatusChanged', data: { ...applicant, from: 'Scheduled', to: 'Scheduled', interview: later } },
    ]);
  });

  it('emits nothing for the same slot again', () => {
    expect(given(applicationDecider, [submitted, scheduled()]).when(schedule({ ...slot, startsAt: '2025-03-18T10:30:00+05:30' }), admin)).toEqual([]);
  });

  it('leaves the slot behind when the status moves on', () => {
    expect(given(applicationDecider, [submitted, scheduled()]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Rejected' }, admin)).toEqual([
      { type: 'ApplicationStatusChanged', data: { ...applicant, from: 'Scheduled', to: 'Rejected' } },
    ]);
  });

  it('reads an older Scheduled event without a slot, and then schedules it with one', () => {
    const legacy: ApplicationEvent = { type: 'ApplicationStatusChanged', data: { ...applicant, from: 'Applied', to: 'Scheduled' } };
    expect(given(applicationDecider, [submitted, legacy]).when(schedule(slot), admin)).toEqual([
      { type: 'ApplicationStatusChanged', data: { ...applicant, from: 'Scheduled', to: 'Scheduled', interview: slot } },
    ]);
  });
});

describe('consecutiveSlots (bulk Scheduled)', () => {
  it('gives each application the next slot, in the order of the ids', () => {
    const slots = consecutiveSlots({ startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 20, meetingLink: 'https://meet.example/x' }, ['c', 'a', 'b', 'a']);
    expect([...slots]).toEqual([
      ['c', { startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 20, meetingLink: 'https://meet.example/x' }],
      ['a', { startsAt: '2025-03-18T05:20:00.000Z', durationMinutes: 20, meetingLink: 'https://meet.example/x' }],
      ['b', { startsAt: '2025-03-18T05:40:00.000Z', durationMinutes: 20, meetingLink: 'https://meet.example/x' }],
    ]);
  });
});

describe('slot schemas', () => {
  it('takes a slot beside the status, single and bulk', () => {
    expect(applicationStatusChangeSchema.parse({ status: 'Scheduled', interview: slot })).toEqual({ status: 'Scheduled', interview: slot });
    expect(bulkApplicationStatusSchema.parse({ status: 'Scheduled', interview: slot, applicationIds: ['a1'] })).toEqual({ status: 'Scheduled', interview: slot, applicationIds: ['a1'] });
  });

  it('keeps place and link both when both are given', () => {
    expect(interviewSlotSchema.parse({ ...slot, meetingLink: 'https://meet.example/abc' })).toEqual({ ...slot, meetingLink: 'https://meet.example/abc' });
  });

  it('ends the slot after its duration', () => {
    expect(interviewEndsAt(slot)).toBe('2025-03-18T05:45:00.000Z');
  });

  it('has a message for every rule', () => {
    expect(Object.values(INTERVIEW_MESSAGES).every((message) => message.length > 0)).toBe(true);
  });
});
