import { atsLabel } from '@placement/domain';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The ATS score as a ring with the percent and its label (spec §9's thresholds). */
export function ScoreCircle({ percent }: { percent: number }) {
  const label = atsLabel(percent);
  const tone = percent >= 75 ? 'good' : percent >= 40 ? 'fair' : 'poor';
  return (
    <figure className={`score-circle score-circle--${tone}`} aria-label={`ATS score ${percent} percent: ${label}`}>
      <svg viewBox="0 0 120 120" width="160" height="160" aria-hidden="true">
        <circle className="score-circle__track" cx="60" cy="60" r={RADIUS} />
        <circle
          className="score-circle__value"
          cx="60"
          cy="60"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          transform="rotate(-90 60 60)"
        />
      </svg>
      <div className="score-circle__text" aria-hidden="true">
        <span className="score-circle__percent">{percent}%</span>
        <span className="score-circle__label">{label}</span>
      </div>
      <figcaption className="score-circle__caption">ATS Score</figcaption>
    </figure>
  );
}
