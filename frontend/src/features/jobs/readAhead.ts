import type { AxiosResponse } from 'axios';
import { readToken } from '../../shared/storage';
import { jobsApi, listParams } from './api';
import type { JobFilters, JobListReply } from './types';

/** How long a page read ahead stays good for the listing's load that follows it. */
export const READ_AHEAD_FRESH_MS = 5_000;

interface ReadAhead {
  /** The query, as sent. */
  key: string;
  /** Whose page it is: a sign-out and another sign-in drop it. */
  token: string | null;
  at: number;
  reply: Promise<AxiosResponse<JobListReply>>;
}

let pending: ReadAhead | null = null;

const keyOf = (filters: JobFilters, page: number) => JSON.stringify(listParams(filters, page));
const fresh = (entry: ReadAhead) => Date.now() - entry.at < READ_AHEAD_FRESH_MS;

/**
 * Asks for the listing's page while the screen is still on its way: the listing renders for the
 * first time (its lazy chunk has arrived) some time before React commits it (a Suspense fallback
 * stays at least 300 ms), and the page's effect then asks for its jobs. Reading the page at the first
 * render puts the request in that wait (issue 14, docs/decisions.md). Asking again for the same page
 * while one is fresh does nothing.
 */
export function readPageAhead(filters: JobFilters, page: number): void {
  const key = keyOf(filters, page);
  const token = readToken();
  if (pending && pending.key === key && pending.token === token && fresh(pending)) return;
  const reply = jobsApi.list(filters, page);
  // Its failure is reported by the load that takes it; one nobody takes is dropped.
  reply.catch(() => undefined);
  pending = { key, token, at: Date.now(), reply };
}

/** The page read ahead for exactly this query and this user, if still fresh; taken once. */
export function takePageReadAhead(filters: JobFilters, page: number): Promise<AxiosResponse<JobListReply>> | null {
  const entry = pending;
  pending = null;
  if (!entry || entry.key !== keyOf(filters, page) || entry.token !== readToken() || !fresh(entry)) return null;
  return entry.reply;
}
