import type { SecondFactorSetup } from './types';

/** Texts of a second factor's set-up (the spec has none; docs/decisions.md, second factor). */
export const SECOND_FACTOR_SETUP_TEXT = {
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...), then enter the 6-digit code it shows.',
  manual: "Can't scan it? Enter this key in the app:",
  qrAlt: 'QR code for your authenticator app',
} as const;

/** The QR code of the otpauth URI, and its key as text for typing into the app. */
export function SetupDetails({ setup }: { setup: SecondFactorSetup }) {
  return (
    <div className="second-factor-setup">
      <p>{SECOND_FACTOR_SETUP_TEXT.scan}</p>
      <img src={setup.qrCode} alt={SECOND_FACTOR_SETUP_TEXT.qrAlt} width={200} height={200} />
      <p>
        {SECOND_FACTOR_SETUP_TEXT.manual} <code data-testid="second-factor-secret">{setup.secret}</code>
      </p>
    </div>
  );
}
