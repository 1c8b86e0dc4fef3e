import { stopKafkaIdleTimer } from './idle-timer';

interface Queue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  push(request: unknown): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}

// kafkajs's internal request queue, the one its broker connections use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => Queue;

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function queue(maxInFlightRequests: number): Queue {
  return new RequestQueue({ maxInFlightRequests, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'test:9092', logger: silent });
}

/** A request as a broker connection pushes it; `sent` lists the correlation ids written to the socket. */
function request(correlationId: number, sent: number[], answered: number[]) {
  return {
    entry: { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve: () => answered.push(correlationId), reject: () => undefined },
    expectResponse: true,
    sendRequest: () => sent.push(correlationId),
  };
}

describe('kafkajs request queue without its idle timer', () => {
  beforeAll(() => {
    expect(stopKafkaIdleTimer()).toBe(true);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('schedules nothing once a response leaves nothing waiting and no throttle', () => {
    const q = queue(5);
    const sent: number[] = [];
    const answered: number[] = [];
    q.push(request(1, sent, answered));
    q.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1]);
    expect(answered).toEqual([1]);
    // kafkajs 2.2.4 left a 1 ms timer here that rescheduled itself for as long as the connection lived.
    expect(q.throttleCheckTimeoutId).toBeNull();
    q.destroy();
  });

  it('sends a request held back by the in-flight limit when the one before it is answered', () => {
    jest.useFakeTimers();
    const q = queue(1);
    const sent: number[] = [];
    const answered: number[] = [];
    q.push(request(1, sent, answered));
    q.push(request(2, sent, answered));
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1, 2]);
    q.fulfillRequest({ correlationId: 2, payload: null, size: 0 });
    expect(answered).toEqual([1, 2]);
    expect(q.pending).toHaveLength(0);
    // The check scheduled when request 2 was queued runs once, finds nothing and schedules no other.
    jest.advanceTimersByTime(10);
    expect(q.throttleCheckTimeoutId).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    q.destroy();
  });

  it('sends a request held back by client-side throttling when the throttle ends, and then schedules nothing', () => {
    jest.useFakeTimers();
    const q = queue(5);
    const sent: number[] = [];
    const answered: number[] = [];
    q.maybeThrottle(50);
    q.push(request(1, sent, answered));
    expect(sent).toEqual([]);
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    jest.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(20);
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(answered).toEqual([1]);
    expect(q.throttleCheckTimeoutId).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    q.destroy();
  });
});
