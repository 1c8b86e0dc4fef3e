import { useEffect, useState } from 'react';
import type { PlacementHeadline } from '@placement/domain';
import { lakhsPerAnnum, percent } from '../../../shared/statistics/format';
import '../../../shared/statistics/statistics.css';
import { placementsApi } from '../api';

export const PLACEMENTS_TEXT = {
  title: 'Placements',
  intro: 'The placement season so far, as the Career Development Centre records it.',
  loading: 'Loading placement figures...',
  failed: 'The placement figures could not be loaded. Please try again later.',
} as const;

/** The public page of the season's headline figures (issue 16 part 4), linked from the footer. */
export default function PlacementsPage() {
  const [headline, setHeadline] = useState<PlacementHeadline | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    placementsApi
      .headline()
      .then((response) => live && setHeadline(response.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="placements-page">
      <h1>{PLACEMENTS_TEXT.title}</h1>
      <p>{PLACEMENTS_TEXT.intro}</p>
      {failed && <p role="alert">{PLACEMENTS_TEXT.failed}</p>}
      {!failed && !headline && <p role="status">{PLACEMENTS_TEXT.loading}</p>}
      {headline && (
        <dl className="statistics-cards">
          <div className="statistics-card">
            <dt>Students placed</dt>
            <dd>{headline.placedStudents}</dd>
          </div>
          <div className="statistics-card">
            <dt>Placement rate</dt>
            <dd>{percent(headline.placementRate)}</dd>
          </div>
          <div className="statistics-card">
            <dt>Highest CTC</dt>
            <dd>{lakhsPerAnnum(headline.highestCtc)}</dd>
          </div>
          <div className="statistics-card">
            <dt>Median CTC</dt>
            <dd>{lakhsPerAnnum(headline.medianCtc)}</dd>
          </div>
          <div className="statistics-card">
            <dt>Companies</dt>
            <dd>{headline.companies}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
