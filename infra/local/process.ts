import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pidFileOf } from './paths';

export interface LaunchSpec {
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  runAs?: { uid: number; gid: number };
}

export interface LaunchedProcess {
  pid: number;
  exitDescription(): string | undefined;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Guards against a recycled pid: the live process must still be running the command we launched. */
const runsCommand = (pid: number, command: string): boolean => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.basename(command));
  } catch {
    return !fs.existsSync('/proc');
  }
};

export const readRunningPid = (server: string, pidFile = pidFileOf(server)): number | undefined => {
  if (!fs.existsSync(pidFile)) return undefined;
  const [pidLine = '', command = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && runsCommand(pid, command)) return pid;
  fs.rmSync(pidFile, { force: true });
  return undefined;
};

const writePidFile = (pidFile: string, pid: number, command: string): void => {
  fs.mkdirSync(path.dirname(pidFile), { recursive: true });
  fs.writeFileSync(pidFile, `${pid}\n${command}\n`);
};

/** Starts a server in its own session, output appended to its log file, so it outlives the CLI. */
export const launchDetached = (
  server: string,
  logFile: string,
  spec: LaunchSpec,
  pidFile = pidFileOf(server),
): LaunchedProcess => {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const output = fs.openSync(logFile, 'a');
  fs.writeSync(output, `\n=== ${new Date().toISOString()} ${spec.command} ${spec.args.join(' ')}\n`);
  const child = spawn(spec.command, spec.args, {
    detached: true,
    stdio: ['ignore', output, output],
    env: spec.env ?? process.env,
    cwd: spec.cwd,
    uid: spec.runAs?.uid,
    gid: spec.runAs?.gid,
  });
  fs.closeSync(output);
  let exit: string | undefined;
  child.on('error', (error) => (exit = `could not be started: ${error.message}`));
  child.on('exit', (code, signal) => (exit = `exited with ${signal ?? `code ${code}`}`));
  child.unref();
  if (child.pid === undefined) throw new Error(`${spec.command} could not be started`);
  writePidFile(pidFile, child.pid, spec.command);
  return { pid: child.pid, exitDescription: () => exit };
};

const waitForExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
};

export type StopOutcome = 'not running' | 'stopped' | 'killed';

export const stopProcess = async (
  server: string,
  gracefulSignal: NodeJS.Signals,
  timeoutMs: number,
  pidFile = pidFileOf(server),
): Promise<StopOutcome> => {
  const pid = readRunningPid(server, pidFile);
  if (pid === undefined) return 'not running';
  process.kill(pid, gracefulSignal);
  let outcome: StopOutcome = 'stopped';
  if (!(await waitForExit(pid, timeoutMs))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
    outcome = 'killed';
  }
  fs.rmSync(pidFile, { force: true });
  return outcome;
};

export const tailOfFile = (file: string, lineCount: number): string => {
  if (!fs.existsSync(file)) return `(no log at ${file})`;
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  return lines.slice(-lineCount).join('\n');
};

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  runAs?: { uid: number; gid: number };
  /** Output is appended here; the error of a failed command quotes its tail. */
  logFile: string;
}

/** Runs a command to completion and resolves with its stdout; rejects with the tail of its output. */
export const runCommand = (command: string, args: readonly string[], options: CommandOptions): Promise<string> =>
  new Promise((resolve, reject) => {
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    fs.appendFileSync(options.logFile, `\n=== ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      uid: options.runAs?.uid,
      gid: options.runAs?.gid,
    });
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      fs.appendFileSync(options.logFile, chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => fs.appendFileSync(options.logFile, chunk));
    child.on('error', (error) => reject(new Error(`${command} could not be run: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'));
      else reject(new Error(`${command} ${args.join(' ')} failed (code ${code}):\n${tailOfFile(options.logFile, 20)}`));
    });
  });

export const findExecutable = (name: string, candidates: readonly string[] = []): string | undefined => {
  const searchPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name));
  return [...candidates, ...searchPath].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
};
