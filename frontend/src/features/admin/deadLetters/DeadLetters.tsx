import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AlertBanner } from '../components/AdminBanners';
import { ListState } from '../components/ListState';
import { localDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { DEAD_LETTER_TEXT, deadLettersRequested, retryRequested, type DeadLetterFilter } from './deadLettersSlice';

const FILTERS: { value: DeadLetterFilter; label: string }[] = [
  { value: 'dead', label: 'Waiting for a retry' },
  { value: 'retried', label: 'Retried' },
  { value: 'all', label: 'All' },
];

const HEADERS = ['Given up at', 'Work', 'Recipient', 'Tries', 'Reason', 'Status', 'Actions'];

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

      {error && <AlertBanner>{error}</AlertBanner>}
      {success && (
        <p className="admin-banner admin-banner--success" role="status">
          {success}
        </p>
      )}

      <ListState loading={status === 'loading' && items.length === 0} loadingText={DEAD_LETTER_TEXT.loading} empty={items.length === 0 && status !== 'failed'} emptyText={DEAD_LETTER_TEXT.empty}>
        {items.length > 0 && (
          <DataTable headers={HEADERS}>
            {items.map((letter) => (
              <tr key={letter.id}>
                <td>{localDateTime(letter.deadAt)}</td>
                <td>
                  {letter.eventType ?? letter.kind}
                  {letter.permanent && <span className="admin-badge">Permanent</span>}
                </td>
                <td>{letter.recipient ?? 'N/A'}</td>
                <td>{letter.attempts}</td>
                <td>
                  {letter.reason}
                  {letter.correlationId && <small className="dead-letter__correlation">Correlation id: {letter.correlationId}</small>}
                </td>
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
          </DataTable>
        )}
      </ListState>
    </div>
  );
}
