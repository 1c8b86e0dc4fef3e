/** What the route guard shows while it cannot decide yet (spec §2: 'Loading...'). */
export function AuthLoading() {
  return (
    <div className="auth-loading" role="status" aria-live="polite">
      Loading...
    </div>
  );
}
