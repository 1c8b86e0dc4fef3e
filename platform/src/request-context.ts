import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written on behalf of one request (or one relayed event) carries. */
export interface RequestContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The correlation id of the request or event being worked on, if any. */
export const currentCorrelationId = (): string | undefined => storage.getStore()?.correlationId;

/** Runs `work` (and everything it starts) under `correlationId`: the logger tags each line with it. Without one, `work` just runs. */
export function withCorrelationId<T>(correlationId: string | undefined, work: () => T): T {
  return correlationId ? storage.run({ correlationId }, work) : work();
}
