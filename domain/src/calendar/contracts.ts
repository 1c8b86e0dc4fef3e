import { z } from 'zod';

/**
 * The calendar feed's reply contracts: what the calendar feed routes answer. The routes declare them
 * (validated under REPLY_CONTRACTS=enforce and documented in the API description); the frontend's
 * types are their z.infer.
 */

/** GET /api/calendar-feed: whether the student has a live feed, and since when. */
export const calendarFeedStatusSchema = z.strictObject({ active: z.boolean(), issuedAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
