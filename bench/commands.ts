/**
 * Commands per second and p50/p99 latency of `apply` (multipart with a resume, S3 upload, append)
 * and `change status` through the real command-api process, 50 concurrent clients, beside a baseline
 * of plain INSERTs of the same payload into the same PostgreSQL in the same run.
 *
 *   npx tsx bench/commands.ts [seconds per phase = 10] [clients = 50]      (needs `npm start`'s stack and `npm run build`)
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { APPLICATION_STATUSES } from '../domain/src';
import { createEventStore, loadEnv, ObjectStore } from '../platform/src';
import { existingJob, SAMPLE_FILES, signedInUser, type CommandApiUnderTest } from '../command-api/src/test-support';
import { spawnService, waitForStatus } from '../tests/support/processes';
import { assertLoopback, printTable, runClients } from './lib/measure';
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
  const service = await spawnService('command-api', { LOG_LEVEL: 'warn', PUBLIC_SUBMISSIONS_PER_HOUR: '1000000' });
  const pool = new pg.Pool({ connectionString: env.POSTGRES_URL, max: clients });
  const table = `bench_commands_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  try {
    await waitForStatus(`${service.url}/ready`, 200);
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
      const response = await fetch(`${service.url}/api/applications`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}` }, body: form });
      const body = (await response.json()) as { applicationId?: string };
      if (response.status === 201 && body.applicationId) applicationIds.push(body.applicationId);
      return response.status === 201 || response.status === 409;
    };
    const changeStatus = async (client: number, iteration: number) => {
      const id = applicationIds[(client * 7919 + iteration) % applicationIds.length]!;
      const status = APPLICATION_STATUSES[(client + iteration) % APPLICATION_STATUSES.length];
      const response = await fetch(`${service.url}/api/applications/${id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(statusChangeBody(status!)),
      });
      await response.arrayBuffer();
      return response.ok;
    };
    const insert = async () => {
      await pool.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [
        `application-${randomUUID()}`,
        { jobId: randomUUID(), studentId: randomUUID(), fullName: 'Bench Student', email: 'bench@university.edu', phone: '9876543210', resumeKey: `resumes/${randomUUID()}.pdf`, status: 'Applied' },
      ]);
      return true;
    };

    console.log(`${clients} concurrent clients, ${seconds} s per phase`);
    const baseline = await runClients('plain INSERT (baseline)', clients, seconds, MAX_OPERATIONS, insert);
    const applies = await runClients('apply (HTTP, S3, append)', clients, seconds, MAX_OPERATIONS, apply);
    const changes = await runClients('change status (HTTP, append)', clients, seconds, MAX_OPERATIONS, changeStatus);
    printTable([baseline, applies, changes]);
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
    files.close();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
