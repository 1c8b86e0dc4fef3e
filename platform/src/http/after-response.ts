import { settledWithin } from '../timing';

/**
 * Work a request leaves running after its response is sent: express-rate-limit takes a successful
 * login's hit back once the response has finished. A stopping service waits for it before it closes
 * the adapters that work writes to; closed first, the write failed and the hit stayed counted.
 */
const running = new Set<Promise<unknown>>();

/** Tracks `work` until it settles; returns it unchanged. */
export function afterResponse<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const forget = () => running.delete(work);
  work.then(forget, forget);
  return work;
}

/**
 * Resolves once all work tracked so far, and any it started meanwhile, has settled, or after `timeoutMs`
 * (a database that does not answer must not keep a service from stopping).
 */
export async function afterResponseSettled(timeoutMs: number): Promise<void> {
  const settled = (async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  })();
  await settledWithin(settled, timeoutMs);
}
