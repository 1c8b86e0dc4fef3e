import { isRejection, type CommandContext, type Decider, type DomainEvent, type Rejection } from '@placement/domain';
import { isWrongExpectedRevisionError, type EventStore } from '../eventstore';
import { toNewEvents, type CausationMetadata } from './runner';

export interface StreamWriterOptions<Command, Event extends DomainEvent, State> {
  streamId: string;
  decider: Decider<Command, Event, State>;
  /** Current schema version of each event type the decider emits. */
  versions: Readonly<Record<string, number>>;
  maxAttempts?: number;
}

export interface BatchOutcome<Command, Event extends DomainEvent> {
  events: Event[];
  /** Commands the decider refused, each with its rejection; the others were appended. */
  rejected: { command: Command; rejection: Rejection }[];
  /** Global position of the last event of the stream after the batch (0 before the first). */
  position: number;
}

/**
 * A stream's state kept in memory between batches of commands, for one busy writer: the notifier
 * reports thousands of recipients of one campaign, and `runCommand` would read and fold the whole
 * stream for each. Here a batch is decided command after command on the cached state and appended at
 * once with the expected revision; only the events appended since are read. When another writer got
 * there first (an open recorded by the command-api), its events are read and the batch decided again.
 * A command the decider refuses is skipped and reported; the rest of the batch goes on.
 */
export class StreamWriter<Command, Event extends DomainEvent, State> {
  private state: State;
  /** Revision of the last event folded into `state`; -1 before the first. */
  private revision = -1;
  private position = 0;

  constructor(
    private readonly store: EventStore,
    private readonly options: StreamWriterOptions<Command, Event, State>,
  ) {
    this.state = options.decider.initialState;
  }

  /** The state as of the last read or append (call `refresh` for the latest). */
  get current(): State {
    return this.state;
  }

  /** Folds the events appended since the last read. */
  async refresh(): Promise<State> {
    const events = await this.store.readStream(this.options.streamId, { fromRevision: this.revision + 1 });
    for (const event of events) {
      this.state = this.options.decider.evolve(this.state, { type: event.type, data: event.data } as Event);
      this.revision = event.revision;
      this.position = event.position;
    }
    return this.state;
  }

  async run(commands: readonly Command[], request: { context: CommandContext; causation: CausationMetadata }): Promise<BatchOutcome<Command, Event>> {
    const { decider, versions, streamId, maxAttempts = 8 } = this.options;
    for (let attempt = 1; ; attempt++) {
      await this.refresh();
      let state = this.state;
      const events: Event[] = [];
      const rejected: BatchOutcome<Command, Event>['rejected'] = [];
      for (const command of commands) {
        try {
          const produced = decider.decide(command, state, request.context);
          for (const event of produced) state = decider.evolve(state, event);
          events.push(...produced);
        } catch (error) {
          if (!isRejection(error)) throw error;
          rejected.push({ command, rejection: error });
        }
      }
      if (events.length === 0) return { events, rejected, position: this.position };
      try {
        const result = await this.store.append(streamId, toNewEvents(events, { ...request, versions }), this.revision < 0 ? 'no_stream' : this.revision);
        this.state = state;
        this.revision = result.nextRevision;
        this.position = result.position;
        return { events, rejected, position: result.position };
      } catch (error) {
        if (!isWrongExpectedRevisionError(error) || attempt >= maxAttempts) throw error;
      }
    }
  }
}
