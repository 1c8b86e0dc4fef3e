import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../shared/api/errors';
import { FormField } from '../../../shared/components/FormField';
import { authApi } from '../api';
import { secondFactorCancelled, secondFactorEnrolledAtLogin, secondFactorSubmitted, selectAuth, type SecondFactorChallenge } from '../../../shared/session/authSlice';
import type { SecondFactorSetup } from '../../../shared/session/types';
import type { SecondFactorEnrolledSessionReply } from '@placement/domain';
import { RecoveryCodes } from '../../../shared/session/RecoveryCodes';
import { SECOND_FACTOR_SETUP_TEXT, SetupDetails } from '../../../shared/session/SetupDetails';

/** Texts of the second factor (the spec has none; docs/decisions.md, second factor). */
export const SECOND_FACTOR_TEXT = {
  title: 'Two-step verification',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from your authenticator app',
  back: 'Back to login',
  setupTitle: 'Set up two-step verification',
  ...SECOND_FACTOR_SETUP_TEXT,
  confirm: 'Turn on',
  continue: 'Continue',
  setupFailed: 'Could not start the set-up. Please sign in again.',
  codeMissing: 'Please enter the code.',
} as const;

/** The step after the password: a code or a recovery code, or the set-up while a second factor is required. */
export function SecondFactorStep({ step }: { step: SecondFactorChallenge }) {
  return step.kind === 'code' ? <CodeStep step={step} /> : <EnrolStep step={step} />;
}

function BackToLogin() {
  const dispatch = useAppDispatch();
  return (
    <p className="auth-form__switch">
      <button type="button" className="link-button" onClick={() => dispatch(secondFactorCancelled())}>
        {SECOND_FACTOR_TEXT.back}
      </button>
    </p>
  );
}

function CodeStep({ step }: { step: SecondFactorChallenge }) {
  const dispatch = useAppDispatch();
  const { loading, error } = useAppSelector(selectAuth);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    setMissing(typed === '');
    if (typed === '') return;
    dispatch(secondFactorSubmitted(useRecovery ? { recoveryCode: typed } : { code: typed }));
  };

  return (
    <div className="auth-form">
      <h1 className="auth-form__title">{SECOND_FACTOR_TEXT.title}</h1>
      <p className="auth-form__subtitle">{step.message}</p>
      {error && <Message severity="error" text={error} className="auth-form__message" />}
      <form noValidate onSubmit={onSubmit} aria-label={SECOND_FACTOR_TEXT.title}>
        <FormField id="second-factor-code" label={useRecovery ? SECOND_FACTOR_TEXT.recoveryLabel : SECOND_FACTOR_TEXT.codeLabel} error={missing ? SECOND_FACTOR_TEXT.codeMissing : undefined} required>
          {(control) => (
            <InputText
              {...control}
              name="code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className="w-full"
              invalid={control['aria-invalid']}
              autoFocus
            />
          )}
        </FormField>
        <Button type="submit" label={loading ? SECOND_FACTOR_TEXT.verifying : SECOND_FACTOR_TEXT.verify} icon="pi pi-lock" loading={loading} className="w-full auth-form__submit" />
      </form>
      <p className="auth-form__forgot">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? SECOND_FACTOR_TEXT.useCode : SECOND_FACTOR_TEXT.useRecovery}
        </button>
      </p>
      <BackToLogin />
    </div>
  );
}

/** While the portal requires a second factor: the set-up right after the password, then the recovery codes, then the session. */
function EnrolStep({ step }: { step: SecondFactorChallenge }) {
  const dispatch = useAppDispatch();
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [enrolled, setEnrolled] = useState<SecondFactorEnrolledSessionReply | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    authApi
      .secondFactorSetupAtLogin(step.challenge)
      .then((response) => live && setSetup(response.data))
      .catch((failure: unknown) => live && setError(errorMessage(failure, SECOND_FACTOR_TEXT.setupFailed)));
    return () => {
      live = false;
    };
  }, [step.challenge]);

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(SECOND_FACTOR_TEXT.codeMissing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setEnrolled((await authApi.secondFactorConfirmAtLogin(step.challenge, code.trim())).data);
    } catch (failure) {
      setError(errorMessage(failure, SECOND_FACTOR_TEXT.setupFailed));
    } finally {
      setBusy(false);
    }
  };

  if (enrolled) {
    return (
      <div className="auth-form">
        <h1 className="auth-form__title">{SECOND_FACTOR_TEXT.setupTitle}</h1>
        {enrolled.message && <Message severity="success" text={enrolled.message} className="auth-form__message" />}
        <RecoveryCodes codes={enrolled.recoveryCodes} />
        <Button
          type="button"
          label={SECOND_FACTOR_TEXT.continue}
          icon="pi pi-arrow-right"
          className="w-full auth-form__submit"
          onClick={() => dispatch(secondFactorEnrolledAtLogin({ token: enrolled.token, user: enrolled.user }))}
        />
      </div>
    );
  }

  return (
    <div className="auth-form">
      <h1 className="auth-form__title">{SECOND_FACTOR_TEXT.setupTitle}</h1>
      <p className="auth-form__subtitle">{step.message}</p>
      {error && <Message severity="error" text={error} className="auth-form__message" />}
      {setup && <SetupDetails setup={setup} />}
      <form noValidate onSubmit={(event) => void onConfirm(event)} aria-label={SECOND_FACTOR_TEXT.setupTitle}>
        <FormField id="second-factor-setup-code" label={SECOND_FACTOR_TEXT.codeLabel} required>
          {(control) => (
            <InputText {...control} name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} className="w-full" />
          )}
        </FormField>
        <Button type="submit" label={SECOND_FACTOR_TEXT.confirm} icon="pi pi-lock" loading={busy} disabled={!setup} className="w-full auth-form__submit" />
      </form>
      <BackToLogin />
    </div>
  );
}
