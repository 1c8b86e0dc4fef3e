import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The accounts' reply contracts: what the user and sign-in routes answer. The routes declare them
 * (validated under REPLY_CONTRACTS=enforce and documented in the API description); the frontend's
 * types are their z.infer.
 */

/** What the client learns about an account (the signed-in one, or one an admin changed); `id` repeats `_id`. */
export const sessionUserSchema = z.strictObject({
  _id: z.string(),
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  rollNo: z.string().nullable(),
  mobileNo: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/admin/users, PUT /api/admin/users/{id}, PUT .../{id}/role, PUT .../{id}/status. */
export const userCommandReplySchema = z.strictObject({ message: z.string(), user: sessionUserSchema, position: positionSchema });
export type UserCommandReply = z.infer<typeof userCommandReplySchema>;
