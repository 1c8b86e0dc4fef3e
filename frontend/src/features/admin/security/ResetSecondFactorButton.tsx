import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { securityApi } from './api';

export const RESET_TEXT = {
  button: 'Reset two-step verification',
  confirm: (name: string) => `Reset two-step verification of ${name}? They will be signed out and can sign in with the password alone until they set it up again.`,
  failed: 'Could not reset two-step verification.',
} as const;

/** User Management: an admin resets an admin's or staff member's second factor (a lost phone). */
export function ResetSecondFactorButton({ userId, name }: { userId: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const onReset = async () => {
    if (!window.confirm(RESET_TEXT.confirm(name))) return;
    setBusy(true);
    try {
      setOutcome((await securityApi.resetUser(userId)).data.message);
    } catch (failure) {
      setOutcome(errorMessage(failure, RESET_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="admin-btn" disabled={busy} onClick={() => void onReset()}>
        <i className="pi pi-shield" aria-hidden="true" /> {RESET_TEXT.button}
      </button>
      {outcome && (
        <span role="status" className="admin-details__notice">
          {outcome}
        </span>
      )}
    </>
  );
}
