import type { TrainingEvent } from '@placement/domain';
import { TRAINING_COLLECTIONS, TRAINING_STATS_ID, type RecordedEvent, type TrainingDocument } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';

const { trainings: TRAININGS, stats: STATS } = TRAINING_COLLECTIONS;

const countTrainings = (by: number): ReadModelChange => counterChange(STATS, TRAINING_STATS_ID, { total: by });

function changesOf(event: TrainingEvent, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'TrainingScheduled': {
      const { trainingId, ...fields } = event.data;
      const document: Omit<TrainingDocument, '_id'> = { ...fields, createdAt: occurredAt, updatedAt: occurredAt };
      return [{ kind: 'upsert', collection: TRAININGS, id: trainingId, update: { $set: document } }, countTrainings(1)];
    }
    case 'TrainingEdited':
      return [{ kind: 'update', collection: TRAININGS, filter: { _id: event.data.trainingId }, update: { $set: { ...event.data.after, updatedAt: occurredAt } } }];
    case 'TrainingCancelled':
      return [{ kind: 'delete', collection: TRAININGS, filter: { _id: event.data.trainingId } }, countTrainings(-1)];
  }
}

const isTrainingEvent = eventsOfTypes<TrainingEvent>(['TrainingScheduled', 'TrainingEdited', 'TrainingCancelled']);

/** Trainings (the student page, the dashboard's upcoming list, training management) and their total. */
export const trainingsProjection: Projection = {
  name: 'trainings',
  collections: [TRAININGS, STATS],
  indexes: {
    // Every list is ordered by date; "upcoming" is a range on it.
    [TRAININGS]: [{ key: { date: 1 } }],
    [STATS]: [],
  },
  apply: (event: RecordedEvent) => (isTrainingEvent(event) ? changesOf(event, event.metadata.occurredAt) : []),
};
