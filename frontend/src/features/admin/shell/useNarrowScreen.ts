import { useSyncExternalStore } from 'react';

/** The panel is desktop only: 768 px or less counts as narrow (spec §9). */
export const NARROW_QUERY = '(max-width: 768px)';

const media = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = (): boolean => media()?.matches ?? (typeof window !== 'undefined' ? window.innerWidth <= 768 : false);

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
