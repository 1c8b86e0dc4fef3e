import express, { type Request, type Response } from 'express';
import {
  APPLICATION_EVENT_VERSIONS,
  APPLICATION_MESSAGES,
  applicationStatusReplySchema,
  applicationSubmittedReplySchema,
  bulkReplySchema,
  commandMessageReplySchema,
  applicationDecider,
  applicationStatusChangeSchema,
  applicationStreamId,
  bulkApplicationStatusSchema,
  consecutiveSlots,
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
  type InterviewSlot,
} from '@placement/domain';
import { actorOf, multipart, RESUME_TYPES, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import { bulkIdsSchema, forEachId } from '../bulk';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf, stateOf, type Prepared, type StreamCommand } from '../execute';
import { offerJobFor, refuseBulkAccepted, withdrawFromPlacement } from '../placement';
import { besideUploads, filesOf, keyedUpload, preflight, type FileRule } from '../uploads';
import { applyingContext } from './context';
import { applicationIdOf, refuseMisplacedSlot, validApplication } from './requests';
import { applicationStatusView, applicationSubmittedView, APPLICATION_REPLIES } from './views';

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
  const run = (res: Response, command: ApplicationCommand, prepared?: Prepared) => execute(deps, res, streamCommand(command), undefined, prepared);
  /** A command that may withdraw an accepted offer, which then leaves the student's placement too. */
  const runWithdrawing = async (res: Response, command: ApplicationCommand, prepared?: Prepared) => {
    const outcome = await run(res, command, prepared);
    await withdrawFromPlacement(deps, res, outcome);
    return outcome;
  };

  /**
   * The resume goes to storage as soon as it is valid, beside the reads and the decision; the append
   * waits for it. Every stream is read once and all at once (the application's read serves both the
   * refusal check and the command). A refusal or failure deletes the stored resume again.
   */
  async function submit(req: Request, res: Response) {
    const form = await validApplication(req.body, filesOf(req).get('resume')?.[0], resumeRule);
    const studentId = actorOf(res).id!;
    const applicationId = applicationIdOf(studentId, form.jobId);
    const upload = keyedUpload(form.resume, `resumes/${applicationId}`);
    await besideUploads(deps.files, [upload], async (filesStored) => {
      const [applying, history] = await Promise.all([applyingContext(deps.store, form.jobId, studentId), deps.store.readStream(applicationStreamId(applicationId))]);
      const request = streamCommand({
        type: 'SubmitApplication',
        applicationId,
        studentId,
        jobId: form.jobId,
        ...applying,
        fullName: form.fullName,
        email: form.email,
        phone: form.phone,
        resumeKey: upload.key,
      });
      await preflight(deps, res, request, history);
      return execute(deps, res, request, undefined, { history, filesStored });
    });
    res.status(201).json(applicationSubmittedView(applicationId, positionOf(res)));
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
        // One read of the application serves the offer's job side and the command.
        const history = await deps.store.readStream(applicationStreamId(applicationId));
        const application = status === 'Accepted' ? await stateOf(applicationDecider, history) : undefined;
        const offerPart = await offerJobFor(deps.store, applicationId, status, offer, application);
        const outcome = await runWithdrawing(res, { type: 'ChangeApplicationStatus', applicationId, status, ...(interview ? { interview } : {}), ...offerPart }, { history });
        res.json(applicationStatusView(applicationId, status, outcome.state, positionOf(res)));
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
