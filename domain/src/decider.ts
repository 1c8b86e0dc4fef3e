import type { Role } from './constants';
import type { Upcasters } from './upcast';

/** Who asked. Visitors have no id; 'system' is the portal acting on its own (scheduler, notifier). */
export interface Actor {
  id: string | null;
  role: Role | 'visitor' | 'system';
  /**
   * A system actor's own name, which the audit history shows (see `SYSTEM_ACTORS`). Accounts are
   * never named here: the audit history reads their name from their own stream.
   */
  name?: string;
}

/** Everything impure a decision may need, passed in so that deciders stay pure. */
export interface CommandContext {
  now: Date;
  actor: Actor;
}

/** An event as a decider emits it; the command side adds ids and metadata when it appends. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  /** Returns the events that the command causes, or throws a Rejection; never does I/O. */
  decide(command: Command, state: State, context: CommandContext): Event[];
  evolve(state: State, event: Event): State;
  /** How events written at older schema versions are read as the current ones (none: every version reads as is). */
  upcasters?: Upcasters;
}

export type RejectionKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

export interface FieldProblem {
  field: string;
  message: string;
}

/** A command the domain refuses. No event is produced. The edge maps `kind` to an HTTP status. */
export class Rejection extends Error {
  constructor(
    readonly kind: RejectionKind,
    message: string,
    readonly errors?: FieldProblem[],
  ) {
    super(message);
    this.name = 'Rejection';
  }
}

export const reject = (kind: RejectionKind, message: string, errors?: FieldProblem[]): never => {
  throw new Rejection(kind, message, errors);
};

export const isRejection = (error: unknown): error is Rejection => error instanceof Rejection;

/** Rebuilds an aggregate's state from its history. */
export function fold<Event extends DomainEvent, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: Iterable<Event>): State {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

/** Given/when/then for decider tests: the events a command yields after a history. */
export function given<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>, history: Event[]) {
  const state = fold(decider, history);
  return {
    when: (command: Command, context: CommandContext) => decider.decide(command, state, context),
  };
}
