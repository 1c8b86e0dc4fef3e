import { randomUUID } from 'node:crypto';
import { EVENT_UPCASTERS, fold, upcast, type CommandContext, type Decider, type DomainEvent, type Upcasters } from '@placement/domain';
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

export interface CommandOutcome<Event extends DomainEvent, State = unknown> {
  events: Event[];
  /** The aggregate's state after the command (its events applied), so that no reply reads the stream again. */
  state: State;
  /** Global position a reader must reach to see the outcome (the last event the decision saw when nothing changed). */
  position: number;
  /** Revision of the stream after the command; -1 when the stream still does not exist. */
  revision: number;
}

/** The events of a stream as the current code reads them: each stepped up to its type's current schema version. */
export const toDomainEvents = <Event extends DomainEvent>(recorded: RecordedEvent[], upcasters: Upcasters = EVENT_UPCASTERS): Event[] =>
  recorded.map((event) => upcast<Event>(event, upcasters));

/** An aggregate as its stream stands: the folded state, the stream's revision (-1 when absent) and the global position of its last event (0 when absent). */
export interface LoadedAggregate<State> {
  state: State;
  revision: number;
  position: number;
}

type Folding<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'upcasters'>;

const loaded = <Event extends DomainEvent, State>(decider: Folding<Event, State>, history: RecordedEvent[]): LoadedAggregate<State> => ({
  state: fold(decider, toDomainEvents<Event>(history, decider.upcasters)),
  revision: history.at(-1)?.revision ?? -1,
  position: history.at(-1)?.position ?? 0,
});

/** The one way an aggregate is read from the store: its stream, upcast, folded. */
export async function loadAggregate<Event extends DomainEvent, State>(store: Pick<EventStore, 'readStream'>, decider: Folding<Event, State>, streamId: string): Promise<LoadedAggregate<State>> {
  return loaded(decider, await store.readStream(streamId));
}

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
): Promise<CommandOutcome<Event, State>> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await loadAggregate(store, request.decider, request.streamId);
    const events = request.decider.decide(request.command, state, request.context);
    if (events.length === 0) return { events, state, position, revision };
    try {
      const result = await store.append(request.streamId, toNewEvents(events, request), revision === -1 ? 'no_stream' : revision);
      return { events, state: events.reduce((next, event) => request.decider.evolve(next, event), state), position: result.position, revision: result.nextRevision };
    } catch (error) {
      if (!isWrongExpectedRevisionError(error) || attempt >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
