import { randomBytes } from 'node:crypto';
import { CALENDAR_FEED_EVENT_VERSIONS, calendarFeedDecider, calendarFeedIssuedReplySchema, commandMessageReplySchema, calendarFeedStreamId, type CalendarFeedCommand } from '@placement/domain';
import { actorOf, hashToken, type RouteSpec } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';

export const CALENDAR_FEED_REPLIES = {
  issued: 'Calendar feed created. Copy the URL into your calendar app; it is shown only now.',
  revoked: 'Calendar feed revoked.',
} as const;

/** The feed's path on the read side; the token in it is the only credential, so it is 256 random bits. */
export const calendarFeedPath = (token: string): string => `/api/calendar/${token}.ics`;
const newFeedToken = (): string => randomBytes(32).toString('base64url');


export function calendarFeedRoutes(deps: CommandApiDeps): RouteSpec[] {
  const run = (res: Parameters<typeof execute>[1], command: CalendarFeedCommand) =>
    execute(deps, res, { streamId: calendarFeedStreamId(command.userId), decider: calendarFeedDecider, versions: CALENDAR_FEED_EVENT_VERSIONS, command });

  return [
    {
      method: 'post',
      paths: ['/api/calendar-feed'],
      action: 'calendarFeed.own',
      summary: "Create the signed-in student's private calendar feed URL (interviews and trainings), replacing any earlier one; only its hash is stored",
      tags: ['calendar'],
      responds: { status: 201, description: 'The feed URL, shown this once', schema: calendarFeedIssuedReplySchema },
      handler: async (_req, res) => {
        const userId = actorOf(res).id!;
        const token = newFeedToken();
        const outcome = await run(res, { type: 'IssueCalendarFeed', userId, tokenHash: hashToken(token) });
        const issuedAt = outcome.events[0]?.type === 'CalendarFeedIssued' ? outcome.events[0].data.issuedAt : deps.now().toISOString();
        const url = `${deps.env.PUBLIC_URL.replace(/\/+$/, '')}${calendarFeedPath(token)}`;
        res.status(201).json({ message: CALENDAR_FEED_REPLIES.issued, url, issuedAt, position: positionOf(res) });
      },
    },
    {
      method: 'delete',
      paths: ['/api/calendar-feed'],
      action: 'calendarFeed.own',
      summary: "Revoke the signed-in student's calendar feed: its URL answers 404 from then on",
      tags: ['calendar'],
      responds: { status: 200, description: 'Revoked', schema: commandMessageReplySchema },
      handler: async (_req, res) => {
        await run(res, { type: 'RevokeCalendarFeed', userId: actorOf(res).id! });
        res.json({ message: CALENDAR_FEED_REPLIES.revoked, position: positionOf(res) });
      },
    },
  ];
}
