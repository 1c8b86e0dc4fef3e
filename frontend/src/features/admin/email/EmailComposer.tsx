import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorBanner } from '../components/AdminBanners';
import { CampaignList } from './CampaignList';
import { ALL_ROLES, canSend, chosenRecipients, EMAIL_TEXT, fileSize, filterRecipients, sendProblem, templateProblem } from './compose';
import { campaignsRequested, emailDataRequested, errorDismissed, sendRequested, templateSaveRequested } from './emailSlice';
import { RecipientSidebar, type RecipientFilters } from './RecipientSidebar';
import type { ComposedEmail } from './types';
import './email.css';

/** Quill and PrimeReact's editor are a chunk of their own, fetched when this section first renders. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface Draft {
  templateId: string;
  subject: string;
  content: string;
  saveAsTemplate: boolean;
  templateName: string;
  scheduleSend: boolean;
  scheduledAt: string;
  trackOpens: boolean;
}

const EMPTY_DRAFT: Draft = { templateId: '', subject: '', content: '', saveAsTemplate: false, templateName: '', scheduleSend: false, scheduledAt: '', trackOpens: true };
const NO_FILTERS: RecipientFilters = { search: '', role: ALL_ROLES, individual: false };

/** Bulk Email System (spec §2): recipients, composer, options, progress that follows the real campaign, and the campaigns sent. */
export function EmailComposer() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.admin.email);
  const { recipients: users, templates, status, error, success, savingTemplate, phase, uploadPercent, active, resets } = state;
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [filters, setFilters] = useState<RecipientFilters>(NO_FILTERS);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [attachments, setAttachments] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = phase !== 'idle';

  useEffect(() => {
    dispatch(emailDataRequested());
    dispatch(campaignsRequested());
  }, [dispatch]);

  // Spec §4: the form resets 3 s after a successful send.
  useEffect(() => {
    if (resets === 0) return;
    setDraft(EMPTY_DRAFT);
    setFilters(NO_FILTERS);
    setTicked(new Set());
    setAttachments([]);
    setProblem(null);
  }, [resets]);

  const shown = useMemo(() => filterRecipients(users, filters.search, filters.role), [users, filters.search, filters.role]);
  const chosen = useMemo(() => chosenRecipients(users, shown, filters.individual, ticked), [users, shown, filters.individual, ticked]);

  const email: ComposedEmail = {
    recipients: chosen.map((user) => user._id),
    subject: draft.subject,
    content: draft.content,
    trackOpens: draft.trackOpens,
    scheduleSend: draft.scheduleSend,
    scheduledAt: draft.scheduledAt,
  };

  const change = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => setDraft((current) => ({ ...current, [key]: value }));

  const chooseTemplate = (templateId: string) => {
    const template = templates.find((t) => t._id === templateId);
    setDraft((current) => (template ? { ...current, templateId, subject: template.subject, content: template.content } : { ...current, templateId }));
  };

  const tick = (id: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    setAttachments((current) => [...current, ...files]);
    event.target.value = '';
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const found = sendProblem(email, new Date());
    setProblem(found);
    if (!found) dispatch(sendRequested(email, attachments));
  };

  const saveTemplate = () => {
    const template = { name: draft.templateName, subject: draft.subject, content: draft.content };
    const found = templateProblem(template);
    setProblem(found);
    if (!found) dispatch(templateSaveRequested(template));
  };

  const showProgress = phase === 'sending' || (active !== null && success !== null);

  return (
    <div className="admin-section email">
      <div className="admin-section__header">
        <h2>Bulk Email System</h2>
      </div>

      <ErrorBanner error={error} onDismiss={() => dispatch(errorDismissed())} />
      {success && (
        <div className="admin-banner admin-banner--success" role="status">
          {success}
        </div>
      )}

      {status === 'loading' || status === 'idle' ? (
        <p className="admin-loading" role="status">
          {EMAIL_TEXT.loading}
        </p>
      ) : (
        <div className="email-layout">
          <RecipientSidebar users={users} shown={shown} chosen={chosen} ticked={ticked} filters={filters} disabled={busy} onFilters={setFilters} onTick={tick} />

          <form className="email-composer admin-form" onSubmit={send} noValidate aria-labelledby="email-composer-title">
            <h3 id="email-composer-title">Compose Email</h3>
            <label className="email-field">
              <span>Template</span>
              <select className="admin-input" value={draft.templateId} disabled={busy} onChange={(event) => chooseTemplate(event.target.value)}>
                <option value="">{EMAIL_TEXT.noTemplate}</option>
                {templates.map((template) => (
                  <option key={template._id} value={template._id}>
                    {template.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="email-field">
              <span>Subject</span>
              <input className="admin-input" value={draft.subject} disabled={busy} onChange={(event) => change('subject', event.target.value)} />
            </label>
            <div className="email-field">
              <span id="email-content-label">Content</span>
              <Suspense
                fallback={
                  <p className="admin-loading" role="status">
                    Loading editor...
                  </p>
                }
              >
                <RichTextEditor labelledBy="email-content-label" value={draft.content} disabled={busy} onChange={(html) => change('content', html)} />
              </Suspense>
            </div>

            <div className="email-field">
              <label htmlFor="email-attachments">Attachments</label>
              <input id="email-attachments" ref={fileInput} type="file" multiple disabled={busy} onChange={addFiles} />
              {attachments.length > 0 && (
                <ul className="email-attachments" aria-label="Attachments">
                  {attachments.map((file, index) => (
                    <li key={`${file.name}-${index}`}>
                      <i className="pi pi-paperclip" aria-hidden="true" /> {file.name} <small>({fileSize(file.size)})</small>
                      <button
                        type="button"
                        className="admin-btn admin-btn--small"
                        disabled={busy}
                        aria-label={`Remove ${file.name}`}
                        onClick={() => setAttachments((current) => current.filter((_, at) => at !== index))}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {phase === 'uploading' && attachments.length > 0 && (
                <div className="email-progress">
                  <span id="email-upload-label">Uploading attachments: {uploadPercent}%</span>
                  <ProgressBar value={uploadPercent} showValue={false} aria-labelledby="email-upload-label" style={{ height: '0.5rem' }} />
                </div>
              )}
            </div>

            <fieldset className="email-options">
              <legend>Options</legend>
              <label className="email-check">
                <input type="checkbox" checked={draft.saveAsTemplate} disabled={busy} onChange={(event) => change('saveAsTemplate', event.target.checked)} />
                Save as Template
              </label>
              {draft.saveAsTemplate && (
                <label className="email-field">
                  <span>Template Name</span>
                  <input className="admin-input" value={draft.templateName} disabled={busy} onChange={(event) => change('templateName', event.target.value)} />
                </label>
              )}
              <label className="email-check">
                <input type="checkbox" checked={draft.scheduleSend} disabled={busy} onChange={(event) => change('scheduleSend', event.target.checked)} />
                Schedule Send
              </label>
              {draft.scheduleSend && (
                <label className="email-field">
                  <span>Send At</span>
                  <input className="admin-input" type="datetime-local" value={draft.scheduledAt} disabled={busy} onChange={(event) => change('scheduledAt', event.target.value)} />
                </label>
              )}
              <label className="email-check">
                <input type="checkbox" checked={draft.trackOpens} disabled={busy} onChange={(event) => change('trackOpens', event.target.checked)} />
                Track Email Opens
              </label>
            </fieldset>

            {problem && (
              <p className="email-problem" role="alert">
                {problem}
              </p>
            )}

            <div className="admin-form__actions">
              {draft.saveAsTemplate && (
                <button type="button" className="admin-btn" disabled={busy || savingTemplate} onClick={saveTemplate}>
                  Save Template
                </button>
              )}
              <button type="submit" className="admin-btn admin-btn--primary" disabled={!canSend(email, busy)}>
                <i className={draft.scheduleSend ? 'pi pi-clock' : 'pi pi-send'} aria-hidden="true" /> {draft.scheduleSend ? 'Schedule Email' : 'Send Email'}
              </button>
            </div>

            {showProgress && active && (
              <div className="email-progress">
                <span id="email-send-label">
                  Sending: {active.progress}% ({active.sent} of {active.recipients} sent{active.failed > 0 ? `, ${active.failed} failed` : ''})
                </span>
                <ProgressBar value={active.progress} aria-labelledby="email-send-label" />
              </div>
            )}
          </form>
        </div>
      )}

      <CampaignList campaigns={state.campaigns} status={state.campaignsStatus} error={state.campaignsError} onRefresh={() => dispatch(campaignsRequested())} />
    </div>
  );
}
