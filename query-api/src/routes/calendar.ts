import type { Request, Response } from 'express';
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_NAME,
  calendarFeedStatusSchema,
  icsCalendar,
  interviewCalendarEvent,
  trainingCalendarEvent,
  type ScheduledInterview,
} from '@placement/domain';
import {
  actorOf,
  APPLICATION_COLLECTIONS,
  CALENDAR_FEED_COLLECTION,
  clientAddressKey,
  hashToken,
  HttpError,
  mongoRateCounters,
  ReadModels,
  sharedRateLimit,
  TRAINING_COLLECTIONS,
  type ApplicationDocument,
  type CalendarFeedDocument,
  type RateCounters,
  type RouteSpec,
  type TrainingDocument,
} from '@placement/platform';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Trainings that ended this long ago leave the feed. */
const PAST_TRAININGS_KEPT_MS = 90 * 24 * ONE_HOUR;
/** What a feed token looks like (43 base64url characters, 256 bits); anything else is not looked up. */
const FEED_TOKEN = /^[\w-]{43}$/;

export const CALENDAR_QUERY_MESSAGES = {
  notFound: CALENDAR_FEED_MESSAGES.feedNotFound,
  tooManyMisses: 'Too many unknown calendar feeds from this address. Please try again later.',
  tooManyFetches: 'This calendar feed is fetched too often. Please try again later.',
} as const;

/**
 * The private calendar feed: calendar apps fetch it without a login, so the token in the URL is the
 * credential (only its SHA-256 is stored). Two limits protect the anonymous route: unknown tokens per
 * client address (guessing), and fetches per feed (a calendar service polls for many users from a few
 * addresses, so a per-address cap on good fetches would cut off every student behind it).
 */
export function calendarRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const feeds = () => readModels.collection<CalendarFeedDocument>('calendar-feeds', CALENDAR_FEED_COLLECTION);
  const applications = () => readModels.collection<ApplicationDocument>('applications', APPLICATION_COLLECTIONS.applications);
  const trainings = () => readModels.collection<TrainingDocument>('trainings', TRAINING_COLLECTIONS.trainings);
  // Made on first use: the routes are also built without a database (the OpenAPI document).
  let made: RateCounters | undefined;
  const counterStore = (): RateCounters => (made ??= mongoRateCounters(deps.db));
  const counters: RateCounters = {
    increment: (...args) => counterStore().increment(...args),
    decrement: (...args) => counterStore().decrement(...args),
    reset: (...args) => counterStore().reset(...args),
    get: (...args) => counterStore().get(...args),
  };
  const tokenOf = (req: Request) => String(req.params.token ?? '');
  const missLimit = sharedRateLimit(counters, {
    name: 'calendar-feed-misses',
    windowMs: FIFTEEN_MINUTES,
    limit: 60,
    key: clientAddressKey,
    skipSuccessfulRequests: true,
    message: CALENDAR_QUERY_MESSAGES.tooManyMisses,
  });
  const fetchLimit = sharedRateLimit(counters, {
    name: 'calendar-feed-fetches',
    windowMs: ONE_HOUR,
    limit: 120,
    key: (req) => hashToken(tokenOf(req)),
    message: CALENDAR_QUERY_MESSAGES.tooManyFetches,
  });

  async function feed(req: Request, res: Response) {
    const token = tokenOf(req);
    const found = FEED_TOKEN.test(token) ? await (await feeds()).findOne({ tokenHash: hashToken(token) }) : null;
    if (!found) throw new HttpError(404, CALENDAR_QUERY_MESSAGES.notFound);
    const since = new Date(deps.now().getTime() - PAST_TRAININGS_KEPT_MS).toISOString();
    const [interviews, registered] = await Promise.all([
      (await applications()).find({ studentId: found._id, status: 'Scheduled', interview: { $ne: null } }).sort({ 'interview.startsAt': 1 }).toArray(),
      (await trainings()).find({ date: { $gte: since } }).sort({ date: 1 }).toArray(),
    ]);
    const events = [
      ...interviews.flatMap((application) => (application.interview ? [interviewCalendarEvent(scheduledInterviewOf(application))] : [])),
      ...registered.map((training) => trainingCalendarEvent({ ...training, trainingId: training._id })),
    ];
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Disposition', 'inline; filename="placement.ics"');
    res.send(icsCalendar({ name: CALENDAR_FEED_NAME, events }));
  }

  return [
    {
      method: 'get',
      paths: ['/api/calendar/:token.ics'],
      action: 'calendarFeed.read',
      summary:
        "A student's private calendar feed (iCalendar, text/calendar) for calendar apps, without a login: their scheduled interviews and the portal's trainings; 404 for a revoked or unknown token",
      tags: ['calendar'],
      // Calendar apps send no consistency position; a test that just wrote does, and reads its writes.
      before: [missLimit, fetchLimit, consistentWith(deps, ['calendar-feeds', 'applications', 'trainings'])],
      responds: { status: 200, description: 'text/calendar (RFC 5545)' },
      handler: feed,
    },
    {
      method: 'get',
      paths: ['/api/calendar-feed'],
      action: 'calendarFeed.own',
      summary: "Whether the signed-in student has a live calendar feed, and since when (its URL is shown only when it is created)",
      tags: ['calendar'],
      before: [consistentWith(deps, ['calendar-feeds'])],
      responds: { status: 200, description: 'The feed status', schema: calendarFeedStatusSchema },
      handler: async (_req, res) => {
        const current = await (await feeds()).findOne({ _id: actorOf(res).id! });
        res.json({ active: current !== null, issuedAt: current?.issuedAt ?? null });
      },
    },
  ];
}

function scheduledInterviewOf(application: ApplicationDocument): ScheduledInterview {
  const { scheduledAt, ...interview } = application.interview!;
  return { applicationId: application._id, jobTitle: application.job?.profiles ?? 'Interview', companyName: application.job?.companyName ?? '', interview, scheduledAt };
}
