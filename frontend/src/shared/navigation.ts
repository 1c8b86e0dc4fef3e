/**
 * Lets sagas move the user (after login, after verification, on a failed session) without
 * importing the router: the router registers itself here when the app starts.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Where the browser is now, as a path the router understands. */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** A full page load of `to` (the navbar's logout: 'goes home, reloads'). */
export function reloadAt(to: string): void {
  window.location.assign(to);
}
