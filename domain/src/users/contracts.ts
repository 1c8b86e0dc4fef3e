import { z } from 'zod';
import { ROLES, SCHOOLS, USER_STATUSES } from '../constants';
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

/** POST /api/auth/login: a session, or instead the second factor's step. */
export const loginReplySchema = z.union([sessionReplySchema, secondFactorStepReplySchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** The second factor's sign-in step passed: a session token and the account. */
export const secondFactorSessionReplySchema = sessionReplySchema.extend({ position: positionSchema });
export type SecondFactorSessionReply = z.infer<typeof secondFactorSessionReplySchema>;

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
export type SecondFactorRequirementReply = z.infer<typeof secondFactorRequirementReplySchema>;

/** A school year of the profile's education: percentage and passing year. */
const schoolYearReplySchema = z.strictObject({ percentage: z.number(), passingYear: z.string() });
/** A degree of the profile's education ('' where left blank). */
const degreeReplySchema = z.strictObject({ degree: z.string(), percentageOrCGPA: z.string(), passingYear: z.string() });

/** One row of the user management table: the account with its verification, dates and photo; `id` repeats `_id`. */
export const userRowSchema = sessionUserSchema.extend({
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  profilePhoto: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/**
 * GET /api/auth/me, /api/profile/me and /profile/user/{id}: the account as a row of the user table shows it
 * and its student profile (profile fields null, empty or false until the first save); files as /uploads/… paths.
 */
export const profileReplySchema = userRowSchema.extend({
  profileCompleted: z.boolean(),
  whatsappNo: z.string().nullable(),
  mailId: z.string().nullable(),
  fatherName: z.string().nullable(),
  fatherNumber: z.string().nullable(),
  education: z.strictObject({ tenth: schoolYearReplySchema, twelfth: schoolYearReplySchema, graduation: degreeReplySchema, masters: degreeReplySchema }).nullable(),
  school: z.enum(SCHOOLS).nullable(),
  existingBacklogs: z.number().nullable(),
  areaOfInterest: z.string().nullable(),
  skills: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  hasCertifications: z.boolean(),
  certifications: z.array(z.strictObject({ name: z.string(), imageKey: z.string().nullable(), image: z.string().nullable() })),
  readyToRelocate: z.boolean(),
  experience: z.array(z.strictObject({ hasExperience: z.boolean(), organizationName: z.string(), duration: z.string(), details: z.string() })),
  resume: z.string().nullable(),
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

/** GET /api/admin/users: a bare array. */
export const userListSchema = z.array(userRowSchema);

/** GET /api/admin/stats/users: pendingApprovals counts accounts whose e-mail is not verified yet. */
export const userStatsSchema = z.strictObject({
  totalUsers: z.number(),
  activeUsers: z.number(),
  pendingApprovals: z.number(),
  students: z.number(),
  staff: z.number(),
  admins: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/auth/second-factor: the caller's second factor and whether the portal requires one. */
export const secondFactorStatusSchema = z.strictObject({
  status: z.enum(['none', 'pending', 'enrolled']),
  recoveryCodesLeft: z.number(),
  recoveryCodeCount: z.number(),
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
