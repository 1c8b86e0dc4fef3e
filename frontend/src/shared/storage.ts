import { STORAGE_KEYS } from '@placement/domain';

/**
 * The browser keeps two entries, token and role (spec §3). Storage can throw (disabled cookies,
 * private modes, quota), so every access is guarded: the app then simply starts signed out.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* the session still works for this page view */
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored */
  }
}

export const readToken = (): string | null => read(STORAGE_KEYS.token) || null;
export const readRole = (): string | null => read(STORAGE_KEYS.role) || null;

export function saveSession(token: string, role: string | null | undefined): void {
  write(STORAGE_KEYS.token, token);
  if (role) write(STORAGE_KEYS.role, role);
  else remove(STORAGE_KEYS.role);
}

export function clearSession(): void {
  remove(STORAGE_KEYS.token);
  remove(STORAGE_KEYS.role);
}
