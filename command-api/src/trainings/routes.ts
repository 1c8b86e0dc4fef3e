import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import {
  TRAINING_EVENT_VERSIONS,
  commandMessageReplySchema,
  trainingCommandReplySchema,
  trainingDecider,
  trainingFormSchema,
  trainingStreamId,
  type TrainingCommand,
  type TrainingEvent,
  type TrainingState,
} from '@placement/domain';
import type { CommandOutcome, RouteSpec } from '@placement/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { TRAINING_REPLIES, trainingMessageView, trainingReplyView } from './views';

export function trainingRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '64kb' });

  const run = (res: Response, command: TrainingCommand) =>
    execute(deps, res, { streamId: trainingStreamId(command.trainingId), decider: trainingDecider, versions: TRAINING_EVENT_VERSIONS, command });

  function replyWithTraining(res: Response, status: number, message: string, trainingId: string, outcome: CommandOutcome<TrainingEvent, TrainingState>) {
    res.status(status).json(trainingReplyView(message, trainingId, outcome.state, positionOf(res)));
  }

  return [
    {
      method: 'post',
      paths: ['/api/trainings'],
      action: 'trainings.manage',
      summary: 'Schedule a training',
      tags: ['trainings'],
      before: [json],
      body: trainingFormSchema,
      responds: { status: 201, description: 'The created training', schema: trainingCommandReplySchema },
      handler: async (_req, res) => {
        const trainingId = randomUUID();
        const outcome = await run(res, { type: 'ScheduleTraining', trainingId, training: res.locals.body as z.infer<typeof trainingFormSchema> });
        replyWithTraining(res, 201, TRAINING_REPLIES.created, trainingId, outcome);
      },
    },
    {
      method: 'put',
      paths: ['/api/trainings/:id'],
      action: 'trainings.manage',
      summary: 'Edit a training; only the changed fields are recorded',
      tags: ['trainings'],
      before: [json],
      body: trainingFormSchema,
      responds: { status: 200, description: 'The updated training', schema: trainingCommandReplySchema },
      handler: async (req, res) => {
        const trainingId = String(req.params.id);
        const outcome = await run(res, { type: 'EditTraining', trainingId, training: res.locals.body as z.infer<typeof trainingFormSchema> });
        replyWithTraining(res, 200, TRAINING_REPLIES.updated, trainingId, outcome);
      },
    },
    {
      method: 'delete',
      paths: ['/api/trainings/:id'],
      action: 'trainings.manage',
      summary: 'Delete (cancel) a training',
      tags: ['trainings'],
      responds: { status: 200, description: 'Deleted', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        await run(res, { type: 'CancelTraining', trainingId: String(req.params.id) });
        res.json(trainingMessageView(TRAINING_REPLIES.deleted, positionOf(res)));
      },
    },
  ];
}
