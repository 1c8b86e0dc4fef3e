import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';

/** One write a read-model collection is asked for. */
export interface WriteCall {
  collection: string;
  method: 'updateOne' | 'updateMany' | 'deleteOne' | 'deleteMany' | 'findOne';
  filter: Record<string, unknown>;
  update?: Record<string, unknown>;
}

const WRITES: readonly WriteCall['method'][] = ['updateOne', 'updateMany', 'deleteOne', 'deleteMany'];

/**
 * `db` as the projectors see it, except that each write (or each call of `methods`) first asks `fault`,
 * which may return an error to throw instead (a network error for the N-th write, a permanent failure for
 * one document, a read-model server that is down). Everything else goes to the real server.
 */
export function faultyDb(db: Db, fault: (call: WriteCall) => Error | undefined, methods: readonly WriteCall['method'][] = WRITES): Db {
  const faultable = new Set<string>(methods);
  const wrap = (collection: Collection, name: string): Collection =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        // A bulk write fails as a whole when any of its writes would (asked in order, up to the first that fails).
        if (property === 'bulkWrite' && typeof value === 'function')
          return (operations: AnyBulkWriteOperation[], ...rest: unknown[]) => {
            for (const operation of operations) {
              const [method, spec] = Object.entries(operation)[0]! as [string, { filter: Record<string, unknown>; update?: Record<string, unknown> }];
              if (!faultable.has(method)) continue;
              const error = fault({ collection: name, method: method as WriteCall['method'], filter: spec.filter, ...(spec.update ? { update: spec.update } : {}) });
              if (error) return Promise.reject(error);
            }
            return (value as (...args: unknown[]) => unknown).call(target, operations, ...rest);
          };
        if (typeof property !== 'string' || !faultable.has(property) || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (filter: Record<string, unknown>, update?: Record<string, unknown>, ...rest: unknown[]) => {
          const error = fault({ collection: name, method: property as WriteCall['method'], filter, ...(update && (property === 'updateOne' || property === 'updateMany') ? { update } : {}) });
          if (error) return Promise.reject(error);
          return (value as (...args: unknown[]) => unknown).call(target, filter, update, ...rest);
        };
      },
    });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'collection') return (name: string, options?: unknown) => wrap(target.collection(name, options as never), name);
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
