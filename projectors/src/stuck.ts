import type { EventStore, RecordedEvent } from '@placement/platform';
import { PROJECTION_EVENT_SKIPPED, projectionStreamId } from '@placement/domain';

/** How long a stuck projection waits before its next try: doubling from `initialMs`, at most `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/** The wait after the `attempt`-th failed try (1-based). */
export function backoffDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
}

/** An event a projection could not apply, and what it has tried so far. */
export interface StuckEvent {
  position: number;
  eventType: string;
  streamId: string;
  /** The last failure's message (cut to a few hundred characters). */
  error: string;
  /** Failed tries so far. */
  attempts: number;
  /** When the first try failed (ISO 8601). */
  since: string;
}

const MAX_ERROR_LENGTH = 300;

export function errorMessageOf(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

export function stuckAt(event: RecordedEvent, error: unknown, previous: StuckEvent | null, now: Date): StuckEvent {
  const same = previous?.position === event.position;
  return {
    position: event.position,
    eventType: event.type,
    streamId: event.streamId,
    error: errorMessageOf(error),
    attempts: same ? previous.attempts + 1 : 1,
    since: same ? previous.since : now.toISOString(),
  };
}

/** Whether an admin recorded a skip of the event at `position` for `projection` (ProjectionEventSkipped in its stream). */
export async function skipRecorded(store: EventStore, projection: string, position: number): Promise<RecordedEvent | undefined> {
  const events = await store.readStream(projectionStreamId(projection));
  return events.find((event) => event.type === PROJECTION_EVENT_SKIPPED && (event.data as { position?: unknown }).position === position);
}

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
