import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { elapsedSince } from './log';
import { TOOLS_DIR, relativeToRepo } from './paths';
import { tailOfFile } from './process';
import type { LocalServer, ServerName } from './server';
import { SERVER_NAMES } from './server';
import { ALL_SERVERS, serverNamed } from './servers';
import {
  deleteData,
  formatStatusTable,
  installServers,
  isUsable,
  startServers,
  statusOfServers,
  stopServers,
  withDependencies,
  withDependents,
} from './stack';

const USAGE = `Usage: npm run stack -- <command> [server...] [options]

Commands:
  install [server...]   download or build what is missing into ${TOOLS_DIR}
  start [server...]     install what is missing, start detached, wait until healthy
  stop [server...]      stop (servers that depend on them first)
  restart [server...]   stop, then start
  status [server...]    health of each server; --json: machine-readable,
                        --check: exit code 1 unless every server is running or external
  logs <server>         last lines of its log; --follow to keep reading, --lines=N
  reset [server...]     stop and delete the data under .local/data

Servers: ${SERVER_NAMES.join(', ')} (default: all)`;

interface Invocation {
  command: string;
  servers: ServerName[];
  flags: Set<string>;
  lines: number;
}

class UsageError extends Error {}

const isServerName = (value: string): value is ServerName => (SERVER_NAMES as readonly string[]).includes(value);

const parseArguments = (argv: readonly string[]): Invocation => {
  const [command = 'help', ...rest] = argv;
  const options = rest.filter((arg) => arg.startsWith('-'));
  const names = rest.filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !isServerName(name));
  if (unknown.length > 0) throw new UsageError(`unknown server: ${unknown.join(', ')}`);
  const linesOption = options.find((option) => option.startsWith('--lines='));
  return {
    command,
    servers: names.filter(isServerName),
    flags: new Set(options.map((option) => option.split('=')[0] ?? option)),
    lines: linesOption === undefined ? 100 : Number(linesOption.split('=')[1]),
  };
};

const selected = (invocation: Invocation): ServerName[] =>
  invocation.servers.length > 0 ? invocation.servers : ALL_SERVERS.map((server) => server.name);

const reportFailures = (failures: readonly Error[]): number => {
  for (const failure of failures) console.error(`\n${failure.message}`);
  return failures.length > 0 ? 1 : 0;
};

const printStatus = async (servers: readonly LocalServer[], flags: ReadonlySet<string>): Promise<number> => {
  const statuses = await statusOfServers(servers);
  console.log(flags.has('--json') ? JSON.stringify(statuses, null, 2) : formatStatusTable(statuses));
  return flags.has('--check') && !statuses.every(isUsable) ? 1 : 0;
};

const start = async (names: readonly ServerName[]): Promise<number> => {
  const startedAt = performance.now();
  const servers = withDependencies(names);
  const failures = await startServers(servers);
  console.log(`\nstart finished in ${elapsedSince(startedAt)}\n`);
  const statusCode = await printStatus(servers, new Set(['--check']));
  return Math.max(reportFailures(failures), statusCode);
};

const stop = async (names: readonly ServerName[]): Promise<number> => {
  const startedAt = performance.now();
  const failures = await stopServers(withDependents(names));
  console.log(`stop finished in ${elapsedSince(startedAt)}`);
  return reportFailures(failures);
};

const reset = async (names: readonly ServerName[]): Promise<number> => {
  const servers = withDependents(names);
  const failures = await stopServers(servers);
  if (failures.length > 0) return reportFailures(failures);
  deleteData(servers);
  return 0;
};

const showLogs = (invocation: Invocation): Promise<number> => {
  const [name] = invocation.servers;
  if (name === undefined || invocation.servers.length > 1) throw new UsageError('logs takes exactly one server');
  const logFile = serverNamed(name).logFile;
  if (!invocation.flags.has('--follow') && !invocation.flags.has('-f')) {
    console.log(`--- ${relativeToRepo(logFile)} ---\n${tailOfFile(logFile, invocation.lines)}`);
    return Promise.resolve(0);
  }
  if (!fs.existsSync(logFile)) throw new UsageError(`no log yet at ${relativeToRepo(logFile)}`);
  return new Promise((resolve) => {
    spawn('tail', ['-n', String(invocation.lines), '-F', logFile], { stdio: 'inherit' }).on('exit', (code) =>
      resolve(code ?? 0),
    );
  });
};

const run = async (invocation: Invocation): Promise<number> => {
  const names = selected(invocation);
  switch (invocation.command) {
    case 'install':
      return reportFailures(await installServers(names.map(serverNamed)));
    case 'start':
      return start(names);
    case 'stop':
      return stop(names);
    case 'restart':
      return (await stop(names)) || start(withDependents(names).map((server) => server.name));
    case 'status':
      return printStatus(names.map(serverNamed), invocation.flags);
    case 'logs':
      return showLogs(invocation);
    case 'reset':
      return reset(names);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    default:
      throw new UsageError(`unknown command: ${invocation.command}`);
  }
};

const main = async (): Promise<void> => {
  try {
    process.exit(await run(parseArguments(process.argv.slice(2))));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
};

void main();
