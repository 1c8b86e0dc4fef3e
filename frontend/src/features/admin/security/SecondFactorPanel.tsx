import { useEffect, useState, type FormEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { errorMessage } from '../../../shared/api/errors';
import { RecoveryCodes } from '../../../shared/session/RecoveryCodes';
import { SetupDetails } from '../../../shared/session/SetupDetails';
import type { SecondFactorSetup } from '../../../shared/session/types';
import { securityApi, type SecondFactorStatus } from './api';

/** Texts of the panel's second factor (the spec has none; docs/decisions.md, second factor). */
export const SECURITY_TEXT = {
  title: 'Two-step verification',
  on: 'Two-step verification is on. Sign-ins ask for a code from your authenticator app.',
  recoveryLeft: (left: number, count: number) => `${left} of ${count} recovery codes left.`,
  off: 'Two-step verification is off. Turn it on to protect your account with a code from an authenticator app.',
  start: 'Set up two-step verification',
  codeLabel: 'Authentication code',
  confirm: 'Turn on',
  requireLabel: 'Require a second factor for admins and staff',
  requireHint: 'While on, an admin or staff member without a second factor sets one up right after the password before they can use the panel.',
  loadFailed: 'Could not load the two-step verification settings.',
} as const;

/** The dialog's content: the signed-in user's second factor (set-up, recovery codes) and, for an admin, the requirement switch. */
export function SecondFactorPanel({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    securityApi
      .status()
      .then((response) => live && setStatus(response.data))
      .catch((failure: unknown) => live && setError(errorMessage(failure, SECURITY_TEXT.loadFailed)));
    return () => {
      live = false;
    };
  }, []);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure, SECURITY_TEXT.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  const onStart = () => attempt(async () => setSetup((await securityApi.setup()).data));

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(async () => {
      const reply = (await securityApi.confirm(code.trim())).data;
      setRecoveryCodes(reply.recoveryCodes);
      setNotice(reply.message);
      setSetup(null);
      setStatus((current) => current && { ...current, status: 'enrolled', recoveryCodesLeft: reply.recoveryCodes.length });
    });
  };

  const onRequire = (required: boolean) =>
    attempt(async () => {
      const reply = (await securityApi.setRequired(required)).data;
      setNotice(reply.message);
      setStatus((current) => current && { ...current, required: reply.secondFactorRequired });
    });

  return (
    <div className="second-factor-panel">
      {error && <Message severity="error" text={error} />}
      {notice && <Message severity="success" text={notice} />}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status?.status === 'enrolled' && !recoveryCodes && (
        <p>
          {SECURITY_TEXT.on} {SECURITY_TEXT.recoveryLeft(status.recoveryCodesLeft, status.recoveryCodeCount)}
        </p>
      )}
      {status && status.status !== 'enrolled' && !setup && (
        <>
          <p>{SECURITY_TEXT.off}</p>
          <button type="button" className="admin-btn" disabled={busy} onClick={() => void onStart()}>
            <i className="pi pi-shield" aria-hidden="true" /> {SECURITY_TEXT.start}
          </button>
        </>
      )}
      {setup && (
        <>
          <SetupDetails setup={setup} />
          <form noValidate onSubmit={onConfirm} aria-label={SECURITY_TEXT.start}>
            <label htmlFor="panel-second-factor-code">{SECURITY_TEXT.codeLabel}</label>
            <InputText id="panel-second-factor-code" name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} className="w-full" />
            <button type="submit" className="admin-btn" disabled={busy || code.trim() === ''}>
              {SECURITY_TEXT.confirm}
            </button>
          </form>
        </>
      )}
      {isAdmin && status && (
        <div className="second-factor-panel__require">
          {/* A native switch: PrimeReact's InputSwitch is a role=checkbox element around a focusable input (axe: nested-interactive). */}
          <input type="checkbox" role="switch" id="require-second-factor" checked={status.required} disabled={busy} onChange={(event) => void onRequire(event.target.checked)} />
          <label htmlFor="require-second-factor">{SECURITY_TEXT.requireLabel}</label>
          <p className="second-factor-panel__hint">{SECURITY_TEXT.requireHint}</p>
        </div>
      )}
    </div>
  );
}
