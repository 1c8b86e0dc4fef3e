import { useSyncExternalStore } from 'react';

/**
 * Whether the chunks of the route the app was opened at, which `preloadSignedInRoute` started loading,
 * are still on their way. The route guard keeps its 'Loading...' until they are in, as it does for the
 * session check: when the user arrived first, the layout rendered, the screen (still loading) suspended
 * behind the layout's spinner, and React 19 held the screen's commit until 300 ms after that spinner
 * (`FALLBACK_THROTTLE_MS`), about 270 ms of /job-listings' 630 ms to interactive (issue 14). Waited for at
 * most `OPENED_ROUTE_WAIT_MS`: a slow chunk then shows the spinner as before.
 */
export const OPENED_ROUTE_WAIT_MS = 1500;

let loading = false;
const listeners = new Set<() => void>();

const setLoading = (value: boolean) => {
  if (loading === value) return;
  loading = value;
  for (const listener of listeners) listener();
};

/** Marks the opened route as loading until `loads` have settled, or `waitMs` has passed. */
export function awaitOpenedRoute(loads: readonly Promise<unknown>[], waitMs = OPENED_ROUTE_WAIT_MS): void {
  if (loads.length === 0) return;
  setLoading(true);
  const timer = setTimeout(() => setLoading(false), waitMs);
  void Promise.all(loads).finally(() => {
    clearTimeout(timer);
    setLoading(false);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useOpenedRouteLoading(): boolean {
  return useSyncExternalStore(subscribe, () => loading);
}
