import type { Response } from 'express';
import { actorOf, loadAggregate, runCommand, type CausationMetadata, type CommandOutcome, type EventStore, type RecordedEvent } from '@placement/platform';
import type { CommandContext, Decider, DomainEvent } from '@placement/domain';
import type { CommandApiDeps } from './deps';

export const POSITION_HEADER = 'X-Consistency-Position';

export interface StreamCommand<Command, Event extends DomainEvent, State> {
  streamId: string;
  decider: Decider<Command, Event, State>;
  versions: Readonly<Record<string, number>>;
  command: Command;
}

/**
 * On whose behalf commands run, under which correlation id, and who learns each position they reach:
 * an HTTP request (`invocationOf`), or the portal itself at the command line or at start.
 */
export interface Invocation {
  context: CommandContext;
  causation: CausationMetadata;
  onPosition?: (position: number) => void;
}

/** What a handler already did towards a command, so that running it does not do it again. */
export interface Prepared {
  /**
   * The command's stream as the handler just read it: the first decision folds these events instead of
   * reading the stream again. A stale read costs nothing in safety: the append carries the revision the
   * read ended at, another writer in between makes the store refuse it, and the command then decides
   * again on a fresh read.
   */
  history?: readonly RecordedEvent[];
  /** Settles once the request's files are stored: the append waits for it, so no event names a file not yet stored. */
  filesStored?: Promise<void>;
}

/** The state of an aggregate folded from events already read (`Prepared.history`). */
export async function stateOf<Event extends DomainEvent, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'upcasters'>, history: readonly RecordedEvent[]): Promise<State> {
  return (await loadAggregate({ readStream: () => Promise.resolve([...history]) }, decider, '')).state;
}

/**
 * The store as one command sees it: the first read of its stream answered from `prepared.history`,
 * appends held until `prepared.filesStored` settles; everything else goes to `store` unchanged.
 */
export function preparedStore(store: EventStore, streamId: string, prepared: Prepared): EventStore {
  let history = prepared.history;
  return {
    readStream: (id, options) => {
      if (id !== streamId || options !== undefined || history === undefined) return store.readStream(id, options);
      const events = [...history];
      history = undefined;
      return Promise.resolve(events);
    },
    append: async (id, events, expected) => {
      await prepared.filesStored;
      return store.append(id, events, expected);
    },
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/** Runs one command (load → decide → append with the expected revision) for `invocation`. */
export async function run<Command, Event extends DomainEvent, State>(
  store: EventStore,
  invocation: Invocation,
  request: StreamCommand<Command, Event, State>,
  prepared?: Prepared,
): Promise<CommandOutcome<Event, State>> {
  const commandStore = prepared ? preparedStore(store, request.streamId, prepared) : store;
  const outcome = await runCommand(commandStore, { ...request, context: invocation.context, causation: invocation.causation });
  invocation.onPosition?.(outcome.position);
  return outcome;
}

export const contextOf = (deps: CommandApiDeps, res: Response): CommandContext => ({ now: deps.now(), actor: actorOf(res) });

/** The HTTP caller: actor, clock and correlation id come from the request, and the reply learns the positions reached. */
export const invocationOf = (deps: CommandApiDeps, res: Response, context: CommandContext = contextOf(deps, res)): Invocation => ({
  context,
  causation: { correlationId: String(res.locals.correlationId), causationId: null },
  onPosition: (position) => notePosition(res, position),
});

/** Runs one command on behalf of the HTTP caller. */
export function execute<Command, Event extends DomainEvent, State>(
  deps: CommandApiDeps,
  res: Response,
  request: StreamCommand<Command, Event, State>,
  context: CommandContext = contextOf(deps, res),
  prepared?: Prepared,
): Promise<CommandOutcome<Event, State>> {
  return run(deps.store, invocationOf(deps, res, context), request, prepared);
}

/** Keeps the highest position a request reached, for the `position` of its reply. */
export function notePosition(res: Response, position: number): void {
  const current = Number(res.locals.position ?? 0);
  res.locals.position = Math.max(current, position);
  res.setHeader(POSITION_HEADER, String(res.locals.position));
}

export const positionOf = (res: Response): number => Number(res.locals.position ?? 0);
