import { z } from 'zod';
import { APPLICATION_STATUSES, OFFER_TYPES } from '../constants';
import { jobViewSchema } from '../jobs/contracts';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The applications' reply contracts: what the application routes answer. The routes declare them
 * (validated under REPLY_CONTRACTS=enforce and documented in the API description); the frontend's
 * types are their z.infer.
 */

/** The job an application shows (the spec's populated `jobId`), or null once the job is deleted. */
export const applicationJobSchema = z.strictObject({
  _id: z.string(),
  profiles: z.string(),
  companyName: z.string(),
  ctcOrStipend: z.string(),
  location: z.string(),
  offerType: z.array(z.enum(OFFER_TYPES)),
});

/** The slot of a Scheduled application (null otherwise): start (ISO, UTC), minutes, place and/or meeting link, and when it was set. */
export const applicationInterviewSchema = z.strictObject({
  startsAt: z.string(),
  durationMinutes: z.number(),
  location: z.string().optional(),
  meetingLink: z.string().optional(),
  scheduledAt: z.string(),
});

/** The offer of an Accepted application (null before any): CTC (annual) and stipend (monthly) in rupees, the tier, and the student's answer. */
export const applicationOfferSchema = z.strictObject({
  ctc: z.number().nullable(),
  stipend: z.number().nullable(),
  tier: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
  extendedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type ApplicationOffer = z.infer<typeof applicationOfferSchema>;

/** A row of the student's My Applications table. */
export const ownApplicationSchema = z.strictObject({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  appliedDate: z.string(),
  jobId: applicationJobSchema.nullable(),
  interview: applicationInterviewSchema.nullable(),
  offer: applicationOfferSchema.nullable(),
});
export type OwnApplication = z.infer<typeof ownApplicationSchema>;

/** An application as the review screen shows it: the form's fields, the applicant's account (userId) and the job nested, and who applied by the spec's precedence. */
export const reviewedApplicationSchema = ownApplicationSchema.extend({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  resume: z.string().nullable(),
  userId: z.strictObject({ _id: z.string(), fullName: z.string(), email: z.string(), phone: z.string().nullable(), rollNo: z.string().nullable() }).nullable(),
  applicant: z.strictObject({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), rollNo: z.string().nullable() }),
});
export type ReviewedApplication = z.infer<typeof reviewedApplicationSchema>;

/** GET /api/applications/my-applications: a bare array. */
export const ownApplicationListSchema = z.array(ownApplicationSchema);
/** GET /api/applications and /applications/applications/{jobId}: a bare array. */
export const reviewedApplicationListSchema = z.array(reviewedApplicationSchema);
/** GET /applications/jobs: the jobs of the application review (each with its live applications), a bare array. */
export const reviewJobListSchema = z.array(jobViewSchema);

/** GET /applications/resume/check/{applicationId}. */
export const resumeCheckSchema = z.strictObject({ isValid: z.boolean() });

/** GET /api/jobs/stats/applications. */
export const applicationStatsSchema = z.strictObject({
  totalApplications: z.number(),
  pendingReview: z.number(),
  approved: z.number(),
  rejected: z.number(),
  approvalRate: z.number().describe('Percent, one decimal'),
});
export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

/** POST /api/applications: the application's id is the same for every try of one student and job. */
export const applicationSubmittedReplySchema = z.strictObject({ message: z.string(), applicationId: z.string(), position: positionSchema });
export type ApplicationSubmittedReply = z.infer<typeof applicationSubmittedReplySchema>;

/** PUT /api/applications/{id}: the application as this request left it, the slot while Scheduled (not yet its scheduledAt); `id` repeats `_id`, `userId` is the student's id. */
export const applicationStatusReplySchema = z.strictObject({
  message: z.string(),
  _id: z.string(),
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  jobId: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  appliedDate: z.string(),
  interview: applicationInterviewSchema.omit({ scheduledAt: true }).optional(),
  position: positionSchema,
});
export type ApplicationStatusReply = z.infer<typeof applicationStatusReplySchema>;
