/** The total of all matches a paged list reply announces (X-Total-Count), else what the page holds. */
export function totalOf(headers: unknown, fallback: number): number {
  const source = headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  const raw = typeof source?.get === 'function' ? source.get('x-total-count') : source?.['x-total-count'];
  const total = Number(raw);
  return Number.isFinite(total) && raw !== null && raw !== undefined && raw !== '' ? total : fallback;
}
