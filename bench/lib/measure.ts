import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface PhaseResult {
  name: string;
  operations: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))]!;
}

/**
 * Runs `clients` loops at once; each calls `operation(client, iteration)` until the phase has lasted
 * `seconds` or `maxOperations` were started. Bounded in time and in count.
 */
export async function runClients(
  name: string,
  clients: number,
  seconds: number,
  maxOperations: number,
  operation: (client: number, iteration: number) => Promise<boolean>,
): Promise<PhaseResult> {
  const latenciesMs: number[] = [];
  let started = 0;
  let failures = 0;
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let iteration = 0; performance.now() < deadline && started < maxOperations; iteration++) {
        started += 1;
        const t0 = performance.now();
        const ok = await operation(client, iteration).catch(() => false);
        latenciesMs.push(performance.now() - t0);
        if (!ok) failures += 1;
      }
    }),
  );
  return { name, operations: latenciesMs.length, failures, seconds: (performance.now() - begin) / 1000, latenciesMs };
}

/** A phase's rate against its baseline's, in the words that fit: '2.0x slower', '1.3x faster'. */
export const versus = (baselineRate: number, rate: number): string =>
  rate >= baselineRate ? (rate === baselineRate ? '1.0x' : `${(rate / baselineRate).toFixed(1)}x faster`) : `${(baselineRate / rate).toFixed(1)}x slower`;

export function printTable(results: PhaseResult[], baselineIndex = 0): void {
  const baseline = results[baselineIndex]!;
  const rate = (r: PhaseResult) => r.operations / r.seconds;
  // Wide enough for the longest phase name, so the figures line up.
  const nameWidth = Math.max(34, ...results.map((result) => result.name.length + 2));
  console.log(`\n${'phase'.padEnd(nameWidth)}${'ops'.padStart(8)}${'fail'.padStart(6)}${'ops/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'vs baseline'.padStart(13)}`);
  for (const result of results) {
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    console.log(
      `${result.name.padEnd(nameWidth)}${String(result.operations).padStart(8)}${String(result.failures).padStart(6)}${rate(result).toFixed(0).padStart(10)}${percentile(sorted, 50).toFixed(1).padStart(10)}${percentile(sorted, 99).toFixed(1).padStart(10)}${versus(rate(baseline), rate(result)).padStart(13)}`,
    );
  }
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`refusing to load ${host}: benchmarks only target this machine`);
}

// USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).
export const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time the whole machine has spent busy so far, in ms (Linux /proc/stat: every state but idle and iowait; NaN elsewhere). */
export function machineBusyMs(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
