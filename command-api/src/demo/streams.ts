import { fold, isRejection, type Actor, type Decider, type DomainEvent } from '@placement/domain';
import { isWrongExpectedRevisionError, toDomainEvents, toNewEvents, type EventMetadata, type EventStore, type NewEvent, type ObjectStore } from '@placement/platform';
import { withUploads, type PendingUpload } from '../uploads';

/**
 * Brings streams to a planned history through their deciders. A plan is one stream's commands, each
 * with its time and actor; every event it yields has an id named after the stream, the command and
 * the event's place, so the stream's recorded ids say how far it got. Syncing a stream decides the
 * commands it still lacks on the state folded from what it holds, and appends them at once with the
 * expected revision (a concurrent writer makes the store refuse, and the stream is read and decided
 * again), as the command side's `runCommand` does one command at a time. A stream that already
 * holds the whole plan gets nothing; one that holds events the plan does not know (someone changed
 * it) is left alone and reported.
 */

export interface PlannedStep<Command> {
  command: Command;
  at: Date;
  actor: Actor;
  /** Steps of one request share a correlation id (an account's address claim and its creation); default: the step's own. */
  correlation?: string;
}

export interface StreamPlan<Command = never, Event extends DomainEvent = DomainEvent, State = unknown> {
  /** What the stream holds ('student', 'job', ...), for the report. */
  kind: string;
  streamId: string;
  decider: Decider<Command, Event, State>;
  versions: Readonly<Record<string, number>>;
  steps: readonly PlannedStep<Command>[];
  /** Files the stream's commands refer to, stored before its append (and deleted again if the append fails), as the routes store uploads. */
  uploads?: () => Promise<PendingUpload[]>;
}

/** A plan of any aggregate, as the runner handles them side by side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStreamPlan = StreamPlan<any, DomainEvent, any>;

export const streamPlan = <Command, Event extends DomainEvent, State>(plan: StreamPlan<Command, Event, State>): AnyStreamPlan => plan as unknown as AnyStreamPlan;

/** How the demo names its events and requests, and what it adds to every event's metadata. */
export interface PlanNaming {
  eventId: (streamId: string, step: number, index: number) => string;
  correlationId: (key: string) => string;
  metadata: Partial<EventMetadata>;
}

export type SyncOutcome = 'complete' | 'appended' | 'foreign' | 'refused';

export interface SyncResult {
  kind: string;
  streamId: string;
  outcome: SyncOutcome;
  /** Events this sync appended. */
  appended: number;
  /** Why a stream was left alone. */
  reason?: string;
}

interface DecidedEvent {
  step: number;
  event: NewEvent;
}

function decideSteps(plan: AnyStreamPlan, state: unknown, fromStep: number, naming: PlanNaming): DecidedEvent[] {
  const decided: DecidedEvent[] = [];
  let current = state;
  for (let step = fromStep; step < plan.steps.length; step++) {
    const { command, at, actor, correlation } = plan.steps[step]!;
    const context = { now: at, actor };
    const events = plan.decider.decide(command, current, context);
    for (const event of events) current = plan.decider.evolve(current, event);
    const causation = { correlationId: naming.correlationId(correlation ?? `${plan.streamId}:${step}`), causationId: null };
    const appended = toNewEvents(events, { context, causation, versions: plan.versions, eventIds: (index) => naming.eventId(plan.streamId, step, index) });
    for (const event of appended) decided.push({ step, event: { ...event, metadata: { ...event.metadata, ...naming.metadata } } });
  }
  return decided;
}

const MAX_ATTEMPTS = 8;

/** Appends what the stream lacks of its plan; see the module's comment. `files` stores the plans' uploads (plans without any need none). */
export async function syncStream(store: EventStore, files: ObjectStore | undefined, plan: AnyStreamPlan, naming: PlanNaming): Promise<SyncResult> {
  const result = (outcome: SyncOutcome, appended = 0, reason?: string): SyncResult => ({ kind: plan.kind, streamId: plan.streamId, outcome, appended, ...(reason ? { reason } : {}) });
  let expected: DecidedEvent[];
  try {
    expected = decideSteps(plan, plan.decider.initialState, 0, naming);
  } catch (error) {
    if (isRejection(error)) return result('refused', 0, error.message);
    throw error;
  }
  let uploads: Promise<PendingUpload[]> | undefined;
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(plan.streamId);
    if (recorded.length > expected.length || recorded.some((event, index) => event.eventId !== expected[index]!.event.eventId)) {
      return result('foreign', 0, 'the stream holds events the demo did not plan');
    }
    if (recorded.length === expected.length) return result('complete');
    const last = recorded.at(-1);
    let rest: DecidedEvent[];
    try {
      rest = decideSteps(plan, fold(plan.decider, toDomainEvents(recorded, plan.decider.upcasters)), last ? expected[recorded.length - 1]!.step + 1 : 0, naming);
    } catch (error) {
      if (isRejection(error)) return result('refused', 0, error.message);
      throw error;
    }
    const append = () =>
      store.append(
        plan.streamId,
        rest.map(({ event }) => event),
        last ? last.revision : 'no_stream',
      );
    try {
      if (plan.uploads) {
        if (!files) throw new Error(`stream ${plan.streamId} has files to store and no file store was given`);
        uploads ??= plan.uploads();
        await withUploads(files, await uploads, append);
      } else {
        await append();
      }
      return result('appended', rest.length);
    } catch (error) {
      if (!isWrongExpectedRevisionError(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Syncs every plan, `concurrency` at once, telling `onSynced` after each. */
export async function syncStreams(
  store: EventStore,
  files: ObjectStore | undefined,
  plans: readonly AnyStreamPlan[],
  naming: PlanNaming,
  options: { concurrency: number; onSynced?: (result: SyncResult) => void },
): Promise<SyncResult[]> {
  const results: SyncResult[] = new Array(plans.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, plans.length) }, async () => {
      while (next < plans.length) {
        const index = next++;
        results[index] = await syncStream(store, files, plans[index]!, naming);
        options.onSynced?.(results[index]);
      }
    }),
  );
  return results;
}
