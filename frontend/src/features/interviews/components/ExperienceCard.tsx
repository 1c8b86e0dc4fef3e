import { Button } from 'primereact/button';
import { modifierOf, monthYear } from '../format';
import type { InterviewExperience } from '../types';

/** One experience in the list: company, role, author, the three ratings and a button to the details. */
export function ExperienceCard({ experience, onOpen }: { experience: InterviewExperience; onOpen: (experience: InterviewExperience) => void }) {
  const rounds = experience.rounds?.length ?? 0;
  return (
    <article className="experience-card" aria-labelledby={`experience-${experience._id}`}>
      <header className="experience-card__head">
        <div>
          <h3 id={`experience-${experience._id}`} className="experience-card__company">
            {experience.companyName}
          </h3>
          <p className="experience-card__role">{experience.role}</p>
        </div>
        {experience.offerStatus && <span className={`badge experience-offer experience-offer--${modifierOf(experience.offerStatus)}`}>{experience.offerStatus}</span>}
      </header>
      <dl className="experience-card__facts">
        {experience.author && (
          <div>
            <dt>By</dt>
            <dd>
              {experience.author}
              {experience.batch ? ` (${experience.batch})` : ''}
            </dd>
          </div>
        )}
        {experience.difficulty && (
          <div>
            <dt>Difficulty</dt>
            <dd>{experience.difficulty}</dd>
          </div>
        )}
        {experience.experienceRating && (
          <div>
            <dt>Experience</dt>
            <dd>{experience.experienceRating}</dd>
          </div>
        )}
        <div>
          <dt>Rounds</dt>
          <dd>{rounds}</dd>
        </div>
      </dl>
      <footer className="experience-card__foot">
        <span className="experience-card__date">{monthYear(experience.postedDate)}</span>
        <Button type="button" label="View Details" className="p-button-sm p-button-outlined" aria-label={`View details: ${experience.companyName}, ${experience.role}`} onClick={() => onOpen(experience)} />
      </footer>
    </article>
  );
}
