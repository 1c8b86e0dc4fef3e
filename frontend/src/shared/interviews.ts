import type { InterviewSlot } from '@placement/domain';

/** An interview slot as the screens read it (the read side adds when it was set). */
export type ShownInterview = InterviewSlot & { scheduledAt?: string };

/** 'Tue, 18 Mar 2031, 10:30 · 45 min' in the browser's own time zone and format. */
export function interviewWhen(slot: Pick<InterviewSlot, 'startsAt' | 'durationMinutes'>): string {
  const start = new Date(slot.startsAt);
  if (Number.isNaN(start.getTime())) return `${slot.durationMinutes} min`;
  const when = start.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return `${when} · ${slot.durationMinutes} min`;
}

/** The place, the meeting link or both, as one line. */
export const interviewWhere = (slot: Pick<InterviewSlot, 'location' | 'meetingLink'>): string => [slot.location, slot.meetingLink].filter(Boolean).join(' · ');
