import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { localDateTime } from '../format';
import { DEAD_LETTER_TEXT, deadLettersRequested, retryRequested, type DeadLetterFilter } from './deadLettersSlice';

const FILTERS: { value: DeadLetterFilter; label: string }[] = [
  { value: 'dead', label: 'Waiting for a retry' },
  { value: 'retried', label: 'Retried' },
  { value: 'all', label: 'All' },
];

/** Dead letters: notifier work given up on after its last try, each with a Retry button. */
export function DeadLetters() {
  const dispatch = useAppDispatch();
  const { filter, items, total, status, error, success, retrying } = useAppSelector((state) => state.admin.deadLetters);

  useEffect(() => {
    dispatch(deadLettersRequested());
  }, [dispatch]);

  const retry = (id: string) => {
    if (window.confirm(DEAD_LETTER_TEXT.confirmRetry)) dispatch(retryRequested(id));
  };

  return (
    <div className="admin-section">
      <div className="admin-section__header">
        <h2>{DEAD_LETTER_TEXT.title}</h2>
      </div>
      <div className="admin-toolbar">
        <label>
          <span className="visually-hidden">Filter by status</span>
          <select className="admin-input" aria-label="Filter by status" value={filter} onChange={(event) => dispatch(deadLettersRequested(event.target.value as DeadLetterFilter))}>
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="admin-btn" onClick={() => dispatch(deadLettersRequested())}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh
        </button>
        {status === 'succeeded' && <span aria-live="polite">{total} in all</span>}
      </div>

      {error && (
        <p className="admin-banner admin-banner--error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="admin-banner admin-banner--success" role="status">
          {success}
        </p>
      )}

      {status === 'loading' && items.length === 0 ? (
        <p className="admin-loading" role="status">
          {DEAD_LETTER_TEXT.loading}
        </p>
      ) : items.length === 0 && status !== 'failed' ? (
        <p className="admin-empty">{DEAD_LETTER_TEXT.empty}</p>
      ) : (
        items.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Given up at</th>
                <th scope="col">Work</th>
                <th scope="col">Recipient</th>
                <th scope="col">Tries</th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((letter) => (
                <tr key={letter.id}>
                  <td>{localDateTime(letter.deadAt)}</td>
                  <td>
                    {letter.eventType ?? letter.kind}
                    {letter.permanent && <span className="admin-badge">Permanent</span>}
                  </td>
                  <td>{letter.recipient ?? 'N/A'}</td>
                  <td>{letter.attempts}</td>
                  <td>{letter.reason}</td>
                  <td>{letter.status === 'retried' ? `Retried ${localDateTime(letter.retriedAt)}` : 'Dead'}</td>
                  <td>
                    <button
                      type="button"
                      className="admin-btn admin-btn--small"
                      disabled={letter.status !== 'dead' || retrying.includes(letter.id)}
                      aria-label={`Retry ${letter.eventType ?? letter.kind}${letter.recipient ? ` to ${letter.recipient}` : ''}`}
                      onClick={() => retry(letter.id)}
                    >
                      <i className="pi pi-replay" aria-hidden="true" /> Retry
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
    </div>
  );
}
