import type { ProjectionLag, StuckProjection } from '@placement/domain';

/** One sample of the Prometheus text exposition format: `name{label="value",...} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\S+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescapeLabel = (value: string): string => value.replace(/\\(.)/g, (_match, char: string) => (char === 'n' ? '\n' : char));

function sampleValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** The samples of the named metrics (all of them when none are named); comments and other lines are skipped. */
export function parseSamples(text: string, names?: readonly string[]): Sample[] {
  const wanted = names ? new Set(names) : null;
  const samples: Sample[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) continue;
    const [, name, labelText, valueText] = match;
    if (wanted && !wanted.has(name!)) continue;
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(LABEL)].map(([, key, value]) => [key!, unescapeLabel(value!)]));
    samples.push({ name: name!, labels, value: sampleValue(valueText!) });
  }
  return samples;
}

/** One projection's lag and the event it is stuck at, as the system status contract has them. */
export type { ProjectionLag, StuckProjection };

export const PROJECTION_METRICS = { events: 'projection_lag_events', seconds: 'projection_lag_seconds', position: 'projection_position' } as const;

/** What the projectors report of a stuck projection (projectors/src/lag.ts). */
export const STUCK_METRICS = { event: 'projection_stuck_event', attempts: 'projection_stuck_attempts', seconds: 'projection_stuck_seconds' } as const;

/** Each projection's lag from the projectors' /metrics, in the order the projectors list them. */
export function projectionLags(metricsText: string): ProjectionLag[] {
  const byProjection = new Map<string, ProjectionLag>();
  const entry = (projection: string): ProjectionLag => {
    let found = byProjection.get(projection);
    if (!found) {
      found = { projection, lagEvents: 0, lagSeconds: 0, position: null, stuck: null };
      byProjection.set(projection, found);
    }
    return found;
  };
  for (const sample of parseSamples(metricsText, Object.values(PROJECTION_METRICS))) {
    const projection = sample.labels.projection;
    if (projection === undefined) continue;
    if (sample.name === PROJECTION_METRICS.events) entry(projection).lagEvents = sample.value;
    else if (sample.name === PROJECTION_METRICS.seconds) entry(projection).lagSeconds = sample.value;
    else entry(projection).position = sample.value;
  }
  const stuckSamples = parseSamples(metricsText, Object.values(STUCK_METRICS));
  const valueOf = (name: string, projection: string) => stuckSamples.find((sample) => sample.name === name && sample.labels.projection === projection)?.value ?? 0;
  for (const sample of stuckSamples) {
    const { projection, position, type, error } = sample.labels;
    if (sample.name !== STUCK_METRICS.event || projection === undefined || sample.value !== 1 || !byProjection.has(projection)) continue;
    entry(projection).stuck = {
      position: Number(position),
      eventType: type ?? '',
      error: error ?? '',
      attempts: valueOf(STUCK_METRICS.attempts, projection),
      seconds: valueOf(STUCK_METRICS.seconds, projection),
    };
  }
  return [...byProjection.values()];
}
