import type { CalendarFeedEvent } from '@placement/domain';
import { CALENDAR_FEED_COLLECTION, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';

function changesOf(event: CalendarFeedEvent): ReadModelChange[] {
  switch (event.type) {
    case 'CalendarFeedIssued': {
      const { userId, tokenHash, issuedAt } = event.data;
      // A new token replaces the student's earlier one: the old URL stops working.
      return [
        { kind: 'delete', collection: CALENDAR_FEED_COLLECTION, filter: { userId, _id: { $ne: tokenHash } }, many: true },
        { kind: 'upsert', collection: CALENDAR_FEED_COLLECTION, id: tokenHash, update: { $set: { userId, issuedAt } } },
      ];
    }
    case 'CalendarFeedRevoked':
      return [{ kind: 'delete', collection: CALENDAR_FEED_COLLECTION, filter: { _id: event.data.tokenHash } }];
  }
}

const isCalendarFeedEvent = (event: RecordedEvent): boolean => event.type === 'CalendarFeedIssued' || event.type === 'CalendarFeedRevoked';

/** The live calendar feed tokens (by hash) and their students: what the anonymous feed route looks up. */
export const calendarFeedsProjection: Projection = {
  name: 'calendar-feeds',
  collections: [CALENDAR_FEED_COLLECTION],
  indexes: { [CALENDAR_FEED_COLLECTION]: [{ key: { userId: 1 } }] },
  apply: (event: RecordedEvent) => (isCalendarFeedEvent(event) ? changesOf(event as unknown as CalendarFeedEvent) : []),
};
