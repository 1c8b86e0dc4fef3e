import { z } from 'zod';
import { httpUrl, isoInstant, numberInput, safeText } from '../schemas-shared';

export const INTERVIEW_DURATION = { min: 5, max: 480 } as const;
const LOCATION_MAX = 200;

/** The spec has no words for interview slots; these are ours. */
export const INTERVIEW_MESSAGES = {
  required: 'Scheduling an interview needs its date and time, duration, and a place or meeting link.',
  onlyWhenScheduled: 'An interview slot can only be given when the status is Scheduled.',
  startsAtRequired: 'Please enter the interview date and time.',
  startsAtInvalid: 'Please enter a valid interview date and time.',
  durationRequired: 'Please enter the interview duration in minutes.',
  durationInvalid: `Interview duration must be a whole number of minutes from ${INTERVIEW_DURATION.min} to ${INTERVIEW_DURATION.max}.`,
  placeRequired: 'Please enter a place or a meeting link for the interview.',
  meetingLinkInvalid: 'Meeting link must be a web address starting with http:// or https://',
  locationTooLong: `Place must be at most ${LOCATION_MAX} characters.`,
} as const;

/**
 * An interview slot: when it starts (ISO 8601 instant, UTC), how long it lasts, and where: a place, a
 * meeting link, or both. Carried by `ChangeApplicationStatus` and `ApplicationStatusChanged` to 'Scheduled'.
 */
export interface InterviewSlot {
  startsAt: string;
  durationMinutes: number;
  location?: string;
  meetingLink?: string;
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** One slot as the dialog or the API sends it; blank place and link are absent, and one of them is required. */
export const interviewSlotSchema = z
  .object({
    // A blank start is only 'required', not also 'invalid'.
    startsAt: safeText({ error: INTERVIEW_MESSAGES.startsAtRequired })
      .trim()
      .min(1, { error: INTERVIEW_MESSAGES.startsAtRequired, abort: true })
      .pipe(isoInstant({ required: INTERVIEW_MESSAGES.startsAtRequired, invalid: INTERVIEW_MESSAGES.startsAtInvalid })),
    durationMinutes: numberInput({ required: INTERVIEW_MESSAGES.durationRequired, invalid: INTERVIEW_MESSAGES.durationInvalid }, (n) =>
      n.int({ error: INTERVIEW_MESSAGES.durationInvalid }).min(INTERVIEW_DURATION.min, { error: INTERVIEW_MESSAGES.durationInvalid }).max(INTERVIEW_DURATION.max, { error: INTERVIEW_MESSAGES.durationInvalid }),
    ),
    location: z.preprocess(blankToUndefined, safeText().trim().max(LOCATION_MAX, { error: INTERVIEW_MESSAGES.locationTooLong }).optional()),
    meetingLink: z.preprocess(blankToUndefined, safeText().trim().pipe(httpUrl(INTERVIEW_MESSAGES.meetingLinkInvalid)).optional()),
  })
  .superRefine((slot, context) => {
    if (!slot.location && !slot.meetingLink) context.addIssue({ code: 'custom', path: ['location'], message: INTERVIEW_MESSAGES.placeRequired });
  })
  .transform((slot): InterviewSlot => ({
    startsAt: slot.startsAt,
    durationMinutes: slot.durationMinutes,
    ...(slot.location ? { location: slot.location } : {}),
    ...(slot.meetingLink ? { meetingLink: slot.meetingLink } : {}),
  }));

/** When the slot ends (ISO 8601, UTC). */
export const interviewEndsAt = (slot: Pick<InterviewSlot, 'startsAt' | 'durationMinutes'>): string =>
  new Date(Date.parse(slot.startsAt) + slot.durationMinutes * 60_000).toISOString();

/**
 * Bulk scheduling: one slot per application, back to back from the first slot's start, in the order of
 * `applicationIds` (a repeated id keeps its first slot).
 */
export function consecutiveSlots(first: InterviewSlot, applicationIds: readonly string[]): Map<string, InterviewSlot> {
  const slots = new Map<string, InterviewSlot>();
  for (const applicationId of applicationIds) {
    if (slots.has(applicationId)) continue;
    const startsAt = new Date(Date.parse(first.startsAt) + slots.size * first.durationMinutes * 60_000).toISOString();
    slots.set(applicationId, { ...first, startsAt });
  }
  return slots;
}

export const sameSlot = (a: InterviewSlot | undefined, b: InterviewSlot | undefined): boolean =>
  a?.startsAt === b?.startsAt && a?.durationMinutes === b?.durationMinutes && a?.location === b?.location && a?.meetingLink === b?.meetingLink;
