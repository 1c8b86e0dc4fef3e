import type { Collection, Document } from '@placement/platform';

/**
 * Creates each index with its own call: FerretDB 1.24 drops the connection when one `createIndexes`
 * call names several indexes that already exist (seen on the local stack), which is every restart.
 */
export async function ensureIndexes<Schema extends Document>(collection: Collection<Schema>, keys: Record<string, 1 | -1>[]): Promise<void> {
  for (const key of keys) await collection.createIndex(key);
}
