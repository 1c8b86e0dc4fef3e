/**
 * Faults survived, measured. A copy of the stack's servers of its own (tests/faults/stack.ts), the five
 * services as real processes and a gateway in front of them carry a steady mixed load while, one at a
 * time, a server or a service is killed with SIGKILL and started again. After each fault, with the load
 * paused: every command answered 2xx is in the event log and in the read models, the read models equal
 * a clean rebuild, every mailed event was sent exactly once (the SMTP server holds each Message-ID once),
 * no service had to be restarted by hand, and while a dependency was down requests were answered 503
 * with Retry-After within a bounded time.
 *
 * `npm test` runs the short variant (three faults); `npm run test:faults` runs every fault and writes
 * the table into docs/reliability.md. The services run from their build (`tsc -b` first, as both do).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_TIMEOUT_MS } from './load';
import { resultTable, writeReliabilityTable, type FaultResult } from './report';
import { FaultRun, type Fault } from './run';

const FULL = process.env.FAULT_RUN === 'full';
/** How long each killed server or service stays down before it is started again (FAULT_OUTAGE_MS to try others). */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 6_000);

const ALL_FAULTS: Fault[] = [
  { server: 'postgres' },
  { server: 'kafka' },
  { server: 'ferretdb' },
  { server: 'minio' },
  { server: 'maildev' },
  { service: 'command-api' },
  { service: 'query-api' },
  { service: 'projectors' },
  { service: 'notifier' },
  { service: 'ats-engine' },
];
/** One of each kind: the event store's server, the read models' server, and the service that sends mail. */
const SHORT_FAULTS: Fault[] = [{ server: 'postgres' }, { server: 'ferretdb' }, { service: 'notifier' }];

/** The longest any request may take while a dependency is down: a 503 comes quickly, not after a hang. */
const BOUNDED_RESPONSE_MS = 10_000;

describe(`faults survived (${FULL ? 'every server and service' : 'short variant'})`, () => {
  let run: FaultRun;
  const results: FaultResult[] = [];
  // The servers' own start and stop lines go to the run's log folder, not to the test's output.
  const serverLines: string[] = [];
  const print = console.log.bind(console);
  jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && /^\[(postgres|kafka|ferretdb|minio|maildev|gateway)\] /.test(args[0])) serverLines.push(args[0]);
    else print(...args);
  });

  beforeAll(async () => {
    // Each student applies to each job once: enough pairs for the load of the whole run.
    run = await FaultRun.start({ outageMs: OUTAGE_MS, steadyMs: 3_000, students: 40, jobs: FULL ? 14 : 8 });
    run.load.start();
    await run.settle();
  }, 300_000);

  afterAll(async () => {
    if (results.length > 0) console.log(`\n${resultTable(results)}\n`);
    if (FULL && results.length > 0) {
      writeReliabilityTable(results, `Last full run: ${new Date().toISOString().slice(0, 10)}, ${results.length} faults, each down ${OUTAGE_MS / 1000} s before its restart, on the project's 2-core machine.`);
    }
    await run?.dispose();
    if (run) fs.writeFileSync(path.join(run.stack.layout.logsDir, 'stack.log'), `${serverLines.join('\n')}\n`);
  }, 120_000);

  it.each((FULL ? ALL_FAULTS : SHORT_FAULTS).map((fault) => [('server' in fault ? fault.server : fault.service), fault] as const))(
    '%s killed with SIGKILL and restarted: nothing accepted is lost, nothing doubles, no manual step, no hang',
    async (_name, fault) => {
      const result = await run.inject(fault);
      results.push(result);
      expect(result.unexpectedExits).toEqual([]);
      expect(result.problems).toEqual([]);
      expect(result.readModelsEqualRebuild).toBe(true);
      expect(result.duplicatesInInbox).toBe(0);
      expect(result.unavailable).toBe(result.unavailableWithRetryAfter);
      expect(result.otherFailures).toEqual({});
      expect(result.maxResponseMsDuring).toBeLessThan(Math.min(BOUNDED_RESPONSE_MS, CLIENT_TIMEOUT_MS));
    },
    400_000,
  );
});
