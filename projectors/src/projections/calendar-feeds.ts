import type { CalendarFeedEvent } from '@placement/domain';
import { CALENDAR_FEED_COLLECTION, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';

function changesOf(event: CalendarFeedEvent): ReadModelChange[] {
  switch (event.type) {
    case 'CalendarFeedIssued': {
      const { userId, tokenHash, issuedAt } = event.data;
      // A new token replaces the student's earlier one: the old URL stops working.
      return [{ kind: 'upsert', collection: CALENDAR_FEED_COLLECTION, id: userId, update: { $set: { tokenHash, issuedAt } } }];
    }
    case 'CalendarFeedRevoked':
      // Only while that token is still the live one ('many' lets the rebuild's fold apply a filter beside _id; one matches at most).
      return [{ kind: 'delete', collection: CALENDAR_FEED_COLLECTION, filter: { _id: event.data.userId, tokenHash: event.data.tokenHash }, many: true }];
  }
}

const isCalendarFeedEvent = (event: RecordedEvent): boolean => event.type === 'CalendarFeedIssued' || event.type === 'CalendarFeedRevoked';

/** Each student's live calendar feed and its token's hash: what the anonymous feed route looks up. */
export const calendarFeedsProjection: Projection = {
  name: 'calendar-feeds',
  collections: [CALENDAR_FEED_COLLECTION],
  indexes: { [CALENDAR_FEED_COLLECTION]: [{ key: { tokenHash: 1 } }] },
  apply: (event: RecordedEvent) => (isCalendarFeedEvent(event) ? changesOf(event as unknown as CalendarFeedEvent) : []),
};
