import type { DomainEvent } from '@placement/domain';
import type { RecordedEvent } from '@placement/platform';
import type { ReadModelChange } from '../projection';

/**
 * Moves counters of one statistics document. Put all of one event's moves of a document into one
 * change: the per-document guard lets only the first change of an event through.
 */
export const counterChange = (collection: string, id: string, inc: Partial<Record<string, number>>): ReadModelChange => ({ kind: 'upsert', collection, id, update: { $inc: inc } });

/** A guard that tells the events of one aggregate (as its domain types) from every other event of the log. */
export function eventsOfTypes<Event extends DomainEvent>(types: readonly Event['type'][]): (event: RecordedEvent) => event is RecordedEvent & Event {
  const known: ReadonlySet<string> = new Set(types);
  return (event): event is RecordedEvent & Event => known.has(event.type);
}
