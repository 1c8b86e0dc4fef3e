import { z } from 'zod';
import type { ExpectedRevision, NewEvent, ReadAllOptions, ReadStreamOptions } from './port';

/** Rules shared by the adapters, so that both reject the same input and check revisions alike. */

const metadataSchema = z.looseObject({
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  actorName: z.string().min(1).optional(),
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});

// `$` starts the names EventStoreDB reserves for its own streams and events.
const notReserved = (value: string) => !value.startsWith('$');

const newEventSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1).refine(notReserved, 'must not start with $'),
  schemaVersion: z.number().int().positive(),
  data: z.unknown().refine((data) => data !== undefined, 'is required (any JSON value)'),
  metadata: metadataSchema,
});

const streamIdSchema = z.string().min(1).max(500).refine(notReserved, 'must not start with $');
const countSchema = z.number().int().nonnegative().optional();

export function assertValidAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): void {
  const problems: string[] = [];
  collect(problems, 'streamId', streamIdSchema.safeParse(streamId));
  if (events.length === 0) problems.push('events: at least one event is required');
  events.forEach((event, index) => collect(problems, `events[${index}]`, newEventSchema.safeParse(event)));
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    problems.push('expected: a revision must be a non-negative integer');
  }
  const ids = events.map((event) => event.eventId.toLowerCase());
  if (new Set(ids).size !== ids.length) problems.push('events: event ids must be distinct');
  if (problems.length > 0) throw new TypeError(`Invalid append: ${problems.join('; ')}`);
}

export function assertValidReadStream(streamId: string, options: ReadStreamOptions): void {
  const problems: string[] = [];
  collect(problems, 'streamId', streamIdSchema.safeParse(streamId));
  collect(problems, 'fromRevision', countSchema.safeParse(options.fromRevision));
  collect(problems, 'maxCount', countSchema.safeParse(options.maxCount));
  if (problems.length > 0) throw new TypeError(`Invalid readStream: ${problems.join('; ')}`);
}

export function assertValidReadAll(options: ReadAllOptions): void {
  const problems: string[] = [];
  collect(problems, 'fromPosition', countSchema.safeParse(options.fromPosition));
  collect(problems, 'maxCount', countSchema.safeParse(options.maxCount));
  if (problems.length > 0) throw new TypeError(`Invalid readAll: ${problems.join('; ')}`);
}

function collect(problems: string[], label: string, result: z.ZodSafeParseResult<unknown>): void {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const path = issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
    problems.push(`${label}${path}: ${issue.message}`);
  }
}

/** Whether an earlier append that put its first event at `firstRevision` was made with this expected revision. */
export function couldHaveBeenAppendedWith(expected: ExpectedRevision, firstRevision: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return firstRevision === 0;
    case 'stream_exists':
      return firstRevision > 0;
    default:
      return firstRevision === expected + 1;
  }
}
