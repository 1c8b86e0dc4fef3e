/**
 * The read models' contract between projectors (who write them) and query-api (who reads them):
 * which projection owns which collections. Document shapes live beside, one file per family.
 */
export const PROJECTIONS = {
  /** Jobs for every screen: public list, admin list, application counts, job statistics. */
  jobs: { collections: ['jobs'] },
  /** Applications with their job and applicant columns; application statistics. */
  applications: { collections: ['applications'] },
  /** Accounts, full student profiles, e-mail recipients, user statistics. */
  users: { collections: ['users'] },
  trainings: { collections: ['trainings'] },
  experiences: { collections: ['interview_experiences'] },
  /** Templates and campaigns with per-recipient progress and open counts. */
  email: { collections: ['email_templates', 'email_campaigns'] },
} as const;

export type ProjectionName = keyof typeof PROJECTIONS;
export const PROJECTION_NAMES = Object.keys(PROJECTIONS) as ProjectionName[];
export const CHECKPOINT_COLLECTION = 'projection_checkpoints';
