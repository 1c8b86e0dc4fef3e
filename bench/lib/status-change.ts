import type { ApplicationStatus } from '../../domain/src';

/**
 * The body of a status change the application decider admits: Scheduled carries its interview slot and
 * Accepted its offer (issue 16 parts 2 and 3); any other status is the status alone.
 */
export function statusChangeBody(status: ApplicationStatus): Record<string, unknown> {
  if (status === 'Accepted') return { status, offer: { ctc: 600_000 } };
  if (status === 'Scheduled') return { status, interview: { startsAt: '2031-01-15T09:00:00.000Z', durationMinutes: 30, location: 'Room 1' } };
  return { status };
}
