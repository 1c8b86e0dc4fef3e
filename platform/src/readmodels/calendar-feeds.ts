/** The calendar feeds projection's collection: a student's current feed token, by the token's hash. */
export const CALENDAR_FEED_COLLECTION = 'calendar_feeds';

/** One live feed: the SHA-256 of its token (the id, which the anonymous feed route looks up) and its student. */
export interface CalendarFeedDocument {
  _id: string;
  userId: string;
  issuedAt: string;
}
