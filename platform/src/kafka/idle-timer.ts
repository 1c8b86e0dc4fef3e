/**
 * kafkajs 2.2.4 spins a 1 ms timer per broker connection for as long as the connection is open
 * (tulios/kafkajs#1556, #1604, #1704; the fix of #1667 was never released). Its request queue, after
 * each response, "checks pending requests" and schedules the next check at `throttledUntil - now`:
 * with nothing pending and no throttling that is a negative delay, which Node runs after 1 ms, and the
 * check schedules itself again, forever. An idle notifier (eight connections) woke ~900 times a second
 * for it and spent ~3-5 % of a core doing nothing, more when the machine was busy.
 *
 * The replacement schedules a check only when one can do something: a request is waiting (at the end
 * of the client-side throttle, or after 10 ms as before), or a throttle is in effect (at its end). With
 * nothing waiting and no throttle there is nothing to check: a request pushed later is sent at once or
 * queued, and queuing schedules its check (`push`); a response or a timeout checks the queue as before.
 * Requests, their order and the in-flight limit are unchanged.
 */

const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const PATCHED = Symbol.for('placement.platform.kafkajsIdleTimer');

/** Replaces the request queue's scheduling in the kafkajs every service's Kafka client uses; idempotent. */
export function stopKafkaIdleTimer(): boolean {
  // kafkajs's request queue is internal: no types, no export but its path in the package.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const version = (require('kafkajs/package.json') as { version: string }).version;
  // Only the release this was written against (and its fixed successors need nothing).
  if (version !== '2.2.4') return false;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals & { [PATCHED]?: true } };
  const proto = RequestQueue.prototype;
  if (proto[PATCHED]) return true;
  if (typeof proto.scheduleCheckPendingRequests !== 'function' || typeof proto.checkPendingRequests !== 'function') return false;
  proto.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId) return;
    let delay = this.throttledUntil - Date.now();
    if (this.pending.length > 0) delay = delay > 0 ? delay : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    else if (delay <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
  proto[PATCHED] = true;
  return true;
}
