import type { ApplicationEvent, CalendarFeedEvent } from '@placement/domain';
import { APPLICATION_COLLECTIONS, APPLICATION_STATS_ID, CALENDAR_FEED_COLLECTION, type ApplicationDocument, type CalendarFeedDocument } from '@placement/platform';
import { ReadModelFold } from '../fold';
import { builtTwiceFromHistory } from '../test-support';
import { applicationsProjection } from './applications';
import { calendarFeedsProjection } from './calendar-feeds';
import { applicationSubmitted, recorded, type PortalEvent } from './test-history';

const slot = { startsAt: '2025-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 101' };
const changed = (applicationId: string, from: 'Applied' | 'Scheduled', to: 'Scheduled' | 'Rejected', interview?: typeof slot): ApplicationEvent => ({
  type: 'ApplicationStatusChanged',
  data: { applicationId, jobId: 'j', studentId: 's', fullName: 'x', email: 'x@university.edu', from, to, ...(interview ? { interview } : {}) },
});
const feed = (event: CalendarFeedEvent) => event as unknown as PortalEvent;

describe('applications projection: interview slots', () => {
  it('keeps the slot of a change to Scheduled with the time it was set', () => {
    expect(applicationsProjection.apply(recorded(changed('a', 'Applied', 'Scheduled', slot)))[0]).toEqual({
      kind: 'update',
      collection: 'applications',
      filter: { _id: 'a' },
      update: { $set: { status: 'Scheduled', interview: { ...slot, scheduledAt: '2025-03-10T09:00:00.000Z' } } },
    });
  });

  const history = (): PortalEvent[] => [
    applicationSubmitted('scheduled', 'j', 's'),
    changed('scheduled', 'Applied', 'Scheduled', slot),
    changed('scheduled', 'Scheduled', 'Scheduled', { ...slot, startsAt: '2025-03-19T05:00:00.000Z' }),
    applicationSubmitted('moved-on', 'j2', 's'),
    changed('moved-on', 'Applied', 'Scheduled', slot),
    changed('moved-on', 'Scheduled', 'Rejected'),
    applicationSubmitted('legacy', 'j3', 's'),
    // Recorded before slots existed.
    changed('legacy', 'Applied', 'Scheduled'),
  ];
  const subject = builtTwiceFromHistory(applicationsProjection, history);

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('shows the latest slot while Scheduled, none after, and none for an older Scheduled', async () => {
    const applications = subject.db.collection<ApplicationDocument>(APPLICATION_COLLECTIONS.applications);
    const interviewOf = async (id: string) => (await applications.findOne({ _id: id }))?.interview;
    expect(await interviewOf('scheduled')).toEqual({ ...slot, startsAt: '2025-03-19T05:00:00.000Z', scheduledAt: '2025-03-10T09:00:02.000Z' });
    expect(await interviewOf('moved-on')).toBeNull();
    expect(await interviewOf('legacy')).toBeNull();
  });

  it('counts a rescheduled application once', async () => {
    expect(await subject.db.collection(APPLICATION_COLLECTIONS.stats).findOne({ _id: APPLICATION_STATS_ID } as never)).toMatchObject({ total: 3, scheduled: 2, rejected: 1, applied: 0 });
  });
});

describe('calendar feeds projection', () => {
  const issued = (userId: string, tokenHash: string): PortalEvent => feed({ type: 'CalendarFeedIssued', data: { userId, tokenHash, issuedAt: '2025-03-01T00:00:00.000Z' } });
  const history = (): PortalEvent[] => [
    issued('s1', 'first'),
    issued('s1', 'second'),
    issued('s2', 'other'),
    issued('s3', 'revoked'),
    feed({ type: 'CalendarFeedRevoked', data: { userId: 's3', tokenHash: 'revoked', revokedAt: '2025-03-02T00:00:00.000Z' } }),
  ];
  const subject = builtTwiceFromHistory(calendarFeedsProjection, history);

  it('ignores the events of other aggregates', () => {
    expect(calendarFeedsProjection.apply(recorded(changed('a', 'Applied', 'Scheduled', slot)))).toEqual([]);
  });

  it('is built in memory by the rebuild fold as the server builds it', () => {
    const fold = new ReadModelFold();
    for (const [index, event] of history().entries()) fold.apply(calendarFeedsProjection.apply(recorded(event, index + 1)), index + 1);
    const folded = [...(fold.documents().get(CALENDAR_FEED_COLLECTION)?.values() ?? [])].map(({ _id, tokenHash }) => ({ _id, tokenHash }));
    expect(folded).toEqual([
      { _id: 's1', tokenHash: 'second' },
      { _id: 's2', tokenHash: 'other' },
    ]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('keeps only each student’s current token, and none once revoked', async () => {
    const feeds = await subject.db.collection<CalendarFeedDocument>(CALENDAR_FEED_COLLECTION).find().sort({ _id: 1 }).toArray();
    expect(feeds.map(({ _id, tokenHash }) => ({ _id, tokenHash }))).toEqual([
      { _id: 's1', tokenHash: 'second' },
      { _id: 's2', tokenHash: 'other' },
    ]);
  });
});
