import { useState, type FormEvent } from 'react';
import { offerTermsSchema } from '@placement/domain';
import { useAppDispatch } from '../../../app/hooks';
import { http } from '../../../shared/api/http';
import { errorMessage } from '../../../shared/api/errors';
import { applicationsRequested, REVIEW_MESSAGES, statusesSet, successShown } from './applicationsSlice';
import './offerForm.css';

export const OFFER_FORM_MESSAGES = {
  failed: 'The offer could not be saved. Please try again.',
} as const;

/**
 * Setting Accepted makes an offer (issue 16 part 3): the CTC (a year) and/or the stipend (a month), in rupees.
 * The job's tier comes from the placement policy on the command side.
 */
export function OfferForm({ applicationId, onDone, onCancel }: { applicationId: string; onDone: () => void; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const [ctc, setCtc] = useState('');
  const [stipend, setStipend] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = offerTermsSchema.safeParse({ ctc, stipend });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? OFFER_FORM_MESSAGES.failed);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await http.put(`/applications/applications/${encodeURIComponent(applicationId)}`, { status: 'Accepted', offer: parsed.data });
      dispatch(statusesSet({ ids: [applicationId], status: 'Accepted' }));
      dispatch(successShown(REVIEW_MESSAGES.statusUpdated('Accepted')));
      dispatch(applicationsRequested());
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, OFFER_FORM_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="offer-form" onSubmit={(event) => void submit(event)} aria-label="Offer">
      <p className="offer-form__hint">Accepted is an offer: enter its CTC, its stipend, or both.</p>
      <label className="offer-form__field">
        CTC (₹ a year)
        <input className="admin-input" inputMode="numeric" value={ctc} onChange={(event) => setCtc(event.target.value)} placeholder="e.g. 1200000" />
      </label>
      <label className="offer-form__field">
        Stipend (₹ a month)
        <input className="admin-input" inputMode="numeric" value={stipend} onChange={(event) => setStipend(event.target.value)} placeholder="e.g. 30000" />
      </label>
      {problem && (
        <p className="offer-form__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="offer-form__actions">
        <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
          Set Accepted with this offer
        </button>
        <button type="button" className="admin-btn admin-btn--small" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
