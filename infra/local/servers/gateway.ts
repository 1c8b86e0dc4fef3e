import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_STACK } from '../../../platform/src/config/local-stack';
import type { GatewayConfigOptions } from '../gateway-config';
import { localGatewayVariables, nginxArgs, writeGatewayConfig } from '../gateway-config';
import { say } from '../log';
import { dataDirOf, LOGS_DIR, logFileOf, REPO_ROOT, relativeToRepo } from '../paths';
import { findExecutable, readRunningPid } from '../process';
import { answersHttp } from '../probes';
import type { LocalServer } from '../server';
import { defineDaemon } from '../server';
import { aptInstall } from '../tools';

const GATEWAY = LOCAL_STACK.gateway;
const PREFIX_DIR = dataDirOf('gateway');
const BUILT_FRONTEND = path.join(REPO_ROOT, 'frontend', 'dist');
const PLACEHOLDER_FRONTEND = path.join(PREFIX_DIR, 'placeholder-frontend');
/** nginx's root: a link re-pointed on every `start`, so a frontend built later needs no restart. */
const FRONTEND_LINK = path.join(PREFIX_DIR, 'frontend-root');
const GATEWAY_URL = `http://${GATEWAY.host}:${GATEWAY.port}`;

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Placement portal</title></head>
<body>
<h1>Placement portal</h1>
<p>The frontend is not built yet: run <code>npm run build -w frontend</code>,
then <code>npm run stack -- start gateway</code>.</p>
</body>
</html>
`;

export const findNginx = (): string | undefined => findExecutable('nginx', ['/usr/sbin/nginx']);

export const nginx = (): string => {
  const executable = findNginx();
  if (executable === undefined) throw new Error('nginx not found');
  return executable;
};

const frontendTarget = (): string => {
  if (fs.existsSync(path.join(BUILT_FRONTEND, 'index.html'))) return BUILT_FRONTEND;
  fs.mkdirSync(PLACEHOLDER_FRONTEND, { recursive: true });
  fs.writeFileSync(path.join(PLACEHOLDER_FRONTEND, 'index.html'), PLACEHOLDER_PAGE);
  return PLACEHOLDER_FRONTEND;
};

const currentLinkTarget = (): string | undefined => {
  try {
    return fs.readlinkSync(FRONTEND_LINK);
  } catch {
    return undefined;
  }
};

/** Serves frontend/dist once it is built; until then a placeholder page keeps the gateway usable. */
const pointFrontendLink = async (): Promise<void> => {
  const target = frontendTarget();
  if (currentLinkTarget() === target) return;
  fs.mkdirSync(PREFIX_DIR, { recursive: true });
  const newLink = `${FRONTEND_LINK}.new`;
  fs.rmSync(newLink, { force: true });
  fs.symlinkSync(target, newLink);
  fs.renameSync(newLink, FRONTEND_LINK);
  const served = target === BUILT_FRONTEND ? relativeToRepo(target) : 'a placeholder page (frontend/dist not built yet)';
  say('gateway', `serving ${served}`);
};

const localGatewayOptions = (root: string): GatewayConfigOptions => ({
  nginx: nginx(),
  prefixDir: PREFIX_DIR,
  errorLog: logFileOf('gateway'),
  accessLog: path.join(LOGS_DIR, 'gateway-access.log'),
  variables: localGatewayVariables(root),
});

export const gateway: LocalServer = defineDaemon({
  name: 'gateway',
  address: GATEWAY_URL,
  ports: [GATEWAY.port],
  startTimeoutMs: 15_000,
  stopSignal: 'SIGQUIT',
  stopTimeoutMs: 10_000,
  isInstalled: async () => findNginx() !== undefined,
  install: () => aptInstall('gateway', ['nginx']),
  async prepare() {
    await pointFrontendLink();
    writeGatewayConfig(localGatewayOptions(FRONTEND_LINK));
  },
  /** A running gateway picks up a changed template: the config is tested, then nginx reloads (SIGHUP). */
  async refresh() {
    await pointFrontendLink();
    const options = localGatewayOptions(FRONTEND_LINK);
    if (!writeGatewayConfig(options)) return;
    const test = spawnSync(options.nginx, ['-t', ...nginxArgs(options)], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`the gateway config does not pass nginx -t:\n${test.stderr}`);
    const pid = readRunningPid('gateway');
    if (pid === undefined) return;
    process.kill(pid, 'SIGHUP');
    say('gateway', 'config changed: reloaded');
  },
  launchSpec: () => ({ command: nginx(), args: nginxArgs({ prefixDir: PREFIX_DIR, errorLog: logFileOf('gateway') }) }),
  isHealthy: async () => (await answersHttp(`${GATEWAY_URL}/healthz`)) && answersHttp(`${GATEWAY_URL}/`),
});
