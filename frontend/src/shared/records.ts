/**
 * Records that more than one feature reads: the student's applications (dashboard, My Applications)
 * and trainings (dashboard, CDC Trainings).
 */
import type { ShownInterview } from './interviews';
import type { ApplicationOffer } from './offers';

/** A row of GET /api/applications/my-applications (spec §3): jobId is null once the job is deleted. */
export interface MyApplication {
  _id: string;
  status: string;
  appliedDate: string;
  jobId: {
    _id: string;
    profiles?: string;
    companyName?: string;
    ctcOrStipend?: string;
    location?: string;
    offerType?: string[];
  } | null;
  /** The offer of an Accepted application and the student's answer (null or absent before any). */
  offer?: ApplicationOffer | null;
  /** The interview slot while the status is Scheduled (null or absent otherwise). */
  interview?: ShownInterview | null;
}

/** A training (spec §3). */
export interface Training {
  _id: string;
  title: string;
  description?: string | null;
  date: string;
  duration?: string | null;
  mode?: string | null;
  registrationLink?: string | null;
}

/** A training's date and time in en-US, e.g. 'Mon, Jul 7, 2025, 10:00 AM'. */
export function trainingDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date to be announced';
  return date.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
