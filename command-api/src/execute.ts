import type { Response } from 'express';
import { actorOf, runCommand, type CausationMetadata, type CommandOutcome, type EventStore } from '@placement/platform';
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

/** Runs one command (load → decide → append with the expected revision) for `invocation`. */
export async function run<Command, Event extends DomainEvent, State>(
  store: EventStore,
  invocation: Invocation,
  request: StreamCommand<Command, Event, State>,
): Promise<CommandOutcome<Event, State>> {
  const outcome = await runCommand(store, { ...request, context: invocation.context, causation: invocation.causation });
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
): Promise<CommandOutcome<Event, State>> {
  return run(deps.store, invocationOf(deps, res, context), request);
}

/** Keeps the highest position a request reached, for the `position` of its reply. */
export function notePosition(res: Response, position: number): void {
  const current = Number(res.locals.position ?? 0);
  res.locals.position = Math.max(current, position);
  res.setHeader(POSITION_HEADER, String(res.locals.position));
}

export const positionOf = (res: Response): number => Number(res.locals.position ?? 0);
