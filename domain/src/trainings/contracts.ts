import { z } from 'zod';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The trainings' reply contracts: what the training routes answer. The routes declare them (validated
 * under REPLY_CONTRACTS=enforce and documented in the API description); the frontend's types are their z.infer.
 */

/** A training as a command's reply shows it: the form's fields; `id` repeats `_id`. */
export const trainingCommandViewSchema = z.strictObject({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  duration: z.string(),
  mode: z.string(),
  registrationLink: z.string(),
});

/** POST /api/trainings, PUT /api/trainings/{id}. */
export const trainingCommandReplySchema = z.strictObject({ message: z.string(), training: trainingCommandViewSchema, position: positionSchema });
export type TrainingCommandReply = z.infer<typeof trainingCommandReplySchema>;

/** A training as the lists show it: the form's fields, and when it was created and last changed; `id` repeats `_id`. */
export const trainingViewSchema = trainingCommandViewSchema.extend({ createdAt: z.string(), updatedAt: z.string() });
export type TrainingView = z.infer<typeof trainingViewSchema>;

/** GET /api/trainings: a bare array, by date. */
export const trainingListSchema = z.array(trainingViewSchema);

/** GET /api/trainings/stats. */
export const trainingStatsSchema = z.strictObject({ totalTrainings: z.number(), upcomingTrainings: z.number() });
export type TrainingStats = z.infer<typeof trainingStatsSchema>;
