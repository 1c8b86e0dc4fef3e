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

/** The spec words only the failures ('Failed to save training', ...); these are ours. */
export const TRAINING_REPLIES = {
  created: 'Training created successfully.',
  updated: 'Training updated successfully.',
  deleted: 'Training deleted successfully.',
} as const;

/** The training as the lists show it; `_id` is the spec's name for the id. */
export function trainingView(trainingId: string, state: TrainingState) {
  if (state.kind !== 'scheduled') throw new Error(`training ${trainingId} is not scheduled after a successful command`);
  return { _id: trainingId, id: trainingId, ...state.fields };
}


export function trainingRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '64kb' });

  const run = (res: Response, command: TrainingCommand) =>
    execute(deps, res, { streamId: trainingStreamId(command.trainingId), decider: trainingDecider, versions: TRAINING_EVENT_VERSIONS, command });

  function replyWithTraining(res: Response, status: number, message: string, trainingId: string, outcome: CommandOutcome<TrainingEvent, TrainingState>) {
    const training = trainingView(trainingId, outcome.state);
    res.status(status).json({ message, training, position: positionOf(res) });
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
        res.json({ message: TRAINING_REPLIES.deleted, position: positionOf(res) });
      },
    },
  ];
}
