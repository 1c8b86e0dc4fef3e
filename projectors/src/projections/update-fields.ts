/** `{ a: 1 }` under 'job' is `{ 'job.a': 1 }`: an update of some fields of an embedded document. */
export const prefixedFields = (prefix: string, fields: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}.${key}`, value]));

/** `inc` over every one of `counters` (0 for the others), so a statistics document holds all its counters from its first event on. */
export const everyCounter = <Counter extends string>(counters: readonly Counter[], inc: Partial<Record<Counter, number>>): Record<Counter, number> =>
  Object.fromEntries(counters.map((counter) => [counter, inc[counter] ?? 0])) as Record<Counter, number>;
