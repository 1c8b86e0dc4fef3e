/**
 * What shows while a screen's code loads: a CSS spinner, so that the app shell ships without
 * PrimeReact (screens load it with their own chunk).
 */
export function RouteFallback() {
  return (
    <div className="page-spinner" role="status">
      <span className="css-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
