/**
 * The read models' contract between projectors (who write them) and query-api (who reads them):
 * which projection owns which collections. Document shapes live beside, one file per family.
 */
export const PROJECTIONS = {
  /** Jobs for every screen: public list, admin list, the application review's job list; job statistics; the student listing's approved jobs (what its filters read). */
  jobs: { collections: ['jobs', 'job_stats', 'job_listing'] },
  /** Applications with their job and applicant columns; application statistics; each live job's number of live applications. */
  applications: { collections: ['applications', 'application_stats', 'job_application_counts', 'application_jobs', 'application_applicants'] },
  /** Accounts with full student profiles, user statistics, and the e-mail recipients (one small document per account). */
  users: { collections: ['users', 'user_stats', 'user_recipients'] },
  /** Trainings and their total. */
  trainings: { collections: ['trainings', 'training_stats'] },
  /** Interview experiences and their total. */
  experiences: { collections: ['interview_experiences', 'experience_stats'] },
  /** Templates, and campaigns with their sent, failed and opened counts. */
  email: { collections: ['email_templates', 'email_campaigns'] },
  /** Each student's resume checks over time (ResumeAnalysed). */
  resumes: { collections: ['resume_analyses'] },
  /** Students' live calendar feed tokens, by the token's hash. */
  'calendar-feeds': { collections: ['calendar_feeds'] },
  /** Dated facts and per-day counters of the placement statistics as of any day, and the same facts filed by log position (pages). */
  statistics: { collections: ['statistics_offer_facts', 'statistics_population', 'statistics_departures', 'statistics_days', 'statistics_students', 'statistics_pages'] },
} as const;

export type ProjectionName = keyof typeof PROJECTIONS;
export const PROJECTION_NAMES = Object.keys(PROJECTIONS) as ProjectionName[];
export const CHECKPOINT_COLLECTION = 'projection_checkpoints';
