import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const LOCAL_DIR = path.join(REPO_ROOT, '.local');
export const DATA_ROOT = path.join(LOCAL_DIR, 'data');
export const LOGS_DIR = path.join(LOCAL_DIR, 'logs');

/** Downloaded and built tools live outside the repo, so every clone on the machine shares them. */
export const TOOLS_DIR = process.env.PLACEMENT_TOOLS_DIR || path.join(os.homedir(), '.cache', 'placement-portal');

export const dataDirOf = (server: string): string => path.join(DATA_ROOT, server);
export const logFileOf = (server: string): string => path.join(LOGS_DIR, `${server}.log`);
export const installLogOf = (server: string): string => path.join(LOGS_DIR, `${server}-install.log`);
export const pidFileOf = (server: string): string => path.join(DATA_ROOT, 'pids', `${server}.pid`);
export const toolDirOf = (tool: string, version: string): string => path.join(TOOLS_DIR, tool, version);

export const relativeToRepo = (file: string): string => path.relative(REPO_ROOT, file);
