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

/** POST /api/auth/login: a session token and the account. */
export const sessionReplySchema = z.strictObject({ token: z.string(), user: sessionUserSchema });
export type SessionReply = z.infer<typeof sessionReplySchema>;

/** POST /api/auth/verify-email, POST /api/auth/change-password: a new session after the command, with its message. */
export const sessionCommandReplySchema = sessionReplySchema.extend({ message: z.string(), position: positionSchema });
export type SessionCommandReply = z.infer<typeof sessionCommandReplySchema>;

/** POST /api/auth/login for an admin or staff account with (or required to have) a second factor: a challenge for it, not a session. */
export const secondFactorStepReplySchema = z.strictObject({ secondFactor: z.enum(['code', 'enrol']), challenge: z.string(), message: z.string() });
export type SecondFactorStepReply = z.infer<typeof secondFactorStepReplySchema>;

/** The second factor's sign-in step passed: a session token and the account. */
export const secondFactorSessionReplySchema = sessionReplySchema.extend({ position: positionSchema });

/** Enrolment at sign-in confirmed: the session and the ten recovery codes, shown once. */
export const secondFactorEnrolledSessionReplySchema = secondFactorSessionReplySchema.extend({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type SecondFactorEnrolledSessionReply = z.infer<typeof secondFactorEnrolledSessionReplySchema>;

/** A new secret to enrol: its otpauth URI and a QR code of it (a data URL). */
export const secondFactorSetupReplySchema = z.strictObject({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string(), position: positionSchema });
export type SecondFactorSetupReply = z.infer<typeof secondFactorSetupReplySchema>;

/** Enrolment of a signed-in account confirmed: the ten recovery codes, shown once. */
export const secondFactorEnrolledReplySchema = z.strictObject({ message: z.string(), recoveryCodes: z.array(z.string()), position: positionSchema });
export type SecondFactorEnrolledReply = z.infer<typeof secondFactorEnrolledReplySchema>;

/** PUT of the portal's second-factor requirement for staff and admins: the setting as it now is. */
export const secondFactorRequirementReplySchema = z.strictObject({ message: z.string(), secondFactorRequired: z.boolean(), position: positionSchema });
