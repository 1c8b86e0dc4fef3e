import type { Writable } from 'node:stream';
import { ConfigError, ObjectStore, commonPasswords, createEventStore, createLogger, loadEnv } from '@placement/platform';
import { DemoConflict, loadDemo, type DemoReport } from './load';
import { progressBar, type ProgressOutput } from './progress';
import { DEFAULT_DEMO_SEED, DEMO_ACCOUNTS, DEMO_SIZE, type DemoSize } from './season';

/** `npm run demo -- [options]`: loads the demo season into the stack the configuration names. */

export const DEMO_USAGE = `usage: npm run demo -- [--students <n>] [--jobs <n>] [--applications <n>] [--seed <text>]

Loads one placement season through the command side: an admin and two staff, ${DEMO_SIZE.students} students with
profiles and resumes, ${DEMO_SIZE.jobs} jobs, about ${DEMO_SIZE.applications.toLocaleString('en-US')} applications with their histories, trainings,
interview experiences, e-mail templates and a sent campaign, spread over the last ten weeks.
Running it again adds nothing. The season's events mail nobody.`;

export type DemoArguments = { command: 'load'; seed: string; size: DemoSize } | { command: 'help' };

const SIZE_FLAGS = { '--students': 'students', '--jobs': 'jobs', '--applications': 'applications' } as const;

export function parseDemoArguments(argv: readonly string[]): DemoArguments | { usageError: string } {
  const size: DemoSize = { ...DEMO_SIZE };
  let seed = DEFAULT_DEMO_SEED;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--help' || word === '-h' || word === 'help') return { command: 'help' };
    const [name, inline] = word.split(/=(.*)/s) as [string, string | undefined];
    const value = inline ?? argv[++index];
    if (name === '--seed') {
      if (!value) return { usageError: '--seed needs a value' };
      seed = value;
    } else if (name in SIZE_FLAGS) {
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1 || count > 100_000) return { usageError: `${name} needs a whole number from 1 to 100000 (got ${value ?? 'nothing'})` };
      size[SIZE_FLAGS[name as keyof typeof SIZE_FLAGS]] = count;
    } else {
      return { usageError: `unknown option '${word}'` };
    }
  }
  return { command: 'load', seed, size };
}

const number = (value: number) => value.toLocaleString('en-US');

/** What the load did, per kind of stream, and the sign-ins. */
export function demoSummary(report: DemoReport, publicUrl: string): string {
  const { season } = report;
  const lines = [
    report.events === 0
      ? `The demo season was already loaded: ${number(report.streams)} streams checked, nothing appended (${report.seconds.toFixed(1)} s).`
      : `Loaded the demo season in ${report.seconds.toFixed(1)} s: ${number(report.events)} events appended to ${number(report.streams)} streams.`,
    '',
    ...Object.entries(report.byKind).map(([kind, counts]) => `  ${kind.padEnd(12)} ${number(counts.streams).padStart(6)} streams, ${number(counts.appendedStreams).padStart(6)} written now, ${number(counts.events).padStart(6)} events`),
  ];
  if (report.problems.length > 0) {
    lines.push('', `${report.problems.length} streams were left as they are:`);
    for (const problem of report.problems.slice(0, 10)) lines.push(`  ${problem.streamId}: ${problem.reason ?? problem.outcome}`);
  }
  const student = season.students[0];
  const account = (role: string, email: string, password: string, name: string) => `  ${role.padEnd(8)} ${email.padEnd(34)} ${password.padEnd(26)} ${name}`;
  lines.push(
    '',
    `Demo sign-ins (${publicUrl}/auth-Container):`,
    account('admin', season.admin.email, season.admin.password, season.admin.fullName),
    ...season.staff.map((member) => account('staff', member.email, member.password, member.fullName)),
    ...(student ? [account('student', student.email, DEMO_ACCOUNTS.studentPassword, `${student.fullName}; every demo student has this password`)] : []),
    '',
    'The read models and the admin dashboard catch up within seconds. The season spans the last ten weeks;',
    "its events mail nobody (campaign sends and opens are recorded, not mailed).",
  );
  return lines.join('\n');
}

export interface DemoIo {
  stdout: Writable;
  stderr: Writable & ProgressOutput;
  env: NodeJS.ProcessEnv;
}

/** Runs the command line; the exit code is 0 done, 1 failed or left streams alone, 2 not a command. */
export async function runDemoCommand(argv: readonly string[], io: DemoIo): Promise<number> {
  const parsed = parseDemoArguments(argv);
  if ('usageError' in parsed) {
    io.stderr.write(`demo: ${parsed.usageError}\n\n${DEMO_USAGE}\n`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.stdout.write(`${DEMO_USAGE}\n`);
    return 0;
  }
  let store: Awaited<ReturnType<typeof createEventStore>> | undefined;
  let files: ObjectStore | undefined;
  const bar = progressBar(io.stderr);
  try {
    const env = loadEnv(io.env, { jwtSecret: false });
    store = await createEventStore(env);
    files = new ObjectStore(env);
    await files.ensureBucket();
    const report = await loadDemo(
      { store, files, logger: createLogger('demo', 'error'), commonPasswords: await commonPasswords() },
      { seed: parsed.seed, size: parsed.size, onProgress: (progress) => bar.update(progress) },
    );
    bar.finish();
    io.stdout.write(`${demoSummary(report, env.PUBLIC_URL)}\n`);
    return report.problems.length > 0 ? 1 : 0;
  } catch (error) {
    bar.finish();
    const known = error instanceof DemoConflict || error instanceof ConfigError;
    io.stderr.write(`${known ? 'demo' : 'demo failed'}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    files?.close();
    await store?.close();
  }
}
