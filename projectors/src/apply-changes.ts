import type { Db, Document } from 'mongodb';
import { VERSION_FIELD, type CopyFrom, type ReadModelChange } from './projection';

const isDuplicateKey = (error: unknown) =>
  (error as { code?: number }).code === 11000 || ((error as { writeErrors?: { code: number }[] }).writeErrors ?? []).every((e) => e.code === 11000);

/** Only documents that have not seen this event yet. */
const notYetApplied = (position: number): Document => ({ $or: [{ [VERSION_FIELD]: { $lt: position } }, { [VERSION_FIELD]: { $exists: false } }] });

function withVersion(update: Document, position: number): Document {
  const set = (update.$set as Document | undefined) ?? {};
  return { ...update, $set: { ...set, [VERSION_FIELD]: position } };
}

/** The update with each copy's current source fields added to its `$set`. */
async function withCopies(db: Db, update: Document, copies: readonly CopyFrom[], rename: (collection: string) => string): Promise<Document> {
  const copied: Document = {};
  for (const copy of copies) {
    const source = await db.collection(rename(copy.collection)).findOne({ _id: copy.id } as Document);
    copied[copy.into] = source ? Object.fromEntries(copy.fields.map((field) => [field, source[field] ?? null])) : null;
  }
  return { ...update, $set: { ...((update.$set as Document | undefined) ?? {}), ...copied } };
}

/**
 * Applies one event's changes, each guarded by the document's `_v`. An upsert whose document already
 * carries this event misses the guard and tries to insert a second document with the same `_id`;
 * the duplicate-key error that follows means "already applied" and is ignored.
 */
export async function applyChanges(db: Db, changes: ReadModelChange[], position: number, rename: (collection: string) => string = (c) => c): Promise<void> {
  for (const change of changes) {
    const collection = db.collection(rename(change.collection));
    if (change.kind === 'delete') {
      await (change.many ? collection.deleteMany(change.filter) : collection.deleteOne(change.filter));
      continue;
    }
    if (change.kind === 'update') {
      const filter = { $and: [change.filter, notYetApplied(position)] };
      await (change.many ? collection.updateMany(filter, withVersion(change.update, position)) : collection.updateOne(filter, withVersion(change.update, position)));
      continue;
    }
    const update = change.copy ? await withCopies(db, change.update, change.copy, rename) : change.update;
    try {
      await collection.updateOne({ _id: change.id, ...notYetApplied(position) } as Document, withVersion(update, position), { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
