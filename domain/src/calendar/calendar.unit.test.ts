import { given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import { calendarFeedDecider, interviewCalendarEvent, trainingCalendarEvent, trainingMinutes, type CalendarFeedEvent } from './feed';
import { foldLine, icsCalendar, icsText } from './ics';

const student = contextAs('student', 's1');
const issued = (tokenHash: string): CalendarFeedEvent => ({ type: 'CalendarFeedIssued', data: { userId: 's1', tokenHash, issuedAt: '2025-03-01T00:00:00.000Z' } });

describe('calendar feed token', () => {
  it('issues a token, recording only its hash', () => {
    expect(given(calendarFeedDecider, []).when({ type: 'IssueCalendarFeed', userId: 's1', tokenHash: 'h1' }, student)).toEqual([
      { type: 'CalendarFeedIssued', data: { userId: 's1', tokenHash: 'h1', issuedAt: TEST_NOW.toISOString() } },
    ]);
  });

  it('replaces the token when issued again', () => {
    const history = [issued('h1')];
    expect(given(calendarFeedDecider, history).when({ type: 'IssueCalendarFeed', userId: 's1', tokenHash: 'h2' }, student)).toMatchObject([{ type: 'CalendarFeedIssued', data: { tokenHash: 'h2' } }]);
  });

  it('revokes the current token, naming it', () => {
    expect(given(calendarFeedDecider, [issued('h1'), issued('h2')]).when({ type: 'RevokeCalendarFeed', userId: 's1' }, student)).toEqual([
      { type: 'CalendarFeedRevoked', data: { userId: 's1', tokenHash: 'h2', revokedAt: TEST_NOW.toISOString() } },
    ]);
  });

  it.each([
    ['never issued', []],
    ['already revoked', [issued('h1'), { type: 'CalendarFeedRevoked', data: { userId: 's1', tokenHash: 'h1', revokedAt: '2025-03-02T00:00:00.000Z' } } as CalendarFeedEvent]],
  ])('refuses to revoke a feed %s', (_name, history) => {
    expect(rejectionOf(() => given(calendarFeedDecider, history).when({ type: 'RevokeCalendarFeed', userId: 's1' }, student))).toEqual({
      kind: 'not_found',
      message: 'You have no calendar feed.',
      errors: undefined,
    });
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT values', () => {
    expect(icsText('Room 1; Block A, floor 2\\3\nbring ID')).toBe('Room 1\\; Block A\\, floor 2\\\\3\\nbring ID');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(2);
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(`SUMMARY:${'é'.repeat(40)}`);
  });

  it('writes an interview as a VEVENT of a published calendar', () => {
    const event = interviewCalendarEvent({
      applicationId: 'app-1',
      jobTitle: 'Graduate Engineer',
      companyName: 'Acme, Inc.',
      interview: { startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 45, location: 'Room 101', meetingLink: 'https://meet.example/abc' },
      scheduledAt: '2025-03-10T09:00:00.000Z',
    });
    expect(icsCalendar({ name: 'Interview', events: [event] }).split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Placement Portal//Placement Season//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Interview',
      'BEGIN:VEVENT',
      'UID:interview-app-1@placement-portal',
      'DTSTAMP:20250310T090000Z',
      'DTSTART:20250318T050000Z',
      'DTEND:20250318T054500Z',
      'SEQUENCE:1741597200',
      'STATUS:CONFIRMED',
      'SUMMARY:Interview: Graduate Engineer at Acme\\, Inc.',
      'DESCRIPTION:45 minutes\\nPlace: Room 101\\nMeeting link: https://meet.example',
      ' /abc',
      'LOCATION:Room 101 / https://meet.example/abc',
      'URL:https://meet.example/abc',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('writes a training with its duration read from its text', () => {
    const event = trainingCalendarEvent({
      trainingId: 't1',
      title: 'Aptitude',
      description: 'Quant and reasoning',
      date: '2025-03-20T04:30:00.000Z',
      duration: '2 hours',
      mode: 'Online',
      registrationLink: 'https://forms.example/aptitude',
      updatedAt: '2025-03-01T00:00:00.000Z',
    });
    expect(event).toMatchObject({ uid: 'training-t1@placement-portal', startsAt: '2025-03-20T04:30:00.000Z', endsAt: '2025-03-20T06:30:00.000Z', summary: 'Training: Aptitude' });
  });

  it.each([
    ['2 hours', 120],
    ['90 min', 90],
    ['1.5 hrs', 90],
    ['Half a day', 60],
    ['', 60],
  ])('reads %j as %d minutes', (text, minutes) => {
    expect(trainingMinutes(text)).toBe(minutes);
  });
});
