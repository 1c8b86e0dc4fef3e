import express from 'express';
import {
  PROJECTION_OPERATION_EVENT_VERSIONS,
  PROJECTION_SKIP_MESSAGES,
  commandMessageReplySchema,
  projectionOperationDecider,
  projectionSkipSchema,
  projectionStreamId,
  type ProjectionSkipInput,
} from '@placement/domain';
import { notFound, PROJECTION_NAMES, type RouteSpec } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';

export const UNKNOWN_PROJECTION_MESSAGE = 'No projection has that name';

/** Operations on the read side that an admin decides: skipping an event a projection cannot apply. */
export function projectionRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '16kb' });
  return [
    {
      method: 'post',
      paths: ['/api/system/projections/:name/skip'],
      action: 'projections.skip',
      summary:
        "Record that the projection may move past the event at `position` without applying it (ProjectionEventSkipped in the stream projection-<name>, with the admin as actor). The projectors use it only while that projection is stuck at exactly that event; a second skip of the same position changes nothing",
      tags: ['operations'],
      before: [json],
      body: projectionSkipSchema,
      responds: { status: 202, description: 'Recorded; the stuck projection moves on at its next try', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        const projection = String(req.params.name);
        if (!(PROJECTION_NAMES as readonly string[]).includes(projection)) throw notFound(UNKNOWN_PROJECTION_MESSAGE);
        await execute(deps, res, {
          streamId: projectionStreamId(projection),
          decider: projectionOperationDecider,
          versions: PROJECTION_OPERATION_EVENT_VERSIONS,
          command: { type: 'SkipProjectionEvent', projection, skip: res.locals.body as ProjectionSkipInput },
        });
        res.status(202).json({ message: PROJECTION_SKIP_MESSAGES.skipped, position: positionOf(res) });
      },
    },
  ];
}
