import type { Document, IndexDescription } from 'mongodb';
import type { RecordedEvent } from '@placement/platform';

/**
 * One change to a read model. The runner makes it idempotent: it only touches documents whose
 * `_v` (the position of the last event applied to them) is below the event's position, and sets
 * `_v` to that position.
 */
export type ReadModelChange =
  | { kind: 'upsert'; collection: string; id: string; update: Document; copy?: CopyFrom[] }
  | { kind: 'update'; collection: string; filter: Document; update: Document; many?: boolean }
  | { kind: 'delete'; collection: string; filter: Document; many?: boolean };

/**
 * Denormalisation that a pure function cannot do alone (it reads nothing): when the change is
 * applied, `fields` of the document `id` in `collection` (a lookup collection the same projection
 * keeps) are written under `into`, in the order given, missing fields as null; a missing document
 * writes null. With `into` '' the fields are written at the top level instead (a missing document:
 * each field null), so that the local server's filters reach them (it pushes down top-level `$regex`
 * only). Later events that change the source must also update the copies, which makes a
 * replay after a crash converge even when the source has already moved ahead.
 */
export interface CopyFrom {
  collection: string;
  id: string;
  fields: readonly string[];
  into: string;
}

/** The `$set` of one copy (see CopyFrom) from its source document (null: missing). */
export function copiedFields(copy: CopyFrom, source: Document | null): Document {
  const fields = source ? Object.fromEntries(copy.fields.map((field) => [field, source[field] ?? null])) : null;
  if (copy.into !== '') return { [copy.into]: fields };
  return fields ?? Object.fromEntries(copy.fields.map((field) => [field, null]));
}

export interface Projection {
  /** Names the checkpoint and the rebuild command's argument. */
  name: string;
  /** Collections this projection owns; a rebuild replaces exactly these. */
  collections: string[];
  /** Every index its queries need, by collection. */
  indexes: Record<string, IndexDescription[]>;
  /** Pure: the read-model changes one event causes (none for events it ignores). */
  apply(event: RecordedEvent): ReadModelChange[];
  /**
   * The shape of the documents it writes (absent: 0). Raised when a change to `apply` means documents
   * written before are not what the queries now read (a new field filtered on, a field moved): a runner
   * whose read model was built by another shape rebuilds it at its start, so no deployment has to
   * remember a rebuild.
   */
  shape?: number;
}

/** Guard field: the global position of the last event applied to a document. */
export const VERSION_FIELD = '_v';
