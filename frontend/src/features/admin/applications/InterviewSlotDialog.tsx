import { useState, type FormEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { interviewSlotSchema, type InterviewSlot } from '@placement/domain';
import './interviewSlot.css';

export const INTERVIEW_DIALOG_TEXT = {
  header: 'Schedule interview',
  single: 'The applicant gets this slot by e-mail, with a calendar invitation.',
  bulk: (count: number) => `${count} applications get consecutive slots of this duration from this start, in the order of the table.`,
  submit: 'Set Scheduled',
  cancel: 'Cancel',
} as const;

const DEFAULT_MINUTES = '30';

/** The local date and time the admin typed as an instant; '' when either is missing or invalid (the schema then says so). */
export function startOf(date: string, time: string): string {
  if (!date || !time) return '';
  const start = new Date(`${date}T${time}`);
  return Number.isNaN(start.getTime()) ? '' : start.toISOString();
}

/**
 * Setting Scheduled asks for the interview slot (issue 16 part 2): date, time (the browser's time zone),
 * duration in minutes, and a place or a meeting link. Checked with the domain's schema before sending.
 */
export function InterviewSlotDialog({ count, busy = false, onSubmit, onCancel }: { count: number; busy?: boolean; onSubmit: (slot: InterviewSlot) => void; onCancel: () => void }) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const [location, setLocation] = useState('');
  const [meetingLink, setMeetingLink] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = interviewSlotSchema.safeParse({ startsAt: startOf(date, time), durationMinutes: minutes, location, meetingLink });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'startsAt')] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(parsed.data);
  };

  const problem = (field: string) =>
    problems[field] ? (
      <small className="interview-slot__problem" role="alert" id={`interview-${field}-problem`}>
        {problems[field]}
      </small>
    ) : null;

  return (
    <Dialog header={INTERVIEW_DIALOG_TEXT.header} visible onHide={onCancel} style={{ width: '460px' }} modal draggable={false} resizable={false}>
      <form className="interview-slot" onSubmit={submit} aria-label="Interview slot" noValidate>
        <p className="interview-slot__hint">{count > 1 ? INTERVIEW_DIALOG_TEXT.bulk(count) : INTERVIEW_DIALOG_TEXT.single}</p>
        <div className="interview-slot__row">
          <label className="interview-slot__field">
            Date
            <InputText type="date" value={date} onChange={(event) => setDate(event.target.value)} aria-invalid={Boolean(problems.startsAt)} />
          </label>
          <label className="interview-slot__field">
            Time
            <InputText type="time" value={time} onChange={(event) => setTime(event.target.value)} aria-invalid={Boolean(problems.startsAt)} />
          </label>
          <label className="interview-slot__field interview-slot__field--narrow">
            Duration (min)
            <InputText inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} aria-invalid={Boolean(problems.durationMinutes)} />
          </label>
        </div>
        {problem('startsAt')}
        {problem('durationMinutes')}
        <label className="interview-slot__field">
          Place
          <InputText value={location} onChange={(event) => setLocation(event.target.value)} placeholder="e.g. Placement cell, Room 101" aria-invalid={Boolean(problems.location)} />
        </label>
        {problem('location')}
        <label className="interview-slot__field">
          Meeting link
          <InputText type="url" value={meetingLink} onChange={(event) => setMeetingLink(event.target.value)} placeholder="https://…" aria-invalid={Boolean(problems.meetingLink)} />
        </label>
        {problem('meetingLink')}
        <div className="interview-slot__actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {INTERVIEW_DIALOG_TEXT.submit}
          </button>
          <button type="button" className="admin-btn" onClick={onCancel} disabled={busy}>
            {INTERVIEW_DIALOG_TEXT.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
