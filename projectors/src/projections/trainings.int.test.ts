import type { TrainingEvent } from '@placement/domain';
import { TRAINING_COLLECTIONS, TRAINING_STATS_ID, type TrainingDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { recorded } from './test-history';
import { trainingsProjection } from './trainings';

const training = (trainingId: string, date: string) => ({
  trainingId,
  title: `Workshop ${trainingId}`,
  description: 'Hands-on session',
  date,
  duration: '2 hours',
  mode: 'Online',
  registrationLink: 'https://forms.example/register',
});

const history = (): TrainingEvent[] => [
  { type: 'TrainingScheduled', data: training('t1', '2025-04-01T10:00:00.000Z') },
  { type: 'TrainingScheduled', data: training('t2', '2025-05-01T10:00:00.000Z') },
  { type: 'TrainingScheduled', data: training('t3', '2025-06-01T10:00:00.000Z') },
  { type: 'TrainingEdited', data: { trainingId: 't2', before: { title: 'Workshop t2', mode: 'Online' }, after: { title: 'Resume clinic', mode: 'Hybrid' } } },
  { type: 'TrainingCancelled', data: { trainingId: 't3', title: 'Workshop t3' } },
];

describe('trainings projection', () => {
  const subject = builtTwiceFromHistory(trainingsProjection, history);

  it('ignores the events of other aggregates', () => {
    expect(trainingsProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[TRAINING_COLLECTIONS.trainings]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('keeps scheduled trainings with their edits, drops cancelled ones, and counts them', async () => {
    const trainings = await subject.db.collection<TrainingDocument>(TRAINING_COLLECTIONS.trainings).find().sort({ date: 1 }).toArray();
    expect(trainings.map(({ _id, title, mode, date }) => ({ _id, title, mode, date }))).toEqual([
      { _id: 't1', title: 'Workshop t1', mode: 'Online', date: '2025-04-01T10:00:00.000Z' },
      { _id: 't2', title: 'Resume clinic', mode: 'Hybrid', date: '2025-05-01T10:00:00.000Z' },
    ]);
    expect(trainings[1]).toMatchObject({ createdAt: '2025-03-10T09:00:01.000Z', updatedAt: '2025-03-10T09:00:03.000Z' });
    expect(await subject.db.collection(TRAINING_COLLECTIONS.stats).findOne({ _id: TRAINING_STATS_ID } as never)).toMatchObject({ total: 2 });
  });
});
