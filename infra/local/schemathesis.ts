import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { say } from './log';
import { installLogOf, REPO_ROOT, toolDirOf } from './paths';
import { findExecutable, runCommand } from './process';
import { aptInstall, isMarkedComplete, markComplete } from './tools';

/**
 * schemathesis (PyPI) for the API fuzz test (tests/fuzz/): a virtual environment in the tools cache,
 * keyed by the pinned requirements, so every clone on the machine shares one install and a change of
 * a pin makes a new one. Only pip and PyPI: no other download.
 */
export const SCHEMATHESIS_REQUIREMENTS = path.join(REPO_ROOT, 'tests', 'fuzz', 'requirements.txt');

const requirementsDigest = (): string =>
  crypto.createHash('sha256').update(fs.readFileSync(SCHEMATHESIS_REQUIREMENTS)).digest('hex').slice(0, 12);

/** The pinned version, read from the requirements (one place for it). */
export const schemathesisVersion = (): string => {
  const pin = /^schemathesis==(\S+)$/m.exec(fs.readFileSync(SCHEMATHESIS_REQUIREMENTS, 'utf8'));
  if (!pin) throw new Error(`${SCHEMATHESIS_REQUIREMENTS} pins no schemathesis version`);
  return pin[1]!;
};

const venvDir = (): string => toolDirOf('schemathesis', `${schemathesisVersion()}-${requirementsDigest()}`);

/** The `st` command of the installed virtual environment. */
export const schemathesisCommand = (): string => path.join(venvDir(), 'bin', 'st');

const python = (): string => {
  const found = findExecutable('python3', ['/usr/bin/python3', '/usr/local/bin/python3']);
  if (found === undefined) throw new Error('python3 not found: schemathesis needs Python 3.10 or later');
  return found;
};

/** Installs schemathesis once (a few seconds to a minute); returns the `st` command. */
export async function ensureSchemathesis(): Promise<string> {
  const dir = venvDir();
  if (isMarkedComplete(dir)) return schemathesisCommand();
  const logFile = installLogOf('schemathesis');
  const started = performance.now();
  say('schemathesis', `installing ${schemathesisVersion()} into ${dir} (pip, PyPI)…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    await runCommand(python(), ['-m', 'venv', dir], { logFile });
  } catch {
    // Debian splits the venv module (and its bundled pip) into its own package.
    await aptInstall('schemathesis', ['python3-venv']);
    fs.rmSync(dir, { recursive: true, force: true });
    await runCommand(python(), ['-m', 'venv', dir], { logFile });
  }
  const pipEnv = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' };
  await runCommand(path.join(dir, 'bin', 'pip'), ['install', '--quiet', '--requirement', SCHEMATHESIS_REQUIREMENTS], { logFile, env: pipEnv });
  await runCommand(schemathesisCommand(), ['--version'], { logFile });
  markComplete(dir);
  say('schemathesis', `installed in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return schemathesisCommand();
}

if (require.main === module) {
  ensureSchemathesis().then(
    (command) => console.log(command),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
