import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { TrainingCard } from '../components/TrainingCard';
import { TRAINING_MESSAGES, selectTrainings, trainingsRequested } from '../trainingsSlice';
import '../trainings.css';

/** /cdc-trainings: intro text and the cards of the trainings still to come (spec §2). */
export default function TrainingsPage() {
  const dispatch = useAppDispatch();
  const { items, status, error } = useAppSelector(selectTrainings);

  useEffect(() => {
    dispatch(trainingsRequested());
  }, [dispatch]);

  let content;
  if (status === 'failed') {
    content = (
      <p className="inline-error" role="alert">
        Error: {error}
      </p>
    );
  } else if (status !== 'succeeded' && items.length === 0) {
    content = <PageSpinner label="Loading trainings" />;
  } else if (items.length === 0) {
    content = <p className="empty-state">{TRAINING_MESSAGES.empty}</p>;
  } else {
    content = (
      <div className="training-grid">
        {items.map((training) => (
          <TrainingCard key={training._id} training={training} />
        ))}
      </div>
    );
  }

  return (
    <div className="trainings">
      <section className="trainings__intro">
        <h2>Career Development Centre Trainings</h2>
        <p>
          Workshops, aptitude sessions and skill-building programmes run by the Career Development Centre to prepare you for placements. Register early: seats are
          limited.
        </p>
      </section>
      {content}
    </div>
  );
}
