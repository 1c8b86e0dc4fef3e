import fs from 'node:fs';
import { say } from './log';
import { installLogOf } from './paths';
import { findExecutable, runCommand } from './process';

const isRoot = (): boolean => process.getuid?.() === 0;

let aptQueue: Promise<unknown> = Promise.resolve();

/** apt-get holds a global lock, so concurrent installs of several servers take turns. */
export const aptInstall = (server: string, packages: readonly string[]): Promise<void> => {
  const install = async (): Promise<void> => {
    if (!isRoot()) {
      throw new Error(`${packages.join(' ')} missing: install with \`sudo apt-get install -y ${packages.join(' ')}\``);
    }
    const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, logFile: installLogOf(server) };
    say(server, `apt-get install ${packages.join(' ')}…`);
    await runCommand('apt-get', ['update'], options);
    await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...packages], options);
  };
  const turn = aptQueue.then(install);
  aptQueue = turn.catch(() => undefined);
  return turn;
};

export const requireExecutable = (name: string, candidates: readonly string[], hint: string): string => {
  const executable = findExecutable(name, candidates);
  if (executable === undefined) throw new Error(`${name} not found (${hint})`);
  return executable;
};

export const goExecutable = (): string =>
  requireExecutable('go', ['/usr/local/go/bin/go'], 'a Go toolchain >= 1.24 is needed to build it from the Go module proxy');

/** A tool folder counts as installed only once this marker is written after a successful install. */
export const COMPLETE_MARKER = '.complete';
export const isMarkedComplete = (dir: string): boolean => fs.existsSync(`${dir}/${COMPLETE_MARKER}`);
export const markComplete = (dir: string): void => fs.writeFileSync(`${dir}/${COMPLETE_MARKER}`, new Date().toISOString());
