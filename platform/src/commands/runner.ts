import { randomUUID } from 'node:crypto';
import { fold, type CommandContext, type Decider, type DomainEvent } from '@placement/domain';
import { isWrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../eventstore';

export interface CausationMetadata {
  correlationId: string;
  causationId: string | null;
}

export interface CommandRequest<Command, Event extends DomainEvent, State> {
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  context: CommandContext;
  causation: CausationMetadata;
  /** Current schema version of each event type the decider emits. */
  versions: Readonly<Record<string, number>>;
  /** Stable event ids for a retried request (idempotent append); random when absent. */
  eventIds?: (index: number) => string;
}

export interface CommandOutcome<Event extends DomainEvent> {
  events: Event[];
  /** Global position a reader must reach to see the outcome (the last event the decision saw when nothing changed). */
  position: number;
  /** Revision of the stream after the command; -1 when the stream still does not exist. */
  revision: number;
}

/** The events of a stream as the decider sees them. */
export const toDomainEvents = <Event extends DomainEvent>(recorded: RecordedEvent[]): Event[] =>
  recorded.map((event) => ({ type: event.type, data: event.data }) as Event);

export function toNewEvents(events: DomainEvent[], request: Pick<CommandRequest<unknown, DomainEvent, unknown>, 'context' | 'causation' | 'versions' | 'eventIds'>): NewEvent[] {
  return events.map((event, index) => {
    const schemaVersion = request.versions[event.type];
    if (schemaVersion === undefined) throw new Error(`no schema version registered for event type ${event.type}`);
    return {
      eventId: request.eventIds?.(index) ?? randomUUID(),
      type: event.type,
      schemaVersion,
      data: event.data,
      metadata: {
        actorId: request.context.actor.id,
        actorRole: request.context.actor.role,
        // Only the portal's own actors have a name of their own (the audit history shows it).
        ...(request.context.actor.id === null && request.context.actor.name !== undefined ? { actorName: request.context.actor.name } : {}),
        correlationId: request.causation.correlationId,
        causationId: request.causation.causationId,
        occurredAt: request.context.now.toISOString(),
      },
    };
  });
}

/**
 * Load → decide → append with the expected revision. Another writer between our read and our append
 * makes the store refuse; we then decide again on the fresh state, a bounded number of times.
 */
export async function runCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  request: CommandRequest<Command, Event, State>,
  maxAttempts = 8,
): Promise<CommandOutcome<Event>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(request.streamId);
    const last = history.at(-1);
    const state = fold(request.decider, toDomainEvents<Event>(history));
    const events = request.decider.decide(request.command, state, request.context);
    if (events.length === 0) return { events, position: last?.position ?? 0, revision: last?.revision ?? -1 };
    try {
      const result = await store.append(request.streamId, toNewEvents(events, request), last ? last.revision : 'no_stream');
      return { events, position: result.position, revision: result.nextRevision };
    } catch (error) {
      if (!isWrongExpectedRevisionError(error) || attempt >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
