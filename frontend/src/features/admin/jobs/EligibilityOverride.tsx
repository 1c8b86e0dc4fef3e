import { useState, type FormEvent } from 'react';
import { hasEligibilityRules, rulesOrNone, type EligibilityRules } from '@placement/domain';
import { http } from '../../../shared/api/http';
import { errorMessage } from '../../../shared/api/errors';

/** The job's rules in one line, for the view overlay ('No rules' when it has none). */
export function rulesSummary(stored: EligibilityRules | null | undefined): string {
  const rules = rulesOrNone(stored);
  if (!hasEligibilityRules(rules)) return 'No rules: every student may apply';
  const parts = [
    rules.minTenthPercentage !== null && `10th at least ${rules.minTenthPercentage}%`,
    rules.minTwelfthPercentage !== null && `12th at least ${rules.minTwelfthPercentage}%`,
    rules.minGraduation !== null && `graduation ${rules.graduationScale} at least ${rules.minGraduation}`,
    rules.maxBacklogs !== null && `at most ${rules.maxBacklogs} existing backlogs`,
    rules.passingYears.length > 0 && `passing years ${rules.passingYears.join(', ')}`,
    rules.degrees.length > 0 && `degrees ${rules.degrees.join(', ')}`,
    rules.schools.length > 0 && `schools ${rules.schools.join(', ')}`,
  ];
  return parts.filter(Boolean).join('; ');
}

/**
 * An admin lets one student apply to this job despite its rules, with a reason; the portal records
 * it on the job (its audit history shows who, when and why).
 */
export function EligibilityOverride({ jobId }: { jobId: string }) {
  const [studentId, setStudentId] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await http.post<{ message?: string }>(`/api/jobs/${encodeURIComponent(jobId)}/eligibility-overrides`, { studentId: studentId.trim(), reason });
      setOutcome({ ok: true, message: reply.data.message ?? 'Done.' });
      setStudentId('');
      setReason('');
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The exception could not be recorded.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-override" onSubmit={submit} aria-label="Let a student apply despite the rules">
      <h3>Let a student apply despite the rules</h3>
      <label htmlFor={`override-${jobId}-student`}>Student ID</label>
      <input id={`override-${jobId}-student`} className="p-inputtext p-component w-full" value={studentId} onChange={(event) => setStudentId(event.target.value)} required />
      <label htmlFor={`override-${jobId}-reason`}>Reason</label>
      <textarea id={`override-${jobId}-reason`} className="p-inputtext p-component w-full" rows={2} value={reason} onChange={(event) => setReason(event.target.value)} required />
      <button type="submit" className="admin-btn" disabled={busy}>
        Allow this student
      </button>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'admin-override__ok' : 'admin-override__error'}>
          {outcome.message}
        </p>
      )}
    </form>
  );
}
