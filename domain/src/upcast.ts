import type { DomainEvent } from './decider';

/** Reads the data of an event written at one schema version as the next version's. */
export type Upcaster = (data: never) => unknown;

/**
 * Per event type, the step from each old schema version to the next, e.g.
 * `{ JobPosted: { 1: (v1) => v2 } }`: an event is stepped up until no step is left, so a v1 event
 * reaches the current version through every step in order.
 */
export type Upcasters = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/** An event as the log keeps it: its type, the schema version it was written at, and its data. */
export interface VersionedEvent {
  type: string;
  schemaVersion: number;
  data: unknown;
}

/** The event as the current code reads it (pure). */
export function upcast<Event extends DomainEvent>(event: VersionedEvent, upcasters: Upcasters): Event {
  const steps = upcasters[event.type];
  let data = event.data;
  for (let version = event.schemaVersion; steps?.[version]; version++) data = steps[version]!(data as never);
  return { type: event.type, data } as Event;
}
