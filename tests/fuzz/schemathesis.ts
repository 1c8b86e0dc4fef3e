import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_URL } from '../support/portal';
import type { FuzzCaller } from './accounts';

/**
 * How hard a run fuzzes. `bounded` is part of `npm test` (a few minutes for the four roles on a
 * 2-core machine); `long` is `npm run fuzz`. The seed is fixed so that a failure reproduces.
 */
export interface FuzzProfile {
  name: 'bounded' | 'long';
  /** Test cases per operation in the fuzzing phase (schemathesis --max-examples). */
  maxExamples: number;
  seed: number;
  /** Seconds one role's run may take before the test gives up on it. */
  timeoutSeconds: number;
}

export const FUZZ_PROFILES: Record<FuzzProfile['name'], FuzzProfile> = {
  bounded: { name: 'bounded', maxExamples: 20, seed: 20_261_125, timeoutSeconds: 600 },
  long: { name: 'long', maxExamples: 200, seed: 20_261_125, timeoutSeconds: 3 * 3600 },
};

export const fuzzProfile = (): FuzzProfile => FUZZ_PROFILES[process.env.FUZZ_PROFILE === 'long' ? 'long' : 'bounded'];

/** Every check a reply must pass: no 5xx, and a body that matches what the document declares for its status. */
export const FUZZ_CHECKS = ['not_a_server_error', 'response_schema_conformance'] as const;

/**
 * Phases: the schema's examples, the coverage phase (boundary and invalid values of every parameter
 * and field) and random fuzzing, positive and negative. Not the stateful phase: it feeds ids read from
 * list replies into other operations, and as an admin or staff member that would delete or change the
 * other tests' users, jobs, trainings and experiences on the shared stack.
 */
export const FUZZ_PHASES = ['examples', 'coverage', 'fuzzing'] as const;

/** Settings that keep the fuzz off other tests' records (no ids reused from replies, no stateful phase). */
export const SCHEMATHESIS_CONFIG = path.join(__dirname, 'schemathesis.toml');
/** Hooks that put NUL and lone surrogates into otherwise well-formed requests (SCHEMATHESIS_HOOKS). */
export const SCHEMATHESIS_HOOKS = path.join(__dirname, 'hooks.py');

/** The command line of one role's run, also written to docs/decisions.md. */
export function schemathesisArgs(caller: FuzzCaller, profile: FuzzProfile, reportDir: string, baseUrl: string = PORTAL_URL, schemaUrl = `${baseUrl}/api/openapi.json`): string[] {
  return [
    '--config-file',
    SCHEMATHESIS_CONFIG,
    'run',
    schemaUrl,
    '--url',
    baseUrl,
    '--checks',
    FUZZ_CHECKS.join(','),
    '--phases',
    FUZZ_PHASES.join(','),
    '--max-examples',
    String(profile.maxExamples),
    '--seed',
    String(profile.seed),
    // One worker: with two, CPython 3.11 before 3.11.8 (this machine has 3.11.7) lets the threads' ast
    // parsing race on the interpreter's shared recursion counter, and hypothesis's lambda-source lookup
    // dies with 'AST constructor recursion depth mismatch' (cpython gh-106905).
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--generation-database',
    'none',
    '--no-color',
    '--report',
    'junit',
    '--report-dir',
    reportDir,
    '--header',
    `X-Forwarded-For: ${caller.clientAddress}`,
    ...(caller.token ? ['--header', `Authorization: Bearer ${caller.token}`] : []),
  ];
}

export interface FuzzFigures {
  role: FuzzCaller['role'];
  exitCode: number | null;
  operationsTested: number;
  operationsSelected: number;
  testCases: number;
  /** Operations with at least one failing check, from the JUnit report. */
  failingOperations: number;
  /**
   * Operations whose case generation crashed inside schemathesis itself ('Runtime Error' with a Python
   * traceback, e.g. CPython 3.11's 'AST constructor recursion depth mismatch'): no request of ours failed.
   */
  toolCrashes: number;
  seconds: number;
  /** schemathesis's own report, for the failure message. */
  output: string;
}

const numberAfter = (text: string, pattern: RegExp): number => Number(pattern.exec(text)?.[1] ?? NaN);

/** Runs schemathesis as one caller against the running gateway and reads its figures. */
export async function runSchemathesis(command: string, caller: FuzzCaller, profile: FuzzProfile, reportDir: string, args = schemathesisArgs(caller, profile, reportDir)): Promise<FuzzFigures> {
  fs.rmSync(reportDir, { recursive: true, force: true });
  fs.mkdirSync(reportDir, { recursive: true });
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: reportDir,
    env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGTERM'), profile.timeoutSeconds * 1000);
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  fs.writeFileSync(path.join(reportDir, 'output.txt'), output);
  const junit = fs
    .readdirSync(reportDir)
    .filter((file) => file.endsWith('.xml'))
    .map((file) => fs.readFileSync(path.join(reportDir, file), 'utf8'))
    .join('\n');
  return {
    role: caller.role,
    exitCode,
    // "Selected: 78/79": the operations chosen to run (one is left out by the configuration) of all.
    operationsSelected: numberAfter(output, /Selected:\s*(\d+)\/\d+/),
    operationsTested: numberAfter(output, /Tested:\s*(\d+)/),
    testCases: numberAfter(output, /(\d+) generated/),
    failingOperations: (junit.match(/<testcase\b[^>]*>\s*<(failure|error)\b/g) ?? []).length,
    toolCrashes: (junit.match(/<testcase\b[^>]*>\s*<error type="error">Runtime Error\b/g) ?? []).length,
    seconds: Math.round((performance.now() - started) / 1000),
    output,
  };
}
