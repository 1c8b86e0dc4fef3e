import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { SYSTEM_ACTORS, isRejection, type AccountSummary, type StaffRole } from '@placement/domain';
import { ConfigError, commonPasswords, createEventStore, createLogger, loadEnv } from '@placement/platform';
import { createStaffAccount, listStaffAccounts } from './staff-accounts';

/**
 * `npm run admin -- <command>`: admin and staff accounts from the servers' command line, against the
 * event store the configuration names (the local stack's by default; in Compose, run inside the
 * command-api container). Accounts are made through the same commands as the admin panel's, and the
 * audit history names the command line as their maker.
 */

export const ADMIN_USAGE = `usage:
  npm run admin -- create --email <e-mail> --name <name> [--role admin|staff] [--password-stdin | --generate-password]
  npm run admin -- list

create   makes a verified, active admin (or staff) account. The password is asked for on the terminal
         (not shown), read from standard input with --password-stdin, or made up and printed once with
         --generate-password. At least 12 characters, not a common password.
list     the admin and staff accounts: e-mail, name, role, status.`;

export type PasswordSource = 'prompt' | 'stdin' | 'generate';

export type AdminCommand =
  | { command: 'create'; email: string; fullName: string; role: StaffRole; password: PasswordSource }
  | { command: 'list' }
  | { command: 'help' };

/** The words of the command line, or the reason they make no command. */
export function parseAdminArguments(argv: readonly string[]): AdminCommand | { usageError: string } {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (command === 'list') return rest.length === 0 ? { command: 'list' } : { usageError: `list takes no options (got ${rest.join(' ')})` };
  if (command !== 'create') return { usageError: `unknown command '${command}'` };

  const values: Record<string, string> = {};
  const flags = new Set<string>();
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!;
    const [name, inline] = word.split(/=(.*)/s) as [string, string | undefined];
    if (name === '--password-stdin' || name === '--generate-password') {
      flags.add(name);
    } else if (name === '--email' || name === '--name' || name === '--role') {
      const value = inline ?? rest[++index];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) return { usageError: `${name} needs a value` };
      values[name] = value;
    } else {
      return { usageError: `unknown option '${word}'` };
    }
  }
  if (values['--email'] === undefined) return { usageError: 'create needs --email <e-mail>' };
  if (values['--name'] === undefined) return { usageError: 'create needs --name <name>' };
  if (flags.size > 1) return { usageError: 'choose one of --password-stdin and --generate-password' };
  const role = values['--role'] ?? 'admin';
  if (role !== 'admin' && role !== 'staff') return { usageError: `--role is admin or staff (got '${role}')` };
  const password: PasswordSource = flags.has('--password-stdin') ? 'stdin' : flags.has('--generate-password') ? 'generate' : 'prompt';
  return { command: 'create', email: values['--email'], fullName: values['--name'], role, password };
}

/** A password nobody chose: 144 random bits as 24 URL-safe characters. */
export const generatedPassword = (): string => randomBytes(18).toString('base64url');

/** Standard input to its end, without the line break that `echo` or a here-string puts after it. */
export async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export interface Terminal extends Readable {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

/** Asks on the terminal without echoing what is typed; Ctrl-C cancels; backspace removes the last character. */
export function askHidden(question: string, input: Terminal, output: Writable): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(question);
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(new Error('cancelled'));
        if (char === '\u0004') return finish();
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

export interface AdminIo {
  stdin: Terminal;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

/** A command line that cannot go on, with its exit code (2: used wrongly, 1: refused). */
class CliProblem extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

async function passwordFrom(source: PasswordSource, io: AdminIo): Promise<string> {
  if (source === 'generate') return generatedPassword();
  if (source === 'stdin') return readAll(io.stdin);
  if (!io.stdin.isTTY) throw new CliProblem('no terminal to ask the password on: pass --password-stdin (and the password on standard input) or --generate-password', 2);
  const password = await askHidden('Password (at least 12 characters, not shown): ', io.stdin, io.stderr);
  const again = await askHidden('The same password again: ', io.stdin, io.stderr);
  if (password !== again) throw new CliProblem('the two passwords differ; nothing was made', 1);
  return password;
}

/** A plain table, each column as wide as its widest cell. */
export function accountTable(accounts: readonly AccountSummary[]): string {
  const rows = [['E-MAIL', 'NAME', 'ROLE', 'STATUS'], ...accounts.map((account) => [account.email, account.fullName, account.role, account.status])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

const MAKE_ONE = 'npm run admin -- create --email <e-mail> --name <name>';

/** Runs one command line; the exit code is 0 done, 1 refused or failed, 2 not a command. */
export async function runAdminCommand(argv: readonly string[], io: AdminIo): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  const parsed = parseAdminArguments(argv);
  if ('usageError' in parsed) {
    complain(`admin: ${parsed.usageError}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  if (parsed.command === 'help') {
    say(ADMIN_USAGE);
    return 0;
  }

  let store: Awaited<ReturnType<typeof createEventStore>> | undefined;
  try {
    const env = loadEnv(io.env, { jwtSecret: false });
    store = await createEventStore(env);
    if (parsed.command === 'list') {
      const accounts = await listStaffAccounts(store);
      say(accounts.length === 0 ? `No admin or staff accounts yet. Make the first admin with: ${MAKE_ONE}` : accountTable(accounts));
      return 0;
    }
    const password = await passwordFrom(parsed.password, io);
    const deps = { store, logger: createLogger('admin-cli', 'error'), now: () => new Date(), commonPasswords: await commonPasswords() };
    const made = await createStaffAccount(deps, SYSTEM_ACTORS.commandLine, { email: parsed.email, fullName: parsed.fullName, role: parsed.role, password });
    say(`Made the ${made.role} account ${made.email} (${made.fullName}), id ${made.userId}. Sign in at ${env.PUBLIC_URL}/auth-Container.`);
    if (parsed.password === 'generate') say(`Its password, shown this once: ${password}`);
    return 0;
  } catch (error) {
    if (isRejection(error)) {
      const details = (error.errors ?? []).slice(1).map((problem) => `\n  ${problem.field}: ${problem.message}`).join('');
      const about = error.kind === 'conflict' && parsed.command === 'create' ? ` (${parsed.email})` : '';
      complain(`admin ${parsed.command}: ${error.message}${about}${details}\nNothing was made.`);
      return 1;
    }
    if (error instanceof CliProblem || error instanceof ConfigError) {
      complain(`admin ${parsed.command}: ${error.message}`);
      return error instanceof CliProblem ? error.exitCode : 1;
    }
    complain(`admin ${parsed.command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await store?.close();
  }
}
