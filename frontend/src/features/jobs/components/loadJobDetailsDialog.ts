import type { JobDetailsDialog } from './JobDetailsDialog';

let loading: Promise<{ default: typeof JobDetailsDialog }> | null = null;

/** The detail overlay's chunk, fetched once (React.lazy's loader, and the listing's preload on a card's hover or focus). */
export function loadJobDetailsDialog(): Promise<{ default: typeof JobDetailsDialog }> {
  loading ??= import('./JobDetailsDialog').then((module) => ({ default: module.JobDetailsDialog }));
  // A failed fetch (e.g. a deploy replaced the chunk) is tried again at the next opening.
  loading.catch(() => (loading = null));
  return loading;
}
