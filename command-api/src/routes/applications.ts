import express, { type Request, type Response } from 'express';
import {
  APPLICATION_EVENT_VERSIONS,
  APPLICATION_MESSAGES,
  applicationStatusReplySchema,
  applicationSubmittedReplySchema,
  bulkReplySchema,
  commandMessageReplySchema,
  applicationDecider,
  applicationFormSchema,
  applicationIdFor,
  applicationStatusChangeSchema,
  applicationStreamId,
  bulkApplicationStatusSchema,
  consecutiveSlots,
  INTERVIEW_MESSAGES,
  eligibilityProfileOf,
  jobDecider,
  jobStreamId,
  NO_ELIGIBILITY_RULES,
  userDecider,
  userStreamId,
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
  type ApplicationStatus,
  type InterviewSlot,
  type SubmitApplication,
} from '@placement/domain';
import {
  actorOf,
  badRequest,
  fieldErrors,
  multipart,
  nameBasedUuid,
  RESUME_TYPES,
  loadAggregate,
  type EventStore,
  type FieldError,
  type RouteSpec,
  type UploadedFile,
} from '@placement/platform';
import { z } from 'zod';
import { bulkIdsSchema, forEachId } from '../bulk';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf, type StreamCommand } from '../execute';
import { offerJobFor, placementCheckFor, refuseBulkAccepted, withdrawFromPlacement } from './offers';
import { fileProblem, filesOf, keyedUpload, preflight, withUploads, type FileRule } from '../uploads';

export const APPLICATION_REPLIES = {
  // The spec's words (student side, section 8):
  submitted: 'Application submitted successfully!',
  // Not worded by the spec:
  statusUpdated: (status: ApplicationStatus) => `Status updated to ${status}`,
  deleted: 'Application deleted successfully.',
  jobRequired: 'Please choose a job to apply for.',
} as const;

/** The namespace of application ids (name-based UUIDs). */
const APPLICATION_NAMESPACE = '3f1c9b6e8d2a4c7fa1e05b9d2c6f8a41';

/** One student and one job always name the same application stream, so the store admits one application. */
export const applicationIdOf = (studentId: string, jobId: string): string => applicationIdFor(studentId, jobId, (name) => nameBasedUuid(APPLICATION_NAMESPACE, name));

const jobChoice = z.object({
  jobId: z.string({ error: APPLICATION_REPLIES.jobRequired }).trim().min(1, { error: APPLICATION_REPLIES.jobRequired }),
});
type ApplicationFields = z.output<typeof applicationFormSchema> & z.output<typeof jobChoice> & { resume: UploadedFile };

const problemsOf = (result: z.ZodSafeParseResult<unknown>): FieldError[] => (result.success ? [] : fieldErrors(result.error));

/**
 * The form's fields and its resume, every problem at once in the order the form shows them; a missing
 * job comes last, as it is a broken client rather than a mistake in the form.
 */
async function validApplication(body: unknown, resume: UploadedFile | undefined, resumeRule: FileRule): Promise<ApplicationFields> {
  const form = applicationFormSchema.safeParse(body ?? {});
  const job = jobChoice.safeParse(body ?? {});
  const resumeMessage = resume ? await fileProblem(resume, resumeRule) : APPLICATION_MESSAGES.resumeRequired;
  if (form.success && job.success && resume && !resumeMessage) return { ...form.data, ...job.data, resume };
  const problems = [...problemsOf(form), ...(resumeMessage ? [{ field: 'resume', message: resumeMessage }] : []), ...problemsOf(job)];
  throw badRequest(problems[0]!.message, problems);
}

/**
 * What the decider needs of the job and the student, read from their own streams (not read models that
 * may lag): the job's status (null when there is no such job), its eligibility rules and any override an
 * admin granted this student, and the student's profile as it stands now.
 */
async function applyingContext(store: EventStore, jobId: string, studentId: string): Promise<Pick<SubmitApplication, 'jobStatus' | 'eligibility' | 'placement'>> {
  const [{ state: job }, { state: student }] = await Promise.all([loadAggregate(store, jobDecider, jobStreamId(jobId)), loadAggregate(store, userDecider, userStreamId(studentId))]);
  const profile = eligibilityProfileOf(student.profile);
  // The placement policy in force, the student's accepted offers and the job's tier (issue 16 part 3).
  const placement = await placementCheckFor(store, job, studentId);
  if (job.kind !== 'live') return { jobStatus: null, eligibility: { rules: NO_ELIGIBILITY_RULES, profile, overrideReason: null }, placement };
  return { jobStatus: job.status, eligibility: { rules: job.fields.eligibilityRules, profile, overrideReason: job.overrides[studentId] ?? null }, placement };
}

/** The application as the review screen shows it, as this request left it. */
function applicationView(applicationId: string, state: ApplicationState) {
  if (state.kind !== 'active') throw new Error(`application ${applicationId} is not active after a successful command`);
  const { jobId, studentId, fullName, email, phone, appliedAt, status, interview } = state.application;
  const slot = interview ? { interview } : {};
  return { _id: applicationId, id: applicationId, status, jobId, userId: studentId, fullName, email, phone, appliedDate: appliedAt, ...slot };
}

/** The whole bulk request is refused at once when Scheduled comes without a slot, or a slot with another status. */
function refuseMisplacedSlot(body: { status: ApplicationStatus; interview?: InterviewSlot | undefined }, context: z.RefinementCtx): void {
  if (body.status === 'Scheduled' && !body.interview) context.addIssue({ code: 'custom', path: ['interview'], message: INTERVIEW_MESSAGES.required });
  if (body.status !== 'Scheduled' && body.interview) context.addIssue({ code: 'custom', path: ['interview'], message: INTERVIEW_MESSAGES.onlyWhenScheduled });
}


export function applicationRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '64kb' });
  const resumeRule: FileRule = { types: RESUME_TYPES, maxBytes: deps.env.MAX_RESUME_BYTES, typeMessage: APPLICATION_MESSAGES.resumeType };
  const bulkStatusBody = z
    .object({ status: bulkApplicationStatusSchema.shape.status, interview: bulkApplicationStatusSchema.shape.interview, ids: bulkIdsSchema(APPLICATION_MESSAGES.bulkSelectionRequired) })
    .superRefine(refuseMisplacedSlot);
  const bulkDeleteBody = z.object({ ids: bulkIdsSchema(APPLICATION_MESSAGES.bulkSelectionRequired) });

  const streamCommand = (command: ApplicationCommand): StreamCommand<ApplicationCommand, ApplicationEvent, ApplicationState> => ({
    streamId: applicationStreamId(command.applicationId),
    decider: applicationDecider,
    versions: APPLICATION_EVENT_VERSIONS,
    command,
  });
  const run = (res: Response, command: ApplicationCommand) => execute(deps, res, streamCommand(command));
  /** A command that may withdraw an accepted offer, which then leaves the student's placement too. */
  const runWithdrawing = async (res: Response, command: ApplicationCommand) => {
    const outcome = await run(res, command);
    await withdrawFromPlacement(deps, res, outcome);
    return outcome;
  };

  async function submit(req: Request, res: Response) {
    const form = await validApplication(req.body, filesOf(req).get('resume')?.[0], resumeRule);
    const studentId = actorOf(res).id!;
    const applicationId = applicationIdOf(studentId, form.jobId);
    const upload = keyedUpload(form.resume, `resumes/${applicationId}`);
    const request = streamCommand({
      type: 'SubmitApplication',
      applicationId,
      studentId,
      jobId: form.jobId,
      ...(await applyingContext(deps.store, form.jobId, studentId)),
      fullName: form.fullName,
      email: form.email,
      phone: form.phone,
      resumeKey: upload.key,
    });
    await preflight(deps, res, request);
    await withUploads(deps.files, [upload], () => execute(deps, res, request));
    res.status(201).json({ message: APPLICATION_REPLIES.submitted, applicationId, position: positionOf(res) });
  }

  return [
    {
      method: 'post',
      paths: ['/api/applications'],
      action: 'applications.submit',
      summary: 'Apply for an approved job with a resume (PDF, DOC or DOCX); one application per student and job',
      tags: ['applications'],
      before: [multipart({ maxFileBytes: deps.env.MAX_RESUME_BYTES, maxFiles: 1 })],
      multipart: {
        fields: { jobId: 'The job applied for', fullName: 'Applicant name', email: 'Applicant e-mail', phone: '10 digits' },
        files: { resume: 'PDF, DOC or DOCX, judged by its bytes' },
      },
      responds: { status: 201, description: 'Submitted; the application id is the same for every try of one student and job', schema: applicationSubmittedReplySchema },
      handler: submit,
    },
    {
      method: 'put',
      // The review screen calls the first path on the API base; the admin helper the second.
      paths: ['/applications/applications/:id', '/api/applications/:id'],
      action: 'applications.changeStatus',
      summary: 'Set the status of an application (any status from any other); Scheduled needs its interview slot (date-time, duration, place or meeting link)',
      tags: ['applications'],
      before: [json],
      body: applicationStatusChangeSchema,
      responds: { status: 200, description: 'The updated application', schema: applicationStatusReplySchema },
      handler: async (req, res) => {
        const applicationId = String(req.params.id);
        const { status, interview, offer } = res.locals.body as z.infer<typeof applicationStatusChangeSchema>;
        const offerPart = await offerJobFor(deps.store, applicationId, status, offer);
        const outcome = await runWithdrawing(res, { type: 'ChangeApplicationStatus', applicationId, status, ...(interview ? { interview } : {}), ...offerPart });
        res.json({ message: APPLICATION_REPLIES.statusUpdated(status), ...applicationView(applicationId, outcome.state), position: positionOf(res) });
      },
    },
    {
      method: 'delete',
      paths: ['/applications/applications/:id', '/api/applications/:id'],
      action: 'applications.delete',
      summary: 'Delete an application; the student may apply for the job again',
      tags: ['applications'],
      responds: { status: 200, description: 'Deleted', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        await runWithdrawing(res, { type: 'DeleteApplication', applicationId: String(req.params.id) });
        res.json({ message: APPLICATION_REPLIES.deleted, position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/applications/bulk/status'],
      action: 'applications.changeStatus',
      summary: 'Set one status on several applications; each id succeeds or fails on its own. Scheduled takes the first interview slot, and each id the next one, back to back in the order sent',
      tags: ['applications'],
      before: [json],
      body: bulkStatusBody,
      responds: { status: 200, description: 'The outcome for each id', schema: bulkReplySchema },
      handler: async (_req, res) => {
        const { ids, status, interview } = res.locals.body as z.infer<typeof bulkStatusBody>;
        refuseBulkAccepted(status);
        // Scheduled: one slot each, back to back from the first, in the order of the ids sent.
        const slots = interview ? consecutiveSlots(interview, ids) : new Map<string, InterviewSlot>();
        const slotOf = (applicationId: string) => (slots.has(applicationId) ? { interview: slots.get(applicationId)! } : {});
        res.json(await forEachId(deps, res, ids, (applicationId) => runWithdrawing(res, { type: 'ChangeApplicationStatus', applicationId, status, ...slotOf(applicationId) })));
      },
    },
    {
      method: 'post',
      paths: ['/api/applications/bulk/delete'],
      action: 'applications.delete',
      summary: 'Delete several applications; each id succeeds or fails on its own',
      tags: ['applications'],
      before: [json],
      body: bulkDeleteBody,
      responds: { status: 200, description: 'The outcome for each id', schema: bulkReplySchema },
      handler: async (_req, res) => {
        const { ids } = res.locals.body as z.infer<typeof bulkDeleteBody>;
        res.json(await forEachId(deps, res, ids, (applicationId) => runWithdrawing(res, { type: 'DeleteApplication', applicationId })));
      },
    },
  ];
}
