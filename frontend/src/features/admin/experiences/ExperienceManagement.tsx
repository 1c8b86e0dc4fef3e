import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from 'primereact/dialog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../shared/components/Pagination';
import { PATHS } from '../../../shared/routes';
import { pageCount } from '../table/serverPaging';
import type { Experience } from '../types';
import { ExperienceEditForm } from './ExperienceEditForm';
import {
  approveRequested,
  deleteRequested,
  editCancelled,
  editStarted,
  EXPERIENCE_MESSAGES,
  experienceOpened,
  experiencesRequested,
  modalClosed,
  pageChosen,
  searchTyped,
  updateRequested,
} from './experiencesSlice';

/** en-US month and year (spec §9). */
export function postedMonth(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

function ExperienceView({ experience }: { experience: Experience }) {
  const rounds = experience.rounds ?? [];
  return (
    <div className="admin-details">
      <dl>
        <div className="admin-details__row">
          <dt>Author</dt>
          <dd>
            {experience.author || 'N/A'} ({experience.course || 'N/A'}, {experience.batch || 'N/A'})
          </dd>
        </div>
        <div className="admin-details__row">
          <dt>Location</dt>
          <dd>{experience.interviewLocation || 'N/A'}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Offer Status</dt>
          <dd>{experience.offerStatus || 'N/A'}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Rating</dt>
          <dd>{experience.experienceRating || 'N/A'}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Difficulty</dt>
          <dd>{experience.difficulty || 'N/A'}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Rounds</dt>
          <dd>{rounds.length}</dd>
        </div>
      </dl>
      <ol className="admin-rounds">
        {rounds.map((round, index) => (
          <li key={index}>
            <h4>{round.name}</h4>
            <p>{round.description}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Interview experience management (spec §2): search, cards, and a modal that views, edits and deletes;
 * an experience a visitor or a student shared shows 'Pending review' until staff approve it (ours). The
 * cards are a page of the server's list, newest first, and the search (a case-insensitive substring of
 * company, role or author, spec §5) is the server's, asked once typing pauses.
 */
export function ExperienceManagement() {
  const dispatch = useAppDispatch();
  const { items, search, paging, status, error, success, modal, saving, formError } = useAppSelector((s) => s.admin.experiences);

  useEffect(() => {
    dispatch(experiencesRequested());
  }, [dispatch]);

  const open = modal ? items.find((e) => e._id === modal.id) : undefined;

  const remove = (id: string) => {
    if (window.confirm(EXPERIENCE_MESSAGES.confirmDelete)) dispatch(deleteRequested(id));
  };

  const footer =
    open && modal?.mode === 'viewing' ? (
      <div className="admin-form__actions">
        {open.status === 'pending' && (
          <button type="button" className="admin-btn admin-btn--success" disabled={saving} onClick={() => dispatch(approveRequested(open._id))}>
            {EXPERIENCE_MESSAGES.approve}
          </button>
        )}
        <button type="button" className="admin-btn admin-btn--primary" onClick={() => dispatch(editStarted())}>
          Edit
        </button>
        <button type="button" className="admin-btn admin-btn--danger" disabled={saving} onClick={() => remove(open._id)}>
          Delete
        </button>
      </div>
    ) : undefined;

  return (
    <div className="admin-section">
      <div className="admin-section__header">
        <h2>Manage Interview Experiences</h2>
        <Link to={PATHS.submitExperience} className="admin-btn admin-btn--primary">
          <i className="pi pi-plus" aria-hidden="true" /> Add Experience
        </Link>
      </div>
      <div className="admin-toolbar">
        <input
          type="search"
          className="admin-input admin-input--wide"
          placeholder="Search by company, role, or author..."
          aria-label="Search by company, role, or author"
          value={search}
          onChange={(e) => dispatch(searchTyped(e.target.value))}
        />
      </div>
      {success && (
        <div className="admin-banner admin-banner--success" role="status">
          {success}
        </div>
      )}
      {error && (
        <div className="admin-banner admin-banner--error" role="alert">
          {error}
        </div>
      )}
      {status === 'loading' ? (
        <p className="admin-loading" role="status">
          {EXPERIENCE_MESSAGES.loading}
        </p>
      ) : status === 'succeeded' && items.length === 0 ? (
        <p className="admin-empty">{EXPERIENCE_MESSAGES.empty}</p>
      ) : (
        <ul className="admin-experience-cards">
          {items.map((experience) => (
            <li key={experience._id}>
              <button type="button" className="admin-experience-card" onClick={() => dispatch(experienceOpened(experience._id))}>
                <span className="admin-experience-card__title">
                  {experience.companyName} - {experience.role}
                </span>
                <span className="admin-experience-card__meta">{postedMonth(experience.postedDate)}</span>
                <span className="admin-experience-card__meta">By {experience.author || 'N/A'}</span>
                <span className={`admin-badge admin-badge--offer-${(experience.offerStatus || 'none').replace(/\s+/g, '-').toLowerCase()}`}>{experience.offerStatus || 'N/A'}</span>
                {experience.status === 'pending' && <span className="admin-badge admin-badge--pending">{EXPERIENCE_MESSAGES.pending}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={paging.page} pages={pageCount(paging.total)} onPage={(chosen) => dispatch(pageChosen(chosen))} label="Interview experience pages" previousLabel="Previous" />
      {open && modal && (
        <Dialog
          header={`${open.companyName} - ${open.role}`}
          visible
          onHide={() => dispatch(modalClosed())}
          footer={footer}
          style={{ width: '760px' }}
          modal
          draggable={false}
          resizable={false}
        >
          {formError && (
            <div className="admin-banner admin-banner--error" role="alert">
              {formError}
            </div>
          )}
          {modal.mode === 'viewing' ? (
            <ExperienceView experience={open} />
          ) : (
            <ExperienceEditForm experience={open} saving={saving} onCancel={() => dispatch(editCancelled())} onSave={(form) => dispatch(updateRequested({ id: open._id, form }))} />
          )}
        </Dialog>
      )}
    </div>
  );
}
