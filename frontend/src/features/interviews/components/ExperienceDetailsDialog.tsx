import { Dialog } from 'primereact/dialog';
import { monthYear } from '../format';
import type { InterviewExperience } from '../types';

/** The detail modal: every field and each round in order. Escape or the close button closes it. */
export function ExperienceDetailsDialog({ experience, onClose }: { experience: InterviewExperience | null; onClose: () => void }) {
  return (
    <Dialog
      visible={experience !== null}
      onHide={onClose}
      header={experience ? `${experience.companyName} - ${experience.role}` : ''}
      className="experience-dialog"
      style={{ width: 'min(720px, 96vw)' }}
      breakpoints={{ '640px': '100vw' }}
      modal
      dismissableMask
      blockScroll
    >
      {experience && (
        <div className="experience-details">
          <dl className="experience-details__facts">
            {(
              [
                ['Author', experience.author],
                ['Batch', experience.batch],
                ['Course', experience.course],
                ['Interview Location', experience.interviewLocation],
                ['Offer Status', experience.offerStatus],
                ['Experience', experience.experienceRating],
                ['Difficulty', experience.difficulty],
                ['Posted', monthYear(experience.postedDate)],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <h3 className="experience-details__rounds-title">Interview Rounds</h3>
          {experience.rounds && experience.rounds.length > 0 ? (
            <ol className="experience-details__rounds">
              {experience.rounds.map((round, index) => (
                <li key={`${round.name}-${index}`}>
                  <h4>{round.name}</h4>
                  <p>{round.description}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="experience-details__empty">No rounds described.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
