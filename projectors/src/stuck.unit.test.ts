import type { RecordedEvent } from '@placement/platform';
import { ALL_PROJECTIONS } from './projections';
import { backoffDelay, errorMessageOf } from './stuck';

describe('the wait between tries of an event that failed to apply', () => {
  it('doubles from half a second up to thirty seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map((attempt) => backoffDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('takes its bounds from the caller', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, { initialMs: 20, maxMs: 100 }))).toEqual([20, 40, 80, 100]);
  });

  it('reports an error by name and message, cut short', () => {
    expect(errorMessageOf(new TypeError('bad'))).toBe('TypeError: bad');
    expect(errorMessageOf(new Error('x'.repeat(1000))).length).toBeLessThan(320);
  });
});

describe("an admin's recorded skip in the log", () => {
  it('changes no read model', () => {
    const skip: RecordedEvent = {
      eventId: 'e',
      type: 'ProjectionEventSkipped',
      schemaVersion: 1,
      data: { projection: 'users', position: 41, reason: 'cannot apply' },
      metadata: { actorId: 'admin-1', actorRole: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-03-01T10:00:00.000Z' },
      streamId: 'projection-users',
      revision: 0,
      position: 42,
    };
    for (const projection of ALL_PROJECTIONS) expect(projection.apply(skip)).toEqual([]);
  });
});
