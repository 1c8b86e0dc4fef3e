/**
 * Records that more than one feature reads: the student's applications (dashboard, My Applications)
 * and trainings (dashboard, CDC Trainings).
 */
import type { OwnApplication, TrainingView } from '@placement/domain';

/** A row of GET /api/applications/my-applications (the domain's contract): jobId is null once the job is deleted. */
export type MyApplication = OwnApplication;

/** A training (spec §3) as GET /api/trainings lists it: the domain's contract. */
export type Training = TrainingView;

/** A training's date and time in en-US, e.g. 'Mon, Jul 7, 2025, 10:00 AM'. */
export function trainingDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date to be announced';
  return date.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
