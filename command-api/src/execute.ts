import type { Response } from 'express';
import { actorOf, runCommand, type CommandOutcome } from '@placement/platform';
import type { CommandContext, Decider, DomainEvent } from '@placement/domain';
import type { CommandApiDeps } from './deps';

export const POSITION_HEADER = 'X-Consistency-Position';

export interface StreamCommand<Command, Event extends DomainEvent, State> {
  streamId: string;
  decider: Decider<Command, Event, State>;
  versions: Readonly<Record<string, number>>;
  command: Command;
}

export const contextOf = (deps: CommandApiDeps, res: Response): CommandContext => ({ now: deps.now(), actor: actorOf(res) });

/**
 * Runs one command on behalf of the HTTP caller: actor, clock and correlation id come from the
 * request, and the reply learns the position a reader must reach to see the outcome.
 */
export async function execute<Command, Event extends DomainEvent, State>(
  deps: CommandApiDeps,
  res: Response,
  request: StreamCommand<Command, Event, State>,
  context: CommandContext = contextOf(deps, res),
): Promise<CommandOutcome<Event>> {
  const outcome = await runCommand(deps.store, {
    ...request,
    context,
    causation: { correlationId: String(res.locals.correlationId), causationId: null },
  });
  notePosition(res, outcome.position);
  return outcome;
}

/** Keeps the highest position a request reached, for the `position` of its reply. */
export function notePosition(res: Response, position: number): void {
  const current = Number(res.locals.position ?? 0);
  res.locals.position = Math.max(current, position);
  res.setHeader(POSITION_HEADER, String(res.locals.position));
}

export const positionOf = (res: Response): number => Number(res.locals.position ?? 0);
