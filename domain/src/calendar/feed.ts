import type { DomainEvent } from '../decider';
import { reject, type Decider } from '../decider';
import { interviewEndsAt, type InterviewSlot } from '../applications/interview';
import type { CalendarEvent } from './ics';

// ---------------------------------------------------------------- the feed's token (stream calendar-feed-<userId>)

export const CALENDAR_FEED_MESSAGES = {
  notFound: 'You have no calendar feed.',
  feedNotFound: 'Calendar feed not found',
} as const;

/** A new token replaces the previous one, whose URL stops working. Only the token's hash is recorded. */
export type CalendarFeedIssued = DomainEvent<'CalendarFeedIssued', { userId: string; tokenHash: string; issuedAt: string }>;
export type CalendarFeedRevoked = DomainEvent<'CalendarFeedRevoked', { userId: string; tokenHash: string; revokedAt: string }>;
export type CalendarFeedEvent = CalendarFeedIssued | CalendarFeedRevoked;

export const CALENDAR_FEED_EVENT_VERSIONS = {
  CalendarFeedIssued: 1,
  CalendarFeedRevoked: 1,
} as const satisfies Record<CalendarFeedEvent['type'], number>;

export const calendarFeedStreamId = (userId: string): string => `calendar-feed-${userId}`;

export type IssueCalendarFeed = { type: 'IssueCalendarFeed'; userId: string; tokenHash: string };
export type RevokeCalendarFeed = { type: 'RevokeCalendarFeed'; userId: string };
export type CalendarFeedCommand = IssueCalendarFeed | RevokeCalendarFeed;
export type CalendarFeedState = { tokenHash: string | null; issuedAt: string | null };

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeedState> = {
  initialState: { tokenHash: null, issuedAt: null },
  decide(command, state, context) {
    const at = context.now.toISOString();
    switch (command.type) {
      case 'IssueCalendarFeed':
        return [{ type: 'CalendarFeedIssued', data: { userId: command.userId, tokenHash: command.tokenHash, issuedAt: at } }];
      case 'RevokeCalendarFeed':
        if (state.tokenHash === null) return reject('not_found', CALENDAR_FEED_MESSAGES.notFound);
        return [{ type: 'CalendarFeedRevoked', data: { userId: command.userId, tokenHash: state.tokenHash, revokedAt: at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CalendarFeedIssued':
        return { tokenHash: event.data.tokenHash, issuedAt: event.data.issuedAt };
      case 'CalendarFeedRevoked':
        return { tokenHash: null, issuedAt: null };
      default:
        return state;
    }
  },
};

// ---------------------------------------------------------------- what the feed and the mail hold

const UID_DOMAIN = 'placement-portal';

/** SEQUENCE from the time a version was recorded: later versions of one event always count higher. */
const sequenceOf = (stampedAt: string): number => Math.floor(Date.parse(stampedAt) / 1000);

export interface ScheduledInterview {
  applicationId: string;
  jobTitle: string;
  companyName: string;
  interview: InterviewSlot;
  /** When the slot was set. */
  scheduledAt: string;
}

export const interviewSummary = (jobTitle: string, companyName: string): string => (companyName ? `Interview: ${jobTitle} at ${companyName}` : `Interview: ${jobTitle}`);

export function interviewCalendarEvent(scheduled: ScheduledInterview): CalendarEvent {
  const { interview } = scheduled;
  const where = [interview.location, interview.meetingLink].filter(Boolean).join(' / ');
  return {
    uid: `interview-${scheduled.applicationId}@${UID_DOMAIN}`,
    startsAt: interview.startsAt,
    endsAt: interviewEndsAt(interview),
    summary: interviewSummary(scheduled.jobTitle, scheduled.companyName),
    description: [`${interview.durationMinutes} minutes`, interview.location ? `Place: ${interview.location}` : '', interview.meetingLink ? `Meeting link: ${interview.meetingLink}` : '']
      .filter(Boolean)
      .join('\n'),
    ...(where ? { location: where } : {}),
    ...(interview.meetingLink ? { url: interview.meetingLink } : {}),
    stampedAt: scheduled.scheduledAt,
    sequence: sequenceOf(scheduled.scheduledAt),
  };
}

export interface FeedTraining {
  trainingId: string;
  title: string;
  description: string;
  date: string;
  duration: string;
  mode: string;
  registrationLink: string;
  updatedAt: string;
}

const DEFAULT_TRAINING_MINUTES = 60;

/** A training's free-text duration in minutes ('2 hours', '90 min', '1.5 hrs'); an hour when it cannot be read. */
export function trainingMinutes(duration: string): number {
  const match = /(\d+(?:\.\d+)?)\s*(h|hr|hrs|hour|hours|m|min|mins|minute|minutes)\b/i.exec(duration);
  if (!match) return DEFAULT_TRAINING_MINUTES;
  const amount = Number(match[1]);
  const minutes = match[2]!.toLowerCase().startsWith('h') ? amount * 60 : amount;
  return minutes > 0 && minutes <= 24 * 60 ? Math.round(minutes) : DEFAULT_TRAINING_MINUTES;
}

export function trainingCalendarEvent(training: FeedTraining): CalendarEvent {
  return {
    uid: `training-${training.trainingId}@${UID_DOMAIN}`,
    startsAt: training.date,
    endsAt: new Date(Date.parse(training.date) + trainingMinutes(training.duration) * 60_000).toISOString(),
    summary: `Training: ${training.title}`,
    description: [training.description, `Duration: ${training.duration}`, `Mode: ${training.mode}`, `Registration: ${training.registrationLink}`].join('\n'),
    location: training.mode,
    url: training.registrationLink,
    stampedAt: training.updatedAt,
    sequence: sequenceOf(training.updatedAt),
  };
}

export const CALENDAR_FEED_NAME = 'Placement: interviews and trainings';
