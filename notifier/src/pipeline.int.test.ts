import { createLogger, type RelayedEvent } from '@placement/platform';
import type { EventHandler, NotifierServices } from './handlers';
import { createNotifierMetrics } from './metrics';
import { EventPipeline } from './pipeline';
import type { Failures } from './retry/failures';

const event = (metadata: Partial<RelayedEvent['metadata']> = {}): RelayedEvent => ({
  eventId: 'e1',
  type: 'ApplicationSubmitted',
  schemaVersion: 1,
  streamId: 'application-a1',
  revision: 0,
  position: 1,
  data: {},
  metadata: { actorId: 's1', actorRole: 'student', correlationId: 'c1', causationId: null, occurredAt: '2026-11-22T10:00:00.000Z', ...metadata },
});

describe('the event pipeline', () => {
  const handled: string[] = [];
  const handler: EventHandler = {
    type: 'ApplicationSubmitted',
    handle: async (relayed) => {
      handled.push(relayed.eventId);
    },
  };
  const failures = { failed: async (_work: unknown, _attempt: number, error: unknown) => Promise.reject(error) } as unknown as Failures;
  const metrics = createNotifierMetrics();
  const pipeline = new EventPipeline(new Map([[handler.type, handler]]), {} as NotifierServices, failures, metrics, createLogger('pipeline-test', 'silent'));
  pipeline.mailSince(new Date('2026-11-01T00:00:00Z'));

  beforeEach(() => handled.splice(0));

  it('hands an event to its handler', async () => {
    await pipeline.process(event(), 1);
    expect(handled).toEqual(['e1']);
  });

  it('mails nobody about history recorded with notify: false (the demo season), and counts it', async () => {
    await pipeline.process(event({ notify: false }), 1);
    expect(handled).toEqual([]);
    expect((await metrics.eventsRecordedSilently.get()).values).toEqual([expect.objectContaining({ value: 1, labels: { type: 'ApplicationSubmitted' } })]);
  });

  it('passes over what happened before the first start', async () => {
    await pipeline.process(event({ occurredAt: '2026-10-01T00:00:00.000Z' }), 1);
    expect(handled).toEqual([]);
  });
});
