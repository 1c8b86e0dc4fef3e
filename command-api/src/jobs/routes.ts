import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import {
  JOB_EVENT_VERSIONS,
  bulkReplySchema,
  eligibilityOverrideSchema,
  jobCommandReplySchema,
  jobDecider,
  jobFormSchema,
  jobMessageReplySchema,
  jobStatusChangeSchema,
  jobStreamId,
  type JobCommand,
  type JobEvent,
  type JobState,
} from '@placement/domain';
import { actorOf, type CommandOutcome, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import { bulkIdsSchema, forEachId } from '../bulk';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { publicSubmissionLimiter } from '../rate-limits';
import { isStudent } from './context';
import { JOB_REPLIES, jobMessageView, jobReplyView } from './views';

export function jobRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '256kb' });
  // The establishment year may not lie in the future: the bound is the year of the request.
  const jobForm = () => jobFormSchema(deps.now().getUTCFullYear());
  const publicJobBody = z.lazy(jobForm);
  // Admins' posts go live at once unless they ask otherwise; staff posts wait for an admin.
  const staffJobBody = z.lazy(() => jobForm().extend({ approveImmediately: z.boolean({ error: JOB_REPLIES.approveFlag }).optional() }));
  const bulkStatusBody = jobStatusChangeSchema.extend({ ids: bulkIdsSchema(JOB_REPLIES.noSelection) });

  const run = (res: Response, command: JobCommand) =>
    execute(deps, res, { streamId: jobStreamId(command.jobId), decider: jobDecider, versions: JOB_EVENT_VERSIONS, command });

  function replyWithJob(res: Response, status: number, message: string, jobId: string, outcome: CommandOutcome<JobEvent, JobState>) {
    res.status(status).json(jobReplyView(message, jobId, outcome.state, positionOf(res)));
  }

  async function postJob(res: Response, approveImmediately: boolean) {
    const { approveImmediately: _flag, ...job } = res.locals.body as z.infer<typeof staffJobBody>;
    const jobId = randomUUID();
    const outcome = await run(res, { type: 'PostJob', jobId, job, approveImmediately });
    const approved = outcome.events.some((event) => event.type === 'JobPosted' && event.data.status === 'approved');
    replyWithJob(res, 201, approved ? JOB_REPLIES.created : JOB_REPLIES.submitted, jobId, outcome);
  }

  return [
    {
      method: 'post',
      paths: ['/api/jobs/:id/eligibility-overrides'],
      action: 'jobs.overrideEligibility',
      summary: 'Let one student apply to the job despite its eligibility rules, with a reason (recorded on the job)',
      tags: ['jobs'],
      before: [json],
      body: eligibilityOverrideSchema,
      responds: { status: 201, description: 'Granted', schema: jobMessageReplySchema },
      handler: async (req, res) => {
        const jobId = String(req.params.id);
        const { studentId, reason } = res.locals.body as z.infer<typeof eligibilityOverrideSchema>;
        await run(res, { type: 'GrantEligibilityOverride', jobId, studentId, reason, studentIsStudent: await isStudent(deps.store, studentId) });
        res.status(201).json(jobMessageView(JOB_REPLIES.overrideGranted, positionOf(res)));
      },
    },
    {
      method: 'post',
      paths: ['/api/jobs/public'],
      action: 'jobs.postPublic',
      summary: 'Submit a job through the public form; it awaits admin approval',
      tags: ['jobs'],
      before: [publicSubmissionLimiter(deps, 'public-jobs', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR), json],
      body: publicJobBody,
      responds: { status: 201, description: 'The pending job in data', schema: jobCommandReplySchema },
      handler: (_req, res) => postJob(res, false),
    },
    {
      method: 'post',
      paths: ['/api/jobs'],
      action: 'jobs.post',
      summary: "Post a job; an admin's post is approved at once unless approveImmediately is false",
      tags: ['jobs'],
      before: [json],
      body: staffJobBody,
      responds: { status: 201, description: 'The created job in data', schema: jobCommandReplySchema },
      handler: (_req, res) => {
        const { approveImmediately } = res.locals.body as z.infer<typeof staffJobBody>;
        return postJob(res, approveImmediately ?? actorOf(res).role === 'admin');
      },
    },
    {
      method: 'put',
      paths: ['/api/jobs/:id'],
      action: 'jobs.edit',
      summary: 'Edit a job; only the changed fields are recorded',
      tags: ['jobs'],
      before: [json],
      body: publicJobBody,
      responds: { status: 200, description: 'The updated job in data', schema: jobCommandReplySchema },
      handler: async (req, res) => {
        const jobId = String(req.params.id);
        const outcome = await run(res, { type: 'EditJob', jobId, job: res.locals.body as z.infer<typeof publicJobBody> });
        replyWithJob(res, 200, JOB_REPLIES.updated, jobId, outcome);
      },
    },
    {
      method: 'patch',
      paths: ['/api/jobs/:id/status'],
      action: 'jobs.changeStatus',
      summary: 'Approve or reject a job',
      tags: ['jobs'],
      before: [json],
      body: jobStatusChangeSchema,
      responds: { status: 200, description: 'The job with its new status in data', schema: jobCommandReplySchema },
      handler: async (req, res) => {
        const jobId = String(req.params.id);
        const { status } = res.locals.body as z.infer<typeof jobStatusChangeSchema>;
        const outcome = await run(res, { type: 'ChangeJobStatus', jobId, status });
        replyWithJob(res, 200, JOB_REPLIES[status], jobId, outcome);
      },
    },
    {
      method: 'post',
      paths: ['/api/jobs/bulk/status'],
      action: 'jobs.changeStatus',
      summary: 'Approve or reject several jobs; each id succeeds or fails on its own',
      tags: ['jobs'],
      before: [json],
      body: bulkStatusBody,
      responds: { status: 200, description: 'The outcome for each id', schema: bulkReplySchema },
      handler: async (_req, res) => {
        const { ids, status } = res.locals.body as z.infer<typeof bulkStatusBody>;
        res.json(await forEachId(deps, res, ids, (jobId) => run(res, { type: 'ChangeJobStatus', jobId, status })));
      },
    },
    {
      method: 'delete',
      paths: ['/api/jobs/:id'],
      action: 'jobs.delete',
      summary: 'Delete a job',
      tags: ['jobs'],
      responds: { status: 200, description: 'Deleted', schema: jobMessageReplySchema },
      handler: async (req, res) => {
        await run(res, { type: 'DeleteJob', jobId: String(req.params.id) });
        res.json(jobMessageView(JOB_REPLIES.deleted, positionOf(res)));
      },
    },
    {
      method: 'post',
      paths: ['/api/jobs/:id/notify'],
      action: 'jobs.notify',
      summary: 'Ask for an e-mail to the students about an approved job (sent by the notifier)',
      tags: ['jobs'],
      responds: { status: 202, description: 'The announcement is recorded and will be e-mailed', schema: jobMessageReplySchema },
      handler: async (req, res) => {
        await run(res, { type: 'NotifyStudents', jobId: String(req.params.id) });
        res.status(202).json(jobMessageView(JOB_REPLIES.notificationRequested, positionOf(res)));
      },
    },
  ];
}
