import type { Document } from 'mongodb';
import { copiedFields, VERSION_FIELD, type ReadModelChange } from './projection';

/** The fold meets a change it does not model exactly: the rebuild goes through the server instead. */
export class NotFoldable extends Error {
  override readonly name = 'NotFoldable';
}

/** Byte order of UTF-8 strings, as the server sorts an update's fields (FerretDB: `strings.Compare`). */
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const isPlainObject = (value: unknown): value is Document => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * `update` applied to `document` (changed in place) as the server applies `$set`, `$inc` and `$addToSet`
 * of one string (a missing field becomes a list of it; a listed string is not added again): every
 * field path of every operator in byte order, a field that exists changed where it stands, a new one
 * added at the end of its (possibly new) embedded document. MongoDB 5.0 and FerretDB both apply an
 * update's fields in this order, which is what decides the field order of the stored document.
 */
export function applyUpdate(document: Document, update: Document): void {
  const operations: { path: string; operator: string; value: unknown }[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (operator !== '$set' && operator !== '$inc' && operator !== '$addToSet') throw new NotFoldable(`update operator ${operator}`);
    for (const [path, value] of Object.entries(fields as Document)) operations.push({ path, operator, value });
  }
  operations.sort((a, b) => byteOrder(a.path, b.path));
  for (const { path, operator, value } of operations) {
    const parts = path.split('.');
    let parent = document;
    for (const part of parts.slice(0, -1)) {
      if (/^\d+$/.test(part)) throw new NotFoldable(`array path ${path}`);
      if (parent[part] === undefined) parent[part] = {};
      else if (!isPlainObject(parent[part])) throw new NotFoldable(`path ${path} through a value`);
      parent = parent[part] as Document;
    }
    const key = parts[parts.length - 1]!;
    if (operator === '$set') parent[key] = structuredClone(value);
    else if (operator === '$addToSet') {
      const current = parent[key];
      // Strings only: the server compares other values by BSON type and value, which JavaScript does not keep.
      if (typeof value !== 'string' || (current !== undefined && !(Array.isArray(current) && current.every((item) => typeof item === 'string')))) {
        throw new NotFoldable(`$addToSet of ${path} beyond strings`);
      }
      if (current === undefined) parent[key] = [value];
      else if (!(current as string[]).includes(value)) (current as string[]).push(value);
    } else {
      const current = parent[key];
      if (typeof value !== 'number' || !Number.isInteger(value) || (current !== undefined && (typeof current !== 'number' || !Number.isInteger(current)))) throw new NotFoldable(`$inc of ${path} with a non-integer`);
      const sum = ((current as number | undefined) ?? 0) + value;
      // Past 32 bits the server widens to a 64-bit integer, which a JavaScript number would not round-trip as.
      if (Math.abs(sum) > 2 ** 31 - 1) throw new NotFoldable(`$inc of ${path} past 32 bits`);
      parent[key] = sum;
    }
  }
}

/** Whether `document` matches a filter of top-level equalities and `{ $ne: null }` (what projections filter by). */
function matches(document: Document, filter: Document): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field.includes('.')) throw new NotFoldable(`filter on the path ${field}`);
    if (isPlainObject(condition)) {
      const keys = Object.keys(condition);
      if (keys.length === 1 && keys[0] === '$ne' && condition.$ne === null) return document[field] !== undefined && document[field] !== null;
      throw new NotFoldable(`filter condition ${JSON.stringify(condition)}`);
    }
    if (typeof condition !== 'string' && typeof condition !== 'boolean') throw new NotFoldable(`filter value of ${field}`);
    return document[field] === condition;
  });
}

/**
 * A projection's read model built in memory from the log: each event's changes applied as the server
 * would, with the same `_v` guard, so that inserting the documents at the end leaves the bytes the
 * catch-up leaves (tested against it). Only what the projections use is modelled (upserts and updates
 * by `_id` or by top-level equality, `$set`, `$inc`, `$addToSet` of a string, copies, deletes); anything
 * else is `NotFoldable`.
 */
export class ReadModelFold {
  private readonly collections = new Map<string, Map<string, Document>>();
  /** Documents by the value of a field a filter named, per collection, kept as documents change. */
  private readonly indexes = new Map<string, Map<string, Map<unknown, Set<string>>>>();

  private collection(name: string): Map<string, Document> {
    return this.collections.get(name) ?? this.collections.set(name, new Map()).get(name)!;
  }

  /** Every collection's documents (collections never written are absent). */
  documents(): ReadonlyMap<string, ReadonlyMap<string, Document>> {
    return this.collections;
  }

  get size(): number {
    let size = 0;
    for (const documents of this.collections.values()) size += documents.size;
    return size;
  }

  /**
   * Starts the fold from documents the server holds (a catch-up batch folds on top of them): each is
   * taken as it stands, and changed in place from then on. Before any change is applied.
   */
  seed(collection: string, documents: Iterable<Document>): void {
    const target = this.collection(collection);
    for (const document of documents) target.set(document._id as string, document);
  }

  apply(changes: readonly ReadModelChange[], position: number): void {
    for (const change of changes) this.applyChange(change, position);
  }

  private applyChange(change: ReadModelChange, position: number): void {
    if (change.kind !== 'upsert' && VERSION_FIELD in change.filter) throw new Error(`a projection's filter may not name ${VERSION_FIELD}`);
    if (change.kind === 'upsert') {
      const current = this.collection(change.collection).get(change.id);
      if (current && this.seen(current, position)) return;
      const before = current && this.indexedValues(change.collection, current);
      const document = current ?? { _id: change.id };
      applyUpdate(document, withVersion(this.withCopies(change), position));
      this.write(change.collection, change.id, document, before);
      return;
    }
    const ids = this.matching(change.collection, change.filter, change.many === true);
    for (const id of ids) {
      const current = this.collection(change.collection).get(id)!;
      const before = this.indexedValues(change.collection, current);
      if (change.kind === 'delete') {
        this.write(change.collection, id, null, before);
        continue;
      }
      if (this.seen(current, position)) continue;
      applyUpdate(current, withVersion(change.update, position));
      this.write(change.collection, id, current, before);
    }
  }

  private seen = (document: Document, position: number) => ((document[VERSION_FIELD] as number | undefined) ?? -Infinity) >= position;

  private withCopies(change: Extract<ReadModelChange, { kind: 'upsert' }>): Document {
    if (!change.copy) return change.update;
    const copied: Document = {};
    for (const copy of change.copy) {
      const source = this.collection(copy.collection).get(copy.id);
      Object.assign(copied, copiedFields(copy, source ?? null));
    }
    return { ...change.update, $set: { ...((change.update.$set as Document | undefined) ?? {}), ...copied } };
  }

  /** The ids a filter names, in insertion order; one-document changes must name it by `_id`. */
  private matching(collection: string, filter: Document, many: boolean): string[] {
    const keys = Object.keys(filter);
    if (keys.length === 1 && keys[0] === '_id') {
      if (typeof filter._id !== 'string') throw new NotFoldable('filter by a non-string _id');
      return this.collection(collection).has(filter._id) ? [filter._id] : [];
    }
    if (!many) throw new NotFoldable(`one-document change by ${keys.join(', ')}`);
    const equality = keys.find((key) => typeof filter[key] === 'string');
    const candidates = equality === undefined ? this.collection(collection).keys() : (this.index(collection, equality).get(filter[equality]) ?? new Set<string>()).values();
    const documents = this.collection(collection);
    return [...candidates].filter((id) => matches(documents.get(id)!, filter));
  }

  private index(collection: string, field: string): Map<unknown, Set<string>> {
    const byField = this.indexes.get(collection) ?? this.indexes.set(collection, new Map()).get(collection)!;
    let index = byField.get(field);
    if (!index) {
      index = new Map();
      for (const [id, document] of this.collection(collection)) add(index, document[field], id);
      byField.set(field, index);
    }
    return index;
  }

  /** The values of the indexed fields of a document about to change (changes happen in place). */
  private indexedValues(collection: string, document: Document): Map<string, unknown> {
    return new Map([...(this.indexes.get(collection)?.keys() ?? [])].map((field) => [field, document[field]]));
  }

  private write(collection: string, id: string, document: Document | null, before: Map<string, unknown> | undefined): void {
    const documents = this.collection(collection);
    for (const [field, index] of this.indexes.get(collection) ?? []) {
      if (before?.has(field) && before.get(field) !== document?.[field]) index.get(before.get(field))?.delete(id);
      if (document) add(index, document[field], id);
    }
    if (document) documents.set(id, document);
    else documents.delete(id);
  }
}

/** The update with `_v` among its `$set`: one update, whose fields the server orders together. */
const withVersion = (update: Document, position: number): Document => ({ ...update, $set: { ...((update.$set as Document | undefined) ?? {}), [VERSION_FIELD]: position } });

function add(index: Map<unknown, Set<string>>, value: unknown, id: string): void {
  if (value === undefined) return;
  (index.get(value) ?? index.set(value, new Set()).get(value)!).add(id);
}
