import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AlertBanner } from '../components/AdminBanners';
import { ListState } from '../components/ListState';
import { capitalise, localDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { logNextPage, logPreviousPage, logSearched } from './auditSlice';
import { actorLabel } from './AuditTimeline';
import { AUDIT_TEXT, auditHref, displayValue, eventLabel, recordOfStream } from './format';
import type { AuditEntry, LogFilters } from './types';

const changeSummary = (entry: AuditEntry): string =>
  entry.changes && entry.changes.length > 0 ? entry.changes.map((change) => `${change.field}: ${displayValue(change.before)} → ${displayValue(change.after)}`).join('; ') : '';

const HEADERS = ['Time', 'Event', 'Record', 'Actor', 'Changes'];

/** The whole event log, filtered by actor, event types and dates, a page at a time. */
export function AuditLog() {
  const dispatch = useAppDispatch();
  const { filters, history, status, error, events, nextAfter } = useAppSelector((state) => state.admin.audit.log);
  const [draft, setDraft] = useState<LogFilters>(filters);
  const change = (key: keyof LogFilters, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    dispatch(logSearched(draft));
  };

  return (
    <section className="audit-log" aria-labelledby="audit-log-title">
      <h3 id="audit-log-title">Browse the log</h3>
      <form className="admin-toolbar" role="search" aria-label="Filter the audit log" onSubmit={search}>
        <label className="audit-field">
          <span>Actor id</span>
          <input className="admin-input" value={draft.actor} onChange={(event) => change('actor', event.target.value)} />
        </label>
        <label className="audit-field">
          <span>Event types</span>
          <input className="admin-input" placeholder="JobApproved, UserRoleChanged" value={draft.type} onChange={(event) => change('type', event.target.value)} />
        </label>
        <label className="audit-field">
          <span>From</span>
          <input className="admin-input" type="date" value={draft.from} onChange={(event) => change('from', event.target.value)} />
        </label>
        <label className="audit-field">
          <span>To</span>
          <input className="admin-input" type="date" value={draft.to} onChange={(event) => change('to', event.target.value)} />
        </label>
        <button type="submit" className="admin-btn admin-btn--primary">
          Search Log
        </button>
      </form>

      {error && <AlertBanner>{error}</AlertBanner>}
      <ListState loading={status === 'loading'} loadingText={AUDIT_TEXT.loading} empty={status === 'succeeded' && events.length === 0} emptyText={AUDIT_TEXT.empty}>
        {events.length > 0 && (
          <DataTable headers={HEADERS}>
            {events.map((entry) => {
              const record = recordOfStream(entry.streamId);
              return (
                <tr key={entry.position}>
                  <td>{localDateTime(entry.occurredAt)}</td>
                  <td>{eventLabel(entry.type)}</td>
                  <td>{record ? <Link to={auditHref(record.kind, record.id)}>{entry.streamId}</Link> : entry.streamId}</td>
                  <td>
                    {actorLabel(entry.actor)}
                    {entry.actor.role ? ` (${capitalise(entry.actor.role)})` : ''}
                  </td>
                  <td>{changeSummary(entry)}</td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </ListState>
      {(history.length > 0 || nextAfter !== null) && (
        <div className="admin-toolbar">
          <button type="button" className="admin-btn" disabled={history.length === 0 || status === 'loading'} onClick={() => dispatch(logPreviousPage())}>
            Previous Page
          </button>
          <button type="button" className="admin-btn" disabled={nextAfter === null || status === 'loading'} onClick={() => dispatch(logNextPage())}>
            Next Page
          </button>
        </div>
      )}
    </section>
  );
}
