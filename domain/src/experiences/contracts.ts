import { z } from 'zod';
import { DIFFICULTIES, EXPERIENCE_RATINGS, OFFER_STATUSES } from '../constants';
import { positionSchema } from '../schemas-shared/replies';
import { EXPERIENCE_STATUSES } from './schemas';

/**
 * The interview experiences' reply contracts: what the experience routes answer. The routes declare
 * them (validated under REPLY_CONTRACTS=enforce and documented in the API description); the
 * frontend's types are their z.infer.
 */

/** An experience as a command's reply shows it: the form's fields, its status and when it was shared; `id` repeats `_id`. */
export const experienceCommandViewSchema = z.strictObject({
  _id: z.string(),
  id: z.string(),
  companyName: z.string(),
  role: z.string(),
  author: z.string(),
  batch: z.string(),
  course: z.string(),
  interviewLocation: z.string(),
  offerStatus: z.enum(OFFER_STATUSES),
  experienceRating: z.enum(EXPERIENCE_RATINGS),
  difficulty: z.enum(DIFFICULTIES),
  rounds: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  status: z.enum(EXPERIENCE_STATUSES),
  postedDate: z.string(),
});

/** POST /api/interview-experiences, PATCH /api/interview-experiences/{id}, POST .../{id}/approve. */
export const experienceCommandReplySchema = z.strictObject({ message: z.string(), experience: experienceCommandViewSchema, position: positionSchema });
export type ExperienceCommandReply = z.infer<typeof experienceCommandReplySchema>;

/** An experience as the lists show it: the command's view and when it was last changed. */
export const experienceViewSchema = experienceCommandViewSchema.extend({ updatedAt: z.string() });
export type ExperienceView = z.infer<typeof experienceViewSchema>;

/** GET /api/interview-experiences and /api/interview-experiences/manage: a bare array. */
export const experienceListSchema = z.array(experienceViewSchema);

/** GET /api/interview-experiences/stats. */
export const experienceStatsSchema = z.strictObject({ totalExperiences: z.number() });
export type ExperienceStats = z.infer<typeof experienceStatsSchema>;
