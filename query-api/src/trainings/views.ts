import type { TrainingStats } from '@placement/domain';
import type { TrainingDocument } from '@placement/platform';
import { withoutFields } from '../lists';

/** The trainings' replies. */

/** A training as the lists show it; `id` repeats `_id`. */
export const trainingView = (training: TrainingDocument) => ({ ...withoutFields(training, ['_v']), id: training._id });

/** The training dashboard's figures. */
export const trainingStatsReply = (counts: { total: number; upcoming: number }): TrainingStats => ({ totalTrainings: counts.total, upcomingTrainings: counts.upcoming });
