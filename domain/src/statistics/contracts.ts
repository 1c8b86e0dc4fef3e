import { z } from 'zod';
import { DAY_PATTERN } from './placement';

/** Replies of the statistics queries (GET /api/admin/statistics, GET /api/statistics/headline). */

const groupRowSchema = z.object({ key: z.string(), students: z.number(), placed: z.number(), rate: z.number().nullable() });

export const placementStatisticsSchema = z.object({
  asOf: z.string().nullable(),
  students: z.number(),
  placedStudents: z.number(),
  placementRate: z.number().nullable(),
  offers: z.number(),
  acceptedOffers: z.number(),
  companies: z.number(),
  ctc: z.object({ offers: z.number(), highest: z.number().nullable(), median: z.number().nullable(), average: z.number().nullable() }),
  byDegree: z.array(groupRowSchema),
  bySchool: z.array(groupRowSchema),
  byPassingYear: z.array(groupRowSchema),
  offersByCompany: z.array(z.object({ companyName: z.string(), offers: z.number(), accepted: z.number() })),
  weekly: z.array(z.object({ weekStart: z.string(), applications: z.number(), offers: z.number(), accepted: z.number() })),
});

export const placementHeadlineSchema = z.object({
  asOf: z.string().nullable(),
  placedStudents: z.number(),
  placementRate: z.number().nullable(),
  highestCtc: z.number().nullable(),
  medianCtc: z.number().nullable(),
  companies: z.number(),
});

export const STATISTICS_MESSAGES = {
  asOf: 'As of must be a date (YYYY-MM-DD)',
} as const;

/** 'YYYY-MM-DD' naming a real day of the calendar. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const statisticsQuerySchema = z.object({
  asOf: z
    .string({ error: STATISTICS_MESSAGES.asOf })
    .refine(isCalendarDay, { error: STATISTICS_MESSAGES.asOf })
    .optional(),
});
