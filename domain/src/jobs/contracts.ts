import { z } from 'zod';
import { JOB_STATUSES, OFFER_TYPES, RESULT_DECLARATIONS, SCHOOLS } from '../constants';
import { positionSchema } from '../schemas-shared/replies';
import { GRADUATION_SCALES } from './eligibility';

/**
 * The jobs' reply contracts: what the job routes answer. The routes declare them (validated under
 * REPLY_CONTRACTS=enforce and documented in the API description); the frontend's types are their z.infer.
 */

/** A job's eligibility rules as a reply shows them (null: no such rule). */
export const eligibilityRulesReplySchema = z.strictObject({
  minTenthPercentage: z.number().nullable(),
  minTwelfthPercentage: z.number().nullable(),
  minGraduation: z.number().nullable(),
  graduationScale: z.enum(GRADUATION_SCALES),
  maxBacklogs: z.number().nullable(),
  passingYears: z.array(z.string()),
  degrees: z.array(z.string()),
  schools: z.array(z.enum(SCHOOLS)),
});

/** A job as the lists show it: the form's fields, its status, who posted it, when, and its live applications. */
export const jobViewSchema = z.strictObject({
  _id: z.string(),
  companyName: z.string(),
  companyLogo: z.string(),
  website: z.string(),
  officeAddress: z.string(),
  yearOfEstablishment: z.number(),
  contactPersonName: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  profiles: z.string(),
  eligibility: z.string(),
  eligibilityRules: eligibilityRulesReplySchema.optional().describe('Absent on jobs posted before eligibility rules existed (none: everyone is eligible)'),
  vacancies: z.number(),
  offerType: z.array(z.enum(OFFER_TYPES)),
  ctcOrStipend: z.string(),
  tier: z.string().optional().describe("The placement policy's tier the job is marked with; '' or absent (older jobs): by its CTC"),
  location: z.string(),
  resultDeclaration: z.enum(RESULT_DECLARATIONS),
  dateOfJoining: z.string(),
  reference: z.string(),
  jobDescription: z.string(),
  additionalInfo: z.string(),
  skills: z.array(z.string()),
  category: z.array(z.string()),
  status: z.enum(JOB_STATUSES),
  source: z.enum(['public', 'staff', 'admin']),
  createdAt: z.string(),
  applicationCount: z.number(),
});
export type JobReply = z.infer<typeof jobViewSchema>;

/** A job of the student's listing: with a student's token, whether they applied and their eligibility. */
export const listedJobSchema = jobViewSchema.extend({
  hasApplied: z.boolean().optional().describe("Only with a student's token: whether that student applied"),
  eligibilityVerdict: z
    .strictObject({ eligible: z.boolean(), reasons: z.array(z.string()), overridden: z.boolean() })
    .optional()
    .describe("Only with a student's token: whether the student's profile meets the job's eligibility rules, every failing rule named, and whether an admin let the student apply anyway"),
});
export type ListedJob = z.infer<typeof listedJobSchema>;

/** A job of the admin table: with how many students its rules admit. */
export const adminJobSchema = jobViewSchema.extend({
  eligibleStudents: z.number().describe('How many students the eligibility rules admit (overrides included)'),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** GET /api/jobs. */
export const publicJobListSchema = z.strictObject({ success: z.literal(true), count: z.number(), data: z.array(listedJobSchema), message: z.string() });
export type PublicJobList = z.infer<typeof publicJobListSchema>;

/** GET /api/jobs/admin/jobs. */
export const adminJobListSchema = z.strictObject({ success: z.literal(true), count: z.number(), data: z.array(adminJobSchema) });
export type AdminJobList = z.infer<typeof adminJobListSchema>;

/** GET /api/jobs/stats. */
export const jobStatsSchema = z.strictObject({
  totalJobs: z.number(),
  activeJobs: z.number(),
  expiredJobs: z.number(),
  pendingJobs: z.number(),
  approvedJobs: z.number(),
  rejectedJobs: z.number(),
});
export type JobStats = z.infer<typeof jobStatsSchema>;

/** A job as a job command's reply shows it (as this request left it): no application count; `id` repeats `_id`. */
export const jobCommandViewSchema = jobViewSchema.omit({ applicationCount: true }).extend({ id: z.string() });

/** POST /api/jobs, POST /api/jobs/public, PUT /api/jobs/{id}, PATCH /api/jobs/{id}/status: the job in `data`. */
export const jobCommandReplySchema = z.strictObject({ success: z.literal(true), message: z.string(), data: jobCommandViewSchema, position: positionSchema });
export type JobCommandReply = z.infer<typeof jobCommandReplySchema>;

/** The job commands that answer with their message only (delete, notify, eligibility override). */
export const jobMessageReplySchema = z.strictObject({ success: z.literal(true), message: z.string(), position: positionSchema });
export type JobMessageReply = z.infer<typeof jobMessageReplySchema>;
