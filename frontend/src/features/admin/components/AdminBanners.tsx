import type { ReactNode } from 'react';

/** An error the admin can dismiss: announced at once (role="alert"). */
export function ErrorBanner({ error, onDismiss }: { error: string | null; onDismiss: () => void }) {
  if (!error) return null;
  return (
    <div className="admin-banner admin-banner--error" role="alert">
      <span>{error}</span>
      <button type="button" className="admin-banner__close" onClick={onDismiss} aria-label="Dismiss error">
        ×
      </button>
    </div>
  );
}

/** A success message the admin can dismiss, inside a polite live region that stays mounted so each new message is announced. */
export function SuccessBanner({ success, onDismiss }: { success: string | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {success && (
        <div className="admin-banner admin-banner--success">
          <span>{success}</span>
          <button type="button" className="admin-banner__close" onClick={onDismiss} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}
    </div>
  );
}

/** The error and success banners at the top of an admin section. */
export function AdminBanners({ error, success, onDismissError, onDismissSuccess }: { error: string | null; success: string | null; onDismissError: () => void; onDismissSuccess: () => void }) {
  return (
    <>
      <ErrorBanner error={error} onDismiss={onDismissError} />
      <SuccessBanner success={success} onDismiss={onDismissSuccess} />
    </>
  );
}

/** An error without a dismiss button (a failed load, a form problem): shown while it holds. */
export function AlertBanner({ children }: { children: ReactNode }) {
  return (
    <p className="admin-banner admin-banner--error" role="alert">
      {children}
    </p>
  );
}
