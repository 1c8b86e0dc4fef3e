import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AlertBanner } from '../components/AdminBanners';
import { LoadingMessage } from '../components/ListState';
import { AuditLog } from './AuditLog';
import { timelineRequested } from './auditSlice';
import { AuditTimeline } from './AuditTimeline';
import { AUDIT_TEXT, isAuditKind, KIND_LABELS } from './format';
import { AUDIT_KINDS, type AuditKind } from './types';
import './audit.css';

/**
 * Audit History: one job's, application's or user's events from the event store, chosen here or
 * named in the URL (`?section=audit&kind=jobs&id=...`, how other sections link to it), and the whole log.
 */
export function AuditView() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const timeline = useAppSelector((state) => state.admin.audit.timeline);
  const requestedKind = params.get('kind');
  const requestedId = params.get('id')?.trim() ?? '';
  const [kind, setKind] = useState<AuditKind>(isAuditKind(requestedKind) ? requestedKind : 'jobs');
  const [id, setId] = useState(requestedId);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!isAuditKind(requestedKind) || !requestedId) return;
    setKind(requestedKind);
    setId(requestedId);
    dispatch(timelineRequested({ kind: requestedKind, id: requestedId }));
  }, [dispatch, requestedKind, requestedId]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (!id.trim()) {
      setProblem(AUDIT_TEXT.idRequired);
      return;
    }
    setProblem(null);
    if (kind === requestedKind && id.trim() === requestedId) dispatch(timelineRequested({ kind, id: id.trim() }));
    else setParams({ section: 'audit', kind, id: id.trim() });
  };

  const shownRecord = timeline.status !== 'idle' ? `${KIND_LABELS[timeline.kind]} ${timeline.id}` : null;

  return (
    <div className="admin-section audit">
      <div className="admin-section__header">
        <h2>{AUDIT_TEXT.title}</h2>
      </div>

      <form className="admin-toolbar" aria-label="Choose a record" onSubmit={show} noValidate>
        <label className="audit-field">
          <span>Record type</span>
          <select className="admin-input" value={kind} onChange={(event) => setKind(event.target.value as AuditKind)}>
            {AUDIT_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="audit-field">
          <span>Record id</span>
          <input className="admin-input admin-input--wide" value={id} onChange={(event) => setId(event.target.value)} />
        </label>
        <button type="submit" className="admin-btn admin-btn--primary">
          Show History
        </button>
      </form>
      {problem && <AlertBanner>{problem}</AlertBanner>}

      {shownRecord && (
        <section className="audit-record" aria-labelledby="audit-record-title">
          <h3 id="audit-record-title">History of {shownRecord}</h3>
          {timeline.status === 'loading' && <LoadingMessage>{AUDIT_TEXT.loading}</LoadingMessage>}
          {timeline.status === 'failed' && <AlertBanner>{timeline.error}</AlertBanner>}
          {timeline.status === 'succeeded' && <AuditTimeline events={timeline.events} />}
        </section>
      )}

      <AuditLog />
    </div>
  );
}
