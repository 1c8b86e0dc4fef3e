import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import {
  EXPERIENCE_EVENT_VERSIONS,
  commandMessageReplySchema,
  experienceCommandReplySchema,
  experienceDecider,
  experienceFormSchema,
  experienceStreamId,
  type ExperienceCommand,
  type ExperienceEvent,
  type ExperienceState,
} from '@placement/domain';
import type { CommandOutcome, RouteSpec } from '@placement/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { publicSubmissionLimiter } from '../rate-limits';
import { EXPERIENCE_REPLIES, experienceMessageView, experienceReplyView } from './views';

export function experienceRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '256kb' });

  const run = (res: Response, command: ExperienceCommand) =>
    execute(deps, res, { streamId: experienceStreamId(command.experienceId), decider: experienceDecider, versions: EXPERIENCE_EVENT_VERSIONS, command });

  function replyWithExperience(res: Response, status: number, message: string, experienceId: string, outcome: CommandOutcome<ExperienceEvent, ExperienceState>) {
    res.status(status).json(experienceReplyView(message, experienceId, outcome.state, positionOf(res)));
  }

  return [
    {
      method: 'post',
      paths: ['/api/interview-experiences'],
      action: 'experiences.share',
      summary: "Share an interview experience (no sign-in needed); a visitor's or a student's waits for review (status pending), staff and admins publish at once",
      tags: ['interview experiences'],
      before: [publicSubmissionLimiter(deps, 'experiences', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR), json],
      body: experienceFormSchema,
      responds: { status: 201, description: 'The shared experience', schema: experienceCommandReplySchema },
      handler: async (_req, res) => {
        const experienceId = randomUUID();
        const outcome = await run(res, { type: 'ShareExperience', experienceId, experience: res.locals.body as z.infer<typeof experienceFormSchema> });
        replyWithExperience(res, 201, EXPERIENCE_REPLIES.submitted, experienceId, outcome);
      },
    },
    {
      method: 'patch',
      paths: ['/api/interview-experiences/:id'],
      action: 'experiences.manage',
      summary: 'Edit an interview experience; only the changed fields are recorded',
      tags: ['interview experiences'],
      before: [json],
      body: experienceFormSchema,
      responds: { status: 200, description: 'The updated experience', schema: experienceCommandReplySchema },
      handler: async (req, res) => {
        const experienceId = String(req.params.id);
        const outcome = await run(res, { type: 'EditExperience', experienceId, experience: res.locals.body as z.infer<typeof experienceFormSchema> });
        replyWithExperience(res, 200, EXPERIENCE_REPLIES.updated, experienceId, outcome);
      },
    },
    {
      method: 'post',
      paths: ['/api/interview-experiences/:id/approve'],
      action: 'experiences.manage',
      summary: 'Approve an interview experience held for review: it is listed to students and visitors from now on',
      tags: ['interview experiences'],
      responds: { status: 200, description: 'The approved experience', schema: experienceCommandReplySchema },
      handler: async (req, res) => {
        const experienceId = String(req.params.id);
        const outcome = await run(res, { type: 'ApproveExperience', experienceId });
        replyWithExperience(res, 200, EXPERIENCE_REPLIES.approved, experienceId, outcome);
      },
    },
    {
      method: 'delete',
      paths: ['/api/interview-experiences/:id'],
      action: 'experiences.manage',
      summary: 'Delete an interview experience',
      tags: ['interview experiences'],
      responds: { status: 200, description: 'Deleted', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        await run(res, { type: 'RemoveExperience', experienceId: String(req.params.id) });
        res.json(experienceMessageView(EXPERIENCE_REPLIES.deleted, positionOf(res)));
      },
    },
  ];
}
