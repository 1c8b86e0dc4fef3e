/**
 * `work`'s outcome, or a rejection with `timeoutError()` once `ms` have passed without one. `work` itself
 * goes on (nothing can stop a promise); its later rejection is handled here, so it is never unhandled.
 */
export function within<T>(work: Promise<T>, ms: number, timeoutError: () => Error = () => new Error(`no answer within ${Math.max(ms, 0)} ms`)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError()), Math.max(ms, 0));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves once `work` has settled or `ms` have passed, whichever comes first; never rejects. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  await within(work, ms).catch(() => undefined);
}
