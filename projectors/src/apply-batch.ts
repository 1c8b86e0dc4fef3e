import type { AnyBulkWriteOperation, Collection, Db, Document } from 'mongodb';
import { NotFoldable, ReadModelFold } from './fold';
import { copiedFields, VERSION_FIELD, type CopyFrom, type ReadModelChange } from './projection';
import { REDOABLE } from './redoable';

/** One event's changes (what the pure projection returned) at its position in the log. */
export interface BatchEvent {
  position: number;
  changes: ReadModelChange[];
}

/** The batch holds a change the in-memory plan cannot follow: apply it event by event instead. */
export class NotBatchable extends Error {
  override readonly name = 'NotBatchable';
}

/**
 * The documents copies read from (lookup collections), as far as the runner knows them for sure: fetched
 * from the server, then moved along by every change a written batch made to them. Cleared whenever a batch
 * fails or the runner starts again, so that it never holds a state the server does not.
 *
 * Bounded: past `maxEntries` the documents used longest ago are forgotten (read again when next needed),
 * while a collection known whole keeps the ids of its documents, so that a document it does not hold is
 * still known absent without a read (a catch-up from the start inserts most of what it writes).
 */
export class CopySourceCache {
  /** In the order of last use: the first ones go when the cache is full. */
  private readonly documents = new Map<string, Document | null>();
  private readonly collections = new Set<string>();
  /** Collections found empty when first asked about, with the ids of every document they hold since. */
  private readonly complete = new Map<string, Set<string>>();
  /** Collections asked about since the last clear. */
  private readonly probed = new Set<string>();
  constructor(private readonly maxEntries = 200_000) {}
  get(key: string): Document | null | undefined {
    const document = this.documents.get(key);
    if (document !== undefined) {
      this.documents.delete(key);
      this.documents.set(key, document);
    }
    return document;
  }
  holds(collection: string): boolean {
    return this.collections.has(collection);
  }
  /** Whether the document `id` of `collection`, which the cache does not hold, is known to be absent. */
  isAbsent(collection: string, id: string): boolean {
    const ids = this.complete.get(collection);
    return ids !== undefined && !ids.has(id);
  }
  /** Whether `collection` needs asking whether it is empty (once after each clear). */
  needsProbe(collection: string): boolean {
    return !this.probed.has(collection);
  }
  probedEmpty(collection: string, empty: boolean): void {
    this.probed.add(collection);
    if (empty) this.complete.set(collection, new Set());
  }
  /** Writes the cache does not follow are about to be made: no collection is known whole any more. */
  forgetCompleteness(): void {
    this.complete.clear();
  }
  /** Keeps the states a written batch left. */
  commit(states: ReadonlyMap<string, Document | null>): void {
    for (const [key, document] of states) {
      this.documents.delete(key);
      this.documents.set(key, document);
      const [collection, id] = key.split('\u0000') as [string, string];
      this.collections.add(collection);
      const ids = this.complete.get(collection);
      if (document === null) ids?.delete(id);
      else ids?.add(id);
    }
    for (const key of this.documents.keys()) {
      if (this.documents.size <= this.maxEntries) break;
      this.documents.delete(key);
    }
  }
  clear(): void {
    this.documents.clear();
    this.collections.clear();
    this.complete.clear();
    this.probed.clear();
  }
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * The writes of one document merged across events: a single guarded write (`_v` below the first event,
 * `_v` set to the last). Events merge only when the later one names no field the first did not: the
 * server adds new fields in an order of its own per write (FerretDB sorts them), so a merged write
 * leaves the same bytes as the writes one by one exactly when no later write adds a field.
 */
interface MergedWrite {
  type: 'merged';
  id: string;
  upsert: boolean;
  first: number;
  last: number;
  set: Document;
  inc: Document;
}

type PlannedWrite = MergedWrite | { type: 'raw'; operation: AnyBulkWriteOperation };

interface CollectionPlan {
  writes: PlannedWrite[];
  /** Merged writes later changes of the same document may still join, by document id. */
  open: Map<string, MergedWrite>;
}

/** The id of a change that names exactly one document by `_id`, else undefined. */
function singleDocumentId(change: ReadModelChange): string | undefined {
  if (change.kind === 'upsert') return change.id;
  if (change.many) return undefined;
  const keys = Object.keys(change.filter);
  return keys.length === 1 && keys[0] === '_id' && typeof change.filter._id === 'string' ? change.filter._id : undefined;
}

/** Whether an update is made only of `$set` and `$inc` (what merging understands). */
const onlySetAndInc = (update: Document) => Object.keys(update).every((operator) => operator === '$set' || operator === '$inc');

const isSubset = (keys: readonly string[], of: Document) => keys.every((key) => key in of);

function notYetApplied(filter: Document, position: number): Document {
  if (VERSION_FIELD in filter) throw new Error(`a projection's filter may not name ${VERSION_FIELD}`);
  return { ...filter, [VERSION_FIELD]: { $lt: position } };
}

const withVersion = (update: Document, position: number): Document => ({ ...update, $set: { ...((update.$set as Document | undefined) ?? {}), [VERSION_FIELD]: position } });

/** Applies `$set` and `$inc` (dotted paths included) to a copy of `document`, as the server would. */
function updated(document: Document, update: Document): Document {
  const next: Document = structuredClone(document);
  const walk = (path: string, leaf: (parent: Document, key: string) => void) => {
    const parts = path.split('.');
    let parent = next;
    for (const part of parts.slice(0, -1)) {
      if (parent[part] === null || typeof parent[part] !== 'object') parent[part] = {};
      parent = parent[part] as Document;
    }
    leaf(parent, parts[parts.length - 1]!);
  };
  for (const [path, value] of Object.entries((update.$set as Document | undefined) ?? {})) walk(path, (parent, key) => (parent[key] = structuredClone(value)));
  for (const [path, value] of Object.entries((update.$inc as Document | undefined) ?? {})) walk(path, (parent, key) => (parent[key] = ((parent[key] as number | undefined) ?? 0) + (value as number)));
  return next;
}

/** A tracked document after one change at `position`, with the same `_v` guard the server applies. */
function simulate(document: Document | null, change: ReadModelChange, update: Document, id: string, position: number): Document | null {
  if (change.kind === 'delete') return null;
  if (document === null) return change.kind === 'upsert' ? updated({ _id: id }, withVersion(update, position)) : null;
  if (((document[VERSION_FIELD] as number | undefined) ?? -Infinity) >= position) return document;
  return updated(document, withVersion(update, position));
}

export interface BatchPlan {
  /** Ordered writes per (logical) collection. */
  writes: Map<string, AnyBulkWriteOperation[]>;
  /** The copy sources' states after the batch, for the cache once the batch is written. */
  sources: Map<string, Document | null>;
}

/**
 * Plans one batch: every event's changes in order, merged per document where that leaves the same
 * result, copies answered from `sources` (the copied documents' states before the batch) moved along
 * by the batch's own changes. Pure. Each collection's writes keep the order of the events wherever two
 * of them can meet: a change that names documents by anything but `_id` closes every open merge of its
 * collection, so nothing moves across it.
 */
export function planBatch(events: readonly BatchEvent[], sources: ReadonlyMap<string, Document | null>): BatchPlan {
  const state = new Map(sources);
  const sourceCollections = new Set([...state.keys()].map((key) => key.split('\u0000')[0]!));
  const plans = new Map<string, CollectionPlan>();
  const planOf = (collection: string) => plans.get(collection) ?? plans.set(collection, { writes: [], open: new Map() }).get(collection)!;

  for (const { position, changes } of events) {
    for (const change of changes) {
      const update = change.kind === 'upsert' && change.copy ? withCopies(change.update, change.copy, state) : change.kind === 'delete' ? {} : change.update;
      const id = singleDocumentId(change);
      const plan = planOf(change.collection);
      if (id === undefined) {
        if (sourceCollections.has(change.collection)) throw new NotBatchable(`a change of ${change.collection} by ${JSON.stringify(change.kind === 'upsert' ? {} : change.filter)} moves documents copies read`);
        plan.open.clear();
        plan.writes.push({ type: 'raw', operation: rawOperation(change, update, position) });
        continue;
      }
      const key = keyOf(change.collection, id);
      if (state.has(key)) state.set(key, simulate(state.get(key)!, change, update, id, position));
      if (change.kind === 'delete' || !onlySetAndInc(update)) {
        plan.open.delete(id);
        plan.writes.push({ type: 'raw', operation: rawOperation(change, update, position) });
        continue;
      }
      const set = (update.$set as Document | undefined) ?? {};
      const inc = (update.$inc as Document | undefined) ?? {};
      const open = plan.open.get(id);
      const upsert = change.kind === 'upsert';
      if (open && (open.upsert || !upsert) && isSubset(Object.keys(set), open.set) && isSubset(Object.keys(inc), open.inc) && Object.keys(set).every((field) => !(field in open.inc)) && Object.keys(inc).every((field) => !(field in open.set))) {
        open.set = { ...open.set, ...set, [VERSION_FIELD]: position };
        for (const [field, by] of Object.entries(inc)) open.inc[field] = (open.inc[field] as number) + (by as number);
        open.last = position;
        continue;
      }
      const merged: MergedWrite = { type: 'merged', id, upsert, first: position, last: position, set: { ...set, [VERSION_FIELD]: position }, inc: { ...inc } };
      plan.open.set(id, merged);
      plan.writes.push(merged);
    }
  }

  const writes = new Map<string, AnyBulkWriteOperation[]>();
  for (const [collection, plan] of plans) writes.set(collection, plan.writes.map(toOperation));
  return { writes, sources: state };
}

function withCopies(update: Document, copies: readonly CopyFrom[], state: ReadonlyMap<string, Document | null>): Document {
  const copied: Document = {};
  for (const copy of copies) {
    const source = state.get(keyOf(copy.collection, copy.id));
    if (source === undefined) throw new Error(`copy source ${copy.collection}/${copy.id} was not fetched`);
    Object.assign(copied, copiedFields(copy, source));
  }
  return { ...update, $set: { ...((update.$set as Document | undefined) ?? {}), ...copied } };
}

function rawOperation(change: ReadModelChange, update: Document, position: number): AnyBulkWriteOperation {
  if (change.kind === 'delete') return change.many ? { deleteMany: { filter: change.filter } } : { deleteOne: { filter: change.filter } };
  if (change.kind === 'upsert') return { updateOne: { filter: notYetApplied({ _id: change.id }, position), update: withVersion(update, position), upsert: true } };
  const filter = notYetApplied(change.filter, position);
  return change.many ? { updateMany: { filter, update: withVersion(update, position) } } : { updateOne: { filter, update: withVersion(update, position) } };
}

function toOperation(write: PlannedWrite): AnyBulkWriteOperation {
  if (write.type === 'raw') return write.operation;
  const update: Document = Object.keys(write.inc).length > 0 ? { $set: write.set, $inc: write.inc } : { $set: write.set };
  const filter: Document = { _id: write.id, [VERSION_FIELD]: { $lt: write.first } };
  return { updateOne: { filter, update, ...(write.upsert ? { upsert: true } : {}) } };
}

/** The copy sources a batch reads, as keys. */
export function copySourcesOf(events: readonly BatchEvent[]): { collection: string; id: string; key: string }[] {
  const found = new Map<string, { collection: string; id: string; key: string }>();
  for (const { changes } of events)
    for (const change of changes)
      if (change.kind === 'upsert')
        for (const copy of change.copy ?? []) found.set(keyOf(copy.collection, copy.id), { collection: copy.collection, id: copy.id, key: keyOf(copy.collection, copy.id) });
  return [...found.values()];
}

/**
 * Applies a batch of events with one ordered bulkWrite per collection (the collections at once: no
 * write of one collection reads another, copies are answered in memory). Every document's writes keep
 * the order of its events, and each merged write is guarded by the first event it holds, so a crash part
 * way leaves each document at some event of the batch with everything before it applied.
 * A replay over such a state must go event by event (the per-event guards finish what is missing): the
 * runner does so up to the end of any batch that may have been in flight.
 */
export async function applyBatch(
  db: Db,
  events: readonly BatchEvent[],
  rename: (collection: string) => string = (c) => c,
  cache: CopySourceCache = new CopySourceCache(),
  method: BatchMethod = 'fold',
): Promise<void> {
  if (method === 'fold') {
    try {
      await applyFolded(db, events, rename, cache);
      return;
    } catch (error) {
      if (!(error instanceof NotFoldable)) throw error;
      // Nothing written yet: the merged writes below can follow what the fold does not model.
    }
  }
  await applyMerged(db, events, rename, cache);
}

/** How a batch is written: folded in memory (one write per document), or merged writes per document (the earlier path). */
export type BatchMethod = 'fold' | 'merge';

/** A document changed on the server since it was read (another run writing the same read model): the batch goes event by event. */
export class BatchConflict extends Error {
  override readonly name = 'BatchConflict';
}

/**
 * The batch folded in memory (`ReadModelFold`, as a rebuild does) over the documents it touches, each
 * read once (or known from the cache), then one write per document that changed: new ones inserted in
 * one command per collection, changed ones replaced whole and deleted ones deleted, each guarded by
 * the `_v` it was read with, so that a document somebody else wrote in between is never overwritten
 * (the counts come short and the batch fails, to go event by event). Nothing is ever removed and put
 * back: a reader sees each document before or after the batch. A crash part way leaves each document
 * either as it was or at its last event of the batch, which the replay up to the mark finishes.
 */
async function applyFolded(db: Db, events: readonly BatchEvent[], rename: (collection: string) => string, cache: CopySourceCache): Promise<void> {
  const named = new Map<string, Set<string>>();
  const filters: { collection: string; filter: Document }[] = [];
  const name = (collection: string, id: string) => (named.get(collection) ?? named.set(collection, new Set()).get(collection)!).add(id);
  for (const { changes } of events)
    for (const change of changes) {
      const id = singleDocumentId(change);
      if (id !== undefined) name(change.collection, id);
      else if (change.kind !== 'upsert') filters.push({ collection: change.collection, filter: change.filter });
      if (change.kind === 'upsert') for (const copy of change.copy ?? []) name(copy.collection, copy.id);
    }
  if (filters.length > 0 && !filters.every(({ filter }) => foldableFilter(filter))) throw new NotFoldable('a filter the fold does not model');

  // The documents as they stand before the batch, by collection and id (null: absent).
  const before = new Map<string, Map<string, Document | null>>();
  const put = (collection: string, id: string, document: Document | null) => (before.get(collection) ?? before.set(collection, new Map()).get(collection)!).set(id, document);
  const probes = [...new Set([...named.keys(), ...filters.map(({ collection }) => collection)])].filter((collection) => cache.needsProbe(collection));
  await Promise.all(probes.map(async (collection) => cache.probedEmpty(collection, (await db.collection(rename(collection)).findOne({}, { projection: { _id: 1 } })) === null)));
  const fetches: Promise<void>[] = [];
  for (const [collection, ids] of named) {
    const unknown: string[] = [];
    for (const id of ids) {
      const known = cache.get(keyOf(collection, id));
      if (known !== undefined) put(collection, id, known);
      else if (cache.isAbsent(collection, id)) put(collection, id, null);
      else unknown.push(id);
    }
    for (let start = 0; start < unknown.length; start += FETCH_CHUNK) {
      const chunk = unknown.slice(start, start + FETCH_CHUNK);
      fetches.push(
        fetchByIds(db.collection(rename(collection)), chunk).then((found) => {
          for (const id of chunk) put(collection, id, found.get(id) ?? null);
        }),
      );
    }
  }
  for (const { collection, filter } of filters)
    fetches.push(
      db
        .collection(rename(collection))
        .find(filter)
        .toArray()
        .then((documents) => {
          for (const document of documents) {
            const id = String(document._id);
            if (before.get(collection)?.get(id) === undefined) put(collection, id, cache.get(keyOf(collection, id)) ?? document);
          }
        }),
    );
  await Promise.all(fetches);

  const fold = new ReadModelFold();
  for (const [collection, documents] of before) fold.seed(collection, [...documents.values()].filter((document) => document !== null).map((document) => structuredClone(document)));
  for (const { position, changes } of events) fold.apply(changes, position);

  const after = fold.documents();
  const states = new Map<string, Document | null>();
  const writes = [...before].map(([collection, documents]) => {
    const deletes: AnyBulkWriteOperation[] = [];
    const replaces: AnyBulkWriteOperation[] = [];
    const inserts: AnyBulkWriteOperation[] = [];
    for (const [id, old] of documents) {
      const now = after.get(collection)?.get(id) ?? null;
      states.set(keyOf(collection, id), now);
      if (old === null) {
        if (now !== null) inserts.push({ insertOne: { document: now } });
      } else if (now === null) deletes.push({ deleteOne: { filter: { _id: id, [VERSION_FIELD]: old[VERSION_FIELD] } as Document } });
      else if (now[VERSION_FIELD] !== old[VERSION_FIELD]) replaces.push({ replaceOne: { filter: { _id: id, [VERSION_FIELD]: old[VERSION_FIELD] } as Document, replacement: now } });
    }
    return { collection, deletes, replaces, inserts };
  });
  try {
    // Every write settled before a failure is reported: what follows (event by event) never overlaps one still running.
    const settled = await Promise.allSettled(
      writes.flatMap(({ collection, deletes, replaces, inserts }) => {
        const target = db.collection(rename(collection));
        // Each document has one write here, so none of them waits for another: dealt over a few commands
        // at once, which the server runs on as many connections. New documents: 2,000 inserts took 0.45 s
        // in one command, 0.3 s in four (issue 14). Changed ones: FerretDB replaces a document with a
        // SELECT and an UPDATE of its own, one after another in a command, about 1.4 ms each, which held
        // the applications projection to about 700 status changes a second on one connection.
        const changed = dealt([...deletes, ...replaces], CHANGE_CHUNK);
        const added = dealt(inserts, INSERT_CHUNK);
        return [
          ...changed.map(({ operations, deleted, replaced }) =>
            target.bulkWrite(operations, { ordered: true, ...REDOABLE }).then((result) => {
              if (result.deletedCount !== deleted || result.matchedCount !== replaced)
                throw new BatchConflict(`${collection} changed on the server while a batch was written (${result.deletedCount}/${deleted} deleted, ${result.matchedCount}/${replaced} replaced)`);
            }),
          ),
          ...added.map(({ operations }) =>
            target.bulkWrite(operations, { ordered: true, ...REDOABLE }).then((result) => {
              if (result.insertedCount !== operations.length) throw new BatchConflict(`${collection}: ${result.insertedCount}/${operations.length} inserted`);
            }),
          ),
        ];
      }),
    );
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    cache.clear();
    throw error;
  }
  cache.commit(states);
}

/**
 * Documents read by one query (and one connection) when a batch fetches what it changes. The local
 * server answers an $in under its limit of 1,000 values through PostgreSQL's index.
 */
const FETCH_CHUNK = 500;

/**
 * The documents of `ids` that exist, by id: one query, not one per document. A status-change batch
 * names hundreds of documents, and a findOne each took every connection of the process's pool for
 * seconds, stalling the checkpoints and batches of every other projection behind them (issue 14's lag).
 * Sorted by `_id` because the local FerretDB answers an $in from PostgreSQL's index only for a sorted
 * find (exact-pushdown.patch), and scans the table otherwise; on MongoDB both ride the _id index.
 */
async function fetchByIds(collection: Collection, ids: readonly string[]): Promise<Map<string, Document>> {
  const documents = await collection.find({ _id: { $in: ids } } as Document).sort({ _id: 1 }).toArray();
  return new Map(documents.map((document) => [String(document._id), document]));
}

/** A collection's writes of a batch go in up to this many commands at once, each of at least a chunk of them. */
const WRITE_WAYS = 4;
const INSERT_CHUNK = 250;
/** Smaller: a replace costs the server a few times an insert, and live batches of status changes are small. */
const CHANGE_CHUNK = 50;

/** Writes of distinct documents dealt into up to `WRITE_WAYS` commands of at least `chunk` writes each, in order. */
export function dealt(operations: AnyBulkWriteOperation[], chunk: number): { operations: AnyBulkWriteOperation[]; deleted: number; replaced: number }[] {
  const size = Math.max(chunk, Math.ceil(operations.length / WRITE_WAYS));
  return Array.from({ length: Math.ceil(operations.length / size) }, (_, index) => {
    const part = operations.slice(index * size, (index + 1) * size);
    return { operations: part, deleted: part.filter((operation) => 'deleteOne' in operation).length, replaced: part.filter((operation) => 'replaceOne' in operation).length };
  });
}

/** Whether the fold models a filter of a change by other fields than `_id` (top-level equalities and `{ $ne: null }`). */
function foldableFilter(filter: Document): boolean {
  return Object.entries(filter).every(
    ([field, condition]) =>
      !field.includes('.') && !field.startsWith('$') && (typeof condition === 'string' || typeof condition === 'boolean' || (condition !== null && typeof condition === 'object' && Object.keys(condition as Document).length === 1 && (condition as Document).$ne === null)),
  );
}

/** The batch as merged writes per document, one ordered bulkWrite per collection (the path before folding). */
async function applyMerged(db: Db, events: readonly BatchEvent[], rename: (collection: string) => string, cache: CopySourceCache): Promise<void> {
  // These writes add documents the cache does not follow.
  cache.forgetCompleteness();
  // Cached documents this batch changes are followed too, or the cache would fall behind them.
  const touched = events.flatMap(({ changes }) =>
    changes.flatMap((change) => {
      const id = singleDocumentId(change);
      if (id === undefined && cache.holds(change.collection)) cache.clear();
      return id !== undefined && cache.get(keyOf(change.collection, id)) !== undefined ? [{ collection: change.collection, id, key: keyOf(change.collection, id) }] : [];
    }),
  );
  const needed = [...copySourcesOf(events), ...touched];
  const sources = new Map<string, Document | null>();
  const missing = needed.filter(({ key }) => {
    const known = cache.get(key);
    if (known !== undefined) sources.set(key, known);
    return known === undefined;
  });
  const fetched = await Promise.all(missing.map(({ collection, id }) => db.collection(rename(collection)).findOne({ _id: id } as Document)));
  missing.forEach(({ key }, index) => sources.set(key, fetched[index] ?? null));
  const plan = planBatch(events, sources);
  try {
    await Promise.all([...plan.writes].map(([collection, operations]) => (operations.length === 0 ? undefined : db.collection(rename(collection)).bulkWrite(operations, { ordered: true, ...REDOABLE }))));
  } catch (error) {
    cache.clear();
    throw error;
  }
  cache.commit(plan.sources);
}
