import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage } from '../../../shared/api/errors';
import { OFFER_STATUS_LABELS, offerAmounts, type ApplicationOffer } from '../../../shared/offers';
import { myApplicationsRequested } from '../myApplicationsSlice';
import { offersApi } from '../offersApi';
import '../offers.css';

export const OFFER_PANEL_MESSAGES = {
  failed: 'Your answer could not be saved. Please try again.',
  confirmAccept: 'Accept this offer? Under the placement policy an accepted offer may close other jobs to you.',
} as const;

/** The offer on an Accepted application: its amounts, tier and answer; Accept and Decline while it waits for one. */
export function OfferPanel({ applicationId, offer }: { applicationId: string; offer: ApplicationOffer }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const answer = async (verb: 'accept' | 'decline') => {
    if (verb === 'accept' && !window.confirm(OFFER_PANEL_MESSAGES.confirmAccept)) return;
    setBusy(true);
    setProblem(null);
    try {
      await offersApi.answer(applicationId, verb);
      dispatch(myApplicationsRequested());
    } catch (error) {
      setProblem(errorMessage(error, OFFER_PANEL_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`offer-panel offer-panel--${offer.status}`} aria-label="Offer">
      <div className="offer-panel__terms">
        <span className="offer-panel__tier">{offer.tier}</span> {offerAmounts(offer)}
      </div>
      <div className="offer-panel__status">Offer: {OFFER_STATUS_LABELS[offer.status]}</div>
      {offer.status === 'pending' && (
        <div className="offer-panel__actions">
          <button type="button" className="offer-panel__button offer-panel__button--accept" disabled={busy} onClick={() => void answer('accept')}>
            Accept offer
          </button>
          <button type="button" className="offer-panel__button" disabled={busy} onClick={() => void answer('decline')}>
            Decline
          </button>
        </div>
      )}
      {problem && (
        <p className="offer-panel__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
