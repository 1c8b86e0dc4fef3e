import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support/processes';

/** One fault, measured. Times in milliseconds. */
export interface FaultResult {
  fault: string;
  /** From the kill until the restarted server or service answered its health probe. */
  downMs: number;
  /** Commands answered 2xx while it was down (and restarting), and from then until the checks. */
  acceptedDuring: number;
  acceptedAfter: number;
  /** Requests of any kind answered 503 while it was down, and how many of them carried Retry-After. */
  unavailable: number;
  unavailableWithRetryAfter: number;
  /** Other failures while it was down or recovering: status (or 'timeout', 'connection') and count. */
  otherFailures: Record<string, number>;
  maxResponseMsDuring: number;
  /** From the restart until every service was ready and every kind of command succeeded again. */
  recoveryMs: number;
  /** Mails the SMTP server received during this fault's phase; duplicates the notifier detected (and did not send twice); copies beyond one in the inbox. */
  mailsSent: number;
  duplicatesDetected: number;
  duplicatesInInbox: number;
  /** Accepted commands missing from the log or the read models, mails not sent or lost; empty when all held. */
  problems: string[];
  readModelsEqualRebuild: boolean;
  /** A service that exited by itself (a manual restart would have been needed). */
  unexpectedExits: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const failuresText = (failures: Record<string, number>) =>
  Object.entries(failures)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ') || 'none';

export function resultTable(results: readonly FaultResult[]): string {
  const header = [
    'fault (SIGKILL, restart)',
    'down',
    'commands accepted during / after',
    '503s seen (with Retry-After)',
    'other failures',
    'max response during outage',
    'recovery after restart',
    'mails sent / duplicates detected / duplicates in inbox',
    'read models equal rebuild',
    'all accepted commands in log and read models, every mail once',
  ];
  const rows = results.map((result) => [
    result.fault,
    seconds(result.downMs),
    `${result.acceptedDuring} / ${result.acceptedAfter}`,
    `${result.unavailable} (${result.unavailableWithRetryAfter})`,
    failuresText(result.otherFailures),
    seconds(result.maxResponseMsDuring),
    seconds(result.recoveryMs),
    `${result.mailsSent} / ${result.duplicatesDetected} / ${result.duplicatesInInbox}`,
    result.readModelsEqualRebuild ? 'yes' : 'no',
    result.problems.length === 0 && result.unexpectedExits.length === 0 ? 'yes' : `no: ${[...result.unexpectedExits, ...result.problems].slice(0, 5).join('; ')}`,
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

const BEGIN = '<!-- fault table: written by tests/faults (npm run test:faults) -->';
const END = '<!-- end of fault table -->';

/** Replaces the table between the markers of docs/reliability.md with this run's. */
export function writeReliabilityTable(results: readonly FaultResult[], context: string): void {
  const file = path.join(repoRoot, 'docs', 'reliability.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no fault table markers`);
  fs.writeFileSync(file, `${text.slice(0, start + BEGIN.length)}\n${context}\n\n${resultTable(results)}\n${text.slice(end)}`);
}
