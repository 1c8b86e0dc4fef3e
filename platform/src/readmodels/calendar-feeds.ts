/** The calendar feeds projection's collection: each student's live feed, by the student's id. */
export const CALENDAR_FEED_COLLECTION = 'calendar_feeds';

/** One live feed: its student (the id), the SHA-256 of its token (what the anonymous feed route looks up) and when it was issued. */
export interface CalendarFeedDocument {
  _id: string;
  tokenHash: string;
  issuedAt: string;
}
