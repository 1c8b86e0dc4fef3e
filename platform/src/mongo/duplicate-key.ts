/** MongoDB's (and FerretDB's) error code for a write that would duplicate a unique index key. */
export const DUPLICATE_KEY_CODE = 11000;

interface WriteFailure {
  name?: unknown;
  code?: unknown;
  writeErrors?: unknown;
}

const isBulkWriteError = (error: WriteFailure): boolean => error.name === 'MongoBulkWriteError' || 'writeErrors' in error;

/**
 * Whether a write failed only because a unique key exists already, the one failure that means "this
 * is written already" to an idempotent writer. A bulk write's error counts only when it lists its
 * failed writes and every one of them is a duplicate key: an empty or missing list (a write-concern
 * failure, a network error part way) or one other code means the write did not happen. Anything
 * else, a network error or a timeout or an index key the server cannot hold, is not a duplicate.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as WriteFailure;
  if (isBulkWriteError(failure)) {
    const writeErrors = failure.writeErrors;
    return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((writeError) => (writeError as { code?: unknown } | null)?.code === DUPLICATE_KEY_CODE);
  }
  return failure.code === DUPLICATE_KEY_CODE;
}
