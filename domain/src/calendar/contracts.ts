import { z } from 'zod';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The calendar feed's reply contracts: what the calendar feed routes answer. The routes declare them
 * (validated under REPLY_CONTRACTS=enforce and documented in the API description); the frontend's
 * types are their z.infer.
 */

/** GET /api/calendar-feed: whether the student has a live feed, and since when. */
export const calendarFeedStatusSchema = z.strictObject({ active: z.boolean(), issuedAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/calendar-feed: the new feed's address (its token is the only credential; an earlier one stops working) and when it was issued. */
export const calendarFeedIssuedReplySchema = z.strictObject({ message: z.string(), url: z.string(), issuedAt: z.string(), position: positionSchema });
export type CalendarFeedIssuedReply = z.infer<typeof calendarFeedIssuedReplySchema>;
