/**
 * Commands per second and p50/p99 latency of `apply` (multipart with a resume, S3 upload, append)
 * and `change status` through the real command-api process, 50 concurrent clients, beside two
 * baselines measured in the same run against the same servers: plain INSERTs of the same payload into
 * the same PostgreSQL (for change status), and an S3 put of the same resume followed by that INSERT
 * (for apply). Issue 14's targets are read off the last lines: p99 and the share of its baseline.
 *
 *   npx tsx bench/commands.ts [seconds per phase = 10] [clients = 50]      (needs `npm start`'s stack and `npm run build`)
 *
 * A third baseline, `HTTP + INSERT (floor)`, is the least a command over HTTP can do: Node's own HTTP
 * server in a process of its own doing the plain INSERT per request (bench/lib/http-insert-server.ts), no
 * framework, token or stream read. Its share of the plain INSERT bounds what any command-api can reach
 * on this machine: a target above it cannot be met here by the command side's code.
 *
 * BENCH_CPU_PROF_DIR=dir writes a CPU profile of the command-api process there (open it in Chrome's
 * DevTools); BENCH_PHASES=insert,http+insert,insert+s3,apply,status runs only the phases named (apply always runs
 * when status does: it makes the applications); BENCH_COMMAND_API_PROCESSES=n runs n command-api
 * processes, client k talking to process k mod n (as replicas behind the gateway would share them);
 * each runs in a session of its own (see `SpawnOptions` in tests/support/processes.ts) unless BENCH_COMMAND_API_SESSION=bench.
 * Beside the CPU of each operation it prints how long the command-api's main thread (its event loop)
 * waited, runnable, for a CPU: on a shared machine that wait, not the service's work, sets the pace.
 * For apply and change status it also prints their ceiling on this machine: the whole machine's CPU per
 * operation less the command-api's is what the rest (the servers, the projections, the notifier and its
 * mail, this bench's clients) spent on it, so even a command-api that cost nothing could do no more
 * than the machine's cores divided by that. Work the rest put off past the phase (mails still queued)
 * is not counted, so the ceiling is, if anything, too high.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { APPLICATION_STATUSES } from '../domain/src';
import { createEventStore, loadEnv, ObjectStore } from '../platform/src';
import { existingJob, SAMPLE_FILES, signedInUser, type CommandApiUnderTest } from '../command-api/src/test-support';
import { repoRoot, spawnProgram, spawnService, waitForStatus } from '../tests/support/processes';
import { assertLoopback, CLOCK_TICKS_PER_SECOND, machineBusyMs, percentile, printTable, runClients, type PhaseResult } from './lib/measure';
import { useEphemeralJwtSecret } from '../tests/support/ephemeral-secret';
import { statusChangeBody } from './lib/status-change';

const MAX_OPERATIONS = 20_000;

async function main(): Promise<void> {
  useEphemeralJwtSecret();
  const seconds = Number(process.argv[2] ?? 10);
  const clients = Number(process.argv[3] ?? 50);
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
  assertLoopback(env.POSTGRES_URL);
  const store = await createEventStore(env);
  const files = new ObjectStore(env);
  const fixtures = { deps: { store, env, files } } as unknown as CommandApiUnderTest;
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const phases = new Set((process.env.BENCH_PHASES ?? 'insert,http+insert,insert+s3,apply,status').split(','));
  const processCount = Number(process.env.BENCH_COMMAND_API_PROCESSES ?? 1);
  const ownSession = process.env.BENCH_COMMAND_API_SESSION !== 'bench';
  const services = await Promise.all(
    Array.from({ length: processCount }, () =>
      spawnService('command-api', {
        LOG_LEVEL: 'warn',
        PUBLIC_SUBMISSIONS_PER_HOUR: '1000000',
        ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      }, { ownSession }),
    ),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  // Client n talks to process n mod the count (one process unless BENCH_COMMAND_API_PROCESSES says more).
  const urlFor = (client: number) => services[client % services.length]!.url;
  const pids = services.map((service) => service.child.pid);
  const pool = new pg.Pool({ connectionString: env.POSTGRES_URL, max: clients });
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const table = `bench_commands_${run}`;
  // One key per client, written again on each put: the same cost as a new key, 50 objects to remove.
  const baselineKey = (client: number) => `bench-commands/${run}/client-${client}.pdf`;
  try {
    await Promise.all(services.map((service) => waitForStatus(`${service.url}/ready`, 200)));
    console.log(`setting up ${clients} students, 1 admin and ${Math.ceil(MAX_OPERATIONS / clients)} approved jobs…`);
    const students = await Promise.all(Array.from({ length: clients }, () => signedInUser(fixtures, 'student')));
    const admin = await signedInUser(fixtures, 'admin');
    const jobs: string[] = [];
    for (let i = 0; i < Math.min(400, Math.ceil(MAX_OPERATIONS / clients)); i++) jobs.push(await existingJob(fixtures));
    await pool.query(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)`);

    const applicationIds: string[] = [];
    const apply = async (client: number, iteration: number) => {
      const student = students[client]!;
      const form = new FormData();
      form.append('jobId', jobs[iteration % jobs.length]!);
      form.append('fullName', 'Bench Student');
      form.append('email', student.email);
      form.append('phone', '9876543210');
      form.append('resume', new Blob([new Uint8Array(SAMPLE_FILES.pdf)]), 'resume.pdf');
      const response = await fetch(`${urlFor(client)}/api/applications`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}` }, body: form });
      const body = (await response.json()) as { applicationId?: string };
      if (response.status === 201 && body.applicationId) applicationIds.push(body.applicationId);
      return response.status === 201 || response.status === 409;
    };
    const changeStatus = async (client: number, iteration: number) => {
      const id = applicationIds[(client * 7919 + iteration) % applicationIds.length]!;
      const status = APPLICATION_STATUSES[(client + iteration) % APPLICATION_STATUSES.length];
      const response = await fetch(`${urlFor(client)}/api/applications/${id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(statusChangeBody(status!)),
      });
      await response.arrayBuffer();
      return response.ok;
    };
    const insert = async () => {
      await insertRow();
      return true;
    };
    // The least an apply must do: store the file, then record the fact that names it.
    const putAndInsert = async (client: number) => {
      await files.put(baselineKey(client), SAMPLE_FILES.pdf, 'application/pdf');
      await insertRow();
      return true;
    };
    const insertRow = async () => {
      await pool.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [
        `application-${randomUUID()}`,
        { jobId: randomUUID(), studentId: randomUUID(), fullName: 'Bench Student', email: 'bench@university.edu', phone: '9876543210', resumeKey: `resumes/${randomUUID()}.pdf`, status: 'Applied' },
      ]);
    };

    /** The floor: the same INSERT, each behind one HTTP request to a bare server (see the header). */
    const httpInsertFloor = async (): Promise<PhaseResult> => {
      const server = await spawnProgram(['--import', 'tsx', join(repoRoot, 'bench', 'lib', 'http-insert-server.ts')], repoRoot, { POSTGRES_URL: env.POSTGRES_URL, BENCH_TABLE: table, BENCH_POOL: String(clients) }, { ownSession });
      try {
        await waitForStatus(`${server.url}/ready`, 200);
        const body = JSON.stringify({ jobId: randomUUID(), studentId: randomUUID(), fullName: 'Bench Student', email: 'bench@university.edu', phone: '9876543210', resumeKey: `resumes/${randomUUID()}.pdf`, status: 'Applied' });
        const post = async () => {
          const response = await fetch(server.url, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' }, body });
          await response.arrayBuffer();
          return response.status === 204;
        };
        return await serverCpu(() => runClients('HTTP + INSERT (floor)', clients, seconds, MAX_OPERATIONS, post));
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    };

    console.log(`${clients} concurrent clients, ${seconds} s per phase`);
    const cpu: string[] = [];
    /** The phase, and how much CPU the servers (every process of each name on this machine) spent on each of its operations. */
    const serverCpu = async (phase: () => Promise<PhaseResult>): Promise<PhaseResult> => {
      const before = serverCpuMs();
      const result = await phase();
      const spent = serverCpuSpent(before, serverCpuMs());
      const perOperation = Object.entries(spent).map(([name, ms]) => `${name} ${(ms / result.operations).toFixed(2)} ms`);
      cpu.push(`${result.name}: server CPU per operation (with whatever else they served meanwhile): ${perOperation.join(', ')}`);
      return result;
    };
    const baseline = phases.has('insert') ? await serverCpu(() => runClients('plain INSERT (baseline)', clients, seconds, MAX_OPERATIONS, insert)) : undefined;
    const floor = phases.has('http+insert') ? await httpInsertFloor() : undefined;
    const fileBaseline = phases.has('insert+s3') ? await serverCpu(() => runClients('S3 put + INSERT (baseline)', clients, seconds, MAX_OPERATIONS, putAndInsert)) : undefined;
    /** Per phase of the command-api: operations a second that the rest of the machine's work per operation leaves room for. */
    const ceilings = new Map<string, number>();
    /** The phase, and how much CPU the command-api process spent on each of its operations. */
    const serviceCpu = async (phase: () => Promise<PhaseResult>): Promise<PhaseResult> => {
      const before = sumOf(pids, cpuMsOf);
      const waitBefore = sumOf(pids, runQueueWaitMsOf);
      const ownBefore = process.cpuUsage();
      const machineBefore = machineBusyMs();
      const result = await serverCpu(phase);
      const machine = machineBusyMs() - machineBefore;
      const spent = sumOf(pids, cpuMsOf) - before;
      const restPerOperation = (machine - spent) / result.operations;
      ceilings.set(result.name, (availableParallelism() * 1000) / restPerOperation);
      const waited = sumOf(pids, runQueueWaitMsOf) - waitBefore;
      const own = process.cpuUsage(ownBefore);
      const ownMs = (own.user + own.system) / 1000;
      cpu.push(
        `${result.name}: command-api CPU ${(spent / result.operations).toFixed(1)} ms per operation (${(spent / 1000 / result.seconds).toFixed(2)} cores${pids.length > 1 ? ` in ${pids.length} processes` : ''}), ` +
          `this bench's clients ${(ownMs / result.operations).toFixed(1)} ms (${(ownMs / 1000 / result.seconds).toFixed(2)} cores); ` +
          `its main thread waited, runnable, for a CPU ${(waited / result.operations).toFixed(1)} ms per operation (${((waited / 1000 / result.seconds / pids.length) * 100).toFixed(0)}% of the phase); ` +
          `the machine ${(machine / result.operations).toFixed(1)} ms per operation, all but the command-api ${restPerOperation.toFixed(1)} ms`,
      );
      return result;
    };
    const applies = phases.has('apply') || phases.has('status') ? await serviceCpu(() => runClients('apply (HTTP, S3, append)', clients, seconds, MAX_OPERATIONS, apply)) : undefined;
    const changes = phases.has('status') ? await serviceCpu(() => runClients('change status (HTTP, append)', clients, seconds, MAX_OPERATIONS, changeStatus)) : undefined;
    const results = [baseline, floor, fileBaseline, applies, changes].filter((result) => result !== undefined);
    printTable(results);
    console.log('');
    for (const line of cpu) console.log(line);
    if (applies && fileBaseline) printTarget(applies, fileBaseline, 150, ceilings.get(applies.name));
    if (changes && baseline) printTarget(changes, baseline, 60, ceilings.get(changes.name));
    if (floor && baseline) printTarget(floor, baseline, 60);
  } finally {
    await Promise.allSettled(Array.from({ length: clients }, (_, client) => files.delete(baselineKey(client))));
    for (const service of services) service.child.kill('SIGTERM');
    await Promise.all(services.map((service) => service.exited));
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
    files.close();
    await store.close();
  }
}

const SERVERS = ['postgres', 'postgres for ferretdb', 'ferretdb', 'minio'];

/**
 * CPU time so far (ms) of every process on this machine named like a server, by process id with its
 * server's name; PostgreSQL's backends serving FerretDB's database (the read models the projectors
 * write) apart from the others.
 */
function serverCpuMs(): Map<string, { server: string; ms: number }> {
  const processes = new Map<string, { server: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      let name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!SERVERS.includes(name)) continue;
      if (name === 'postgres' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres: placement ferretdb ')) name = 'postgres for ferretdb';
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      processes.set(entry, { server: name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND });
    } catch {
      // The process ended meanwhile.
    }
  }
  return processes;
}

/** CPU spent by each server between two readings: processes that ended in between are left out, new ones count from 0. */
function serverCpuSpent(before: Map<string, { server: string; ms: number }>, after: Map<string, { server: string; ms: number }>): Record<string, number> {
  const spent: Record<string, number> = Object.fromEntries(SERVERS.map((name) => [name, 0]));
  for (const [pid, { server, ms }] of after) {
    const earlier = before.get(pid);
    spent[server]! += ms - (earlier?.server === server ? earlier.ms : 0);
  }
  return spent;
}

const sumOf = (pids: (number | undefined)[], measure: (pid: number | undefined) => number): number => pids.reduce<number>((sum, pid) => sum + measure(pid), 0);

/** User plus system CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * How long the main thread of a process (its event loop) has waited, runnable, for a CPU so far, in ms
 * (Linux /proc/<pid>/schedstat, second field, ns; NaN elsewhere). High on a shared machine: time a
 * request spends there is neither the service's work nor its servers'.
 */
function runQueueWaitMsOf(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Issue 14's write-side target for one phase: p99 at most `p99TargetMs`, throughput at least 40% of its baseline. */
function printTarget(result: PhaseResult, baseline: PhaseResult, p99TargetMs: number, ceiling?: number): void {
  const baselineRate = baseline.operations / baseline.seconds;
  const share = result.operations / result.seconds / baselineRate;
  const p99 = percentile([...result.latenciesMs].sort((a, b) => a - b), 99);
  const verdict = share >= 0.4 && p99 <= p99TargetMs ? 'met' : 'not met';
  console.log(`${result.name}: ${(share * 100).toFixed(1)}% of ${baseline.name} (target >= 40%), p99 ${p99.toFixed(1)} ms (target <= ${p99TargetMs} ms): ${verdict}`);
  if (ceiling !== undefined && Number.isFinite(ceiling)) {
    console.log(`  ceiling with a command-api that cost nothing: ${ceiling.toFixed(0)}/s, ${((ceiling / baselineRate) * 100).toFixed(1)}% of ${baseline.name}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
