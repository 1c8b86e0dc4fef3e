import { MongoBulkWriteError, MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { DUPLICATE_KEY_CODE, isDuplicateKeyError } from './duplicate-key';

const serverError = (code: number, message = 'write failed') => new MongoServerError({ message, code, ok: 0 });
const bulkError = (writeErrors: { code: number }[] | undefined, code?: number) => {
  const error = new MongoBulkWriteError({ message: 'bulk write failed', code: code as never, writeErrors: writeErrors as never }, {} as never);
  if (writeErrors === undefined) delete (error as { writeErrors?: unknown }).writeErrors;
  return error;
};

describe('the one duplicate-key test', () => {
  it('a plain duplicate-key error is a duplicate', () => {
    expect(isDuplicateKeyError(serverError(DUPLICATE_KEY_CODE, 'E11000 duplicate key error'))).toBe(true);
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
  });

  it('a bulk error whose failed writes are all duplicate keys is a duplicate', () => {
    expect(isDuplicateKeyError(bulkError([{ code: 11000 }, { code: 11000 }], 11000))).toBe(true);
  });

  it('a bulk error with an empty or missing list of failed writes is not', () => {
    expect(isDuplicateKeyError(bulkError([]))).toBe(false);
    expect(isDuplicateKeyError(bulkError([], 11000))).toBe(false);
    expect(isDuplicateKeyError(bulkError(undefined, 11000))).toBe(false);
    expect(isDuplicateKeyError({ writeErrors: [] })).toBe(false);
  });

  it('a bulk error with any other code among its failed writes is not', () => {
    expect(isDuplicateKeyError(bulkError([{ code: 11000 }, { code: 17280 }], 11000))).toBe(false);
    expect(isDuplicateKeyError(bulkError([{ code: 2 }]))).toBe(false);
  });

  it('a network error, a timeout, an index key too large, or anything else is not', () => {
    expect(isDuplicateKeyError(new MongoNetworkError('connection reset'))).toBe(false);
    expect(isDuplicateKeyError(new MongoServerSelectionError('Server selection timed out after 5000 ms', {} as never))).toBe(false);
    expect(isDuplicateKeyError(serverError(17280, 'key too large to index'))).toBe(false);
    expect(isDuplicateKeyError(serverError(1, 'index row size 3016 exceeds btree version 4 maximum 2704'))).toBe(false);
    expect(isDuplicateKeyError(new Error('ECONNRESET'))).toBe(false);
    expect(isDuplicateKeyError(undefined)).toBe(false);
    expect(isDuplicateKeyError('E11000')).toBe(false);
  });
});
