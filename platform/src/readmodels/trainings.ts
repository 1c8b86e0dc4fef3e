import type { TrainingFields } from '@placement/domain';

/** The trainings projection's collections. */
export const TRAINING_COLLECTIONS = { trainings: 'trainings', stats: 'training_stats' } as const;

/** One training; `date` is an ISO 8601 instant in UTC, so strings compare in time order. */
export interface TrainingDocument extends TrainingFields {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/** The one counter document of the training statistics. */
export interface TrainingStatsDocument {
  _id: typeof TRAINING_STATS_ID;
  total: number;
}
export const TRAINING_STATS_ID = 'trainings';
