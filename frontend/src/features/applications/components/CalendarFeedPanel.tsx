import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { calendarFeedApi, type CalendarFeedStatus } from '../calendarApi';
import '../calendarFeed.css';

export const CALENDAR_FEED_TEXT = {
  heading: 'Calendar feed',
  explain: 'Subscribe to your interviews and the CDC trainings from Google Calendar, Outlook or Apple Calendar with a private address. Anyone with the address can read it: keep it to yourself.',
  none: 'You have no calendar feed yet.',
  active: (since: string) => `Your calendar feed is active since ${since}. Its address was shown when you created it; create a new one if you need it again (the old one stops working).`,
  create: 'Create feed URL',
  replace: 'Create a new URL',
  revoke: 'Revoke',
  copy: 'Copy URL',
  copied: 'Copied',
  shownOnce: 'Copy this address into your calendar app now: it is shown only once.',
  revoked: 'Calendar feed revoked. Its address no longer works.',
  failed: 'The calendar feed could not be changed. Please try again.',
  confirmRevoke: 'Revoke your calendar feed? Calendar apps subscribed to it stop receiving updates.',
} as const;

const sinceText = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');

/** My Applications' 'Calendar feed' section: create (or replace) the private feed URL, copy it, revoke it. */
export function CalendarFeedPanel() {
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    calendarFeedApi
      .status()
      .then((reply) => live && setStatus(reply.data))
      .catch(() => live && setStatus({ active: false, issuedAt: null }));
    return () => {
      live = false;
    };
  }, []);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setNote(null);
    setCopied(false);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error, CALENDAR_FEED_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    act(async () => {
      const reply = await calendarFeedApi.create();
      setUrl(reply.data.url);
      setStatus({ active: true, issuedAt: reply.data.issuedAt });
    });
  const revoke = () => {
    if (!window.confirm(CALENDAR_FEED_TEXT.confirmRevoke)) return;
    void act(async () => {
      await calendarFeedApi.revoke();
      setUrl(null);
      setStatus({ active: false, issuedAt: null });
      setNote(CALENDAR_FEED_TEXT.revoked);
    });
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">{CALENDAR_FEED_TEXT.heading}</h2>
      <p className="calendar-feed__explain">{CALENDAR_FEED_TEXT.explain}</p>
      {status && !url && <p>{status.active ? CALENDAR_FEED_TEXT.active(sinceText(status.issuedAt)) : CALENDAR_FEED_TEXT.none}</p>}
      {url && (
        <div className="calendar-feed__url">
          <p>{CALENDAR_FEED_TEXT.shownOnce}</p>
          <input className="calendar-feed__input" readOnly value={url} aria-label="Calendar feed URL" onFocus={(event) => event.target.select()} />
          <button type="button" className="calendar-feed__button" onClick={() => void copy()}>
            {copied ? CALENDAR_FEED_TEXT.copied : CALENDAR_FEED_TEXT.copy}
          </button>
        </div>
      )}
      {note && <p role="status">{note}</p>}
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
      <div className="calendar-feed__actions">
        <button type="button" className="calendar-feed__button" disabled={busy || status === null} onClick={() => void create()}>
          {status?.active ? CALENDAR_FEED_TEXT.replace : CALENDAR_FEED_TEXT.create}
        </button>
        {status?.active && (
          <button type="button" className="calendar-feed__button calendar-feed__button--danger" disabled={busy} onClick={revoke}>
            {CALENDAR_FEED_TEXT.revoke}
          </button>
        )}
      </div>
    </section>
  );
}
