import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../shared/components/Pagination';
import { pageCount } from '../table/serverPaging';
import { localDateTime } from '../format';
import { TrainingForm } from './TrainingForm';
import { deleteRequested, pageChosen, saveRequested, TRAINING_ADMIN_MESSAGES, trainingFormOpened, trainingsRequested } from './trainingsSlice';

/** Training management (spec §2): Add New Training / Cancel toggle, the form, and the list with Edit and Delete, paged by the server, latest first. */
export function TrainingManagement() {
  const dispatch = useAppDispatch();
  const { items, paging, status, error, success, form, saving } = useAppSelector((s) => s.admin.trainings);

  useEffect(() => {
    dispatch(trainingsRequested());
  }, [dispatch]);

  const remove = (id: string) => {
    if (window.confirm(TRAINING_ADMIN_MESSAGES.confirmDelete)) dispatch(deleteRequested(id));
  };

  return (
    <div className="admin-section">
      <div className="admin-section__header">
        <h2>Training Management</h2>
        <button type="button" className="admin-btn admin-btn--primary" aria-expanded={form !== null} onClick={() => dispatch(trainingFormOpened(form ? null : { mode: 'add' }))}>
          {form ? 'Cancel' : 'Add New Training'}
        </button>
      </div>
      {error && (
        <div className="admin-banner admin-banner--error" role="alert">
          {error}
        </div>
      )}
      {success && (
        <div className="admin-banner admin-banner--success" role="status">
          {success}
        </div>
      )}
      {form && (
        <TrainingForm
          key={form.mode === 'edit' ? form.training._id : 'add'}
          training={form.mode === 'edit' ? form.training : undefined}
          saving={saving}
          onSave={(body) => dispatch(saveRequested({ id: form.mode === 'edit' ? form.training._id : null, body }))}
        />
      )}
      {status === 'loading' && items.length === 0 ? (
        <p className="admin-loading" role="status">
          {TRAINING_ADMIN_MESSAGES.loading}
        </p>
      ) : status === 'succeeded' && items.length === 0 ? (
        <p className="admin-empty">{TRAINING_ADMIN_MESSAGES.empty}</p>
      ) : (
        <ul className="admin-trainings">
          {items.map((training) => (
            <li key={training._id} className="admin-training">
              <div>
                <h3>{training.title}</h3>
                <p>{training.description}</p>
                <p>
                  {localDateTime(training.date)} · {training.duration} · {training.mode}
                </p>
                <p>
                  <a href={training.registrationLink} target="_blank" rel="noopener noreferrer">
                    Registration link<span className="visually-hidden"> for {training.title} (opens in a new tab)</span>
                  </a>
                </p>
              </div>
              <div className="admin-table__actions">
                <button type="button" className="admin-btn admin-btn--small" onClick={() => dispatch(trainingFormOpened({ mode: 'edit', training }))} aria-label={`Edit ${training.title}`}>
                  Edit
                </button>
                <button type="button" className="admin-btn admin-btn--small admin-btn--danger" disabled={saving} onClick={() => remove(training._id)} aria-label={`Delete ${training.title}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={paging.page} pages={pageCount(paging.total)} onPage={(chosen) => dispatch(pageChosen(chosen))} label="Training pages" previousLabel="Previous" />
    </div>
  );
}
