import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PATHS } from '../../../shared/routes';
import { selectRegistration, verificationRequested } from '../registrationSlice';
import '../auth.css';

export const VERIFY_TEXTS = {
  verifying: 'Verifying your email...',
  verified: 'Email verified! Redirecting...',
} as const;

/** /verify-email?token=…: verifying, then success (and a redirect by role) or the error (spec §2, §4, §8). */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const dispatch = useAppDispatch();
  const { verification } = useAppSelector(selectRegistration);
  // A verification link works once: ask once per page view, whatever the effect runs.
  const requested = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (requested.current === token) return;
    requested.current = token;
    dispatch(verificationRequested(token));
  }, [token, dispatch]);

  const status = verification.token === token ? verification.status : 'pending';

  return (
    <div className="verify-page">
      <div className="verify-card">
        <h1 className="verify-card__title">Email Verification</h1>
        {(status === 'pending' || status === 'idle') && (
          <div className="verify-card__state" role="status">
            <ProgressSpinner aria-label="Verifying" style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
            <p>{VERIFY_TEXTS.verifying}</p>
          </div>
        )}
        {status === 'succeeded' && (
          <div className="verify-card__state verify-card__state--success" role="status">
            <i className="pi pi-check-circle" aria-hidden="true" />
            <p>{VERIFY_TEXTS.verified}</p>
          </div>
        )}
        {status === 'failed' && (
          <div className="verify-card__state verify-card__state--error" role="alert">
            <i className="pi pi-times-circle" aria-hidden="true" />
            <p>{verification.error}</p>
            <Link to={PATHS.signIn} className="p-button p-component verify-card__action">
              Go to Sign In
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
