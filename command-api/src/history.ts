import { toDomainEvents, type CommandOutcome, type EventStore } from '@placement/platform';
import type { DomainEvent } from '@placement/domain';

/**
 * A stream's history exactly as a command left it: a reply shows what this request wrote, never a
 * change another writer made a moment later.
 */
export async function historyAfter<Event extends DomainEvent>(store: EventStore, streamId: string, outcome: CommandOutcome<DomainEvent>): Promise<Event[]> {
  if (outcome.revision < 0) return [];
  return toDomainEvents<Event>(await store.readStream(streamId, { maxCount: outcome.revision + 1 }));
}
