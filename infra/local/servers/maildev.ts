import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_DEFAULTS, LOCAL_STACK } from '../../../platform/src/config/local-stack';
import { dataDirOf, REPO_ROOT } from '../paths';
import { answersHttp, isPortOpen } from '../probes';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';

const MAILDEV = LOCAL_STACK.maildev;
const MAILDEV_SCRIPT = path.join(REPO_ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
const WORKSPACE_NODE = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
const MAIL_DIR = dataDirOf('maildev');

/** The workspace's Node 24 when present, whatever Node runs this CLI. */
const nodeBinary = (): string => (fs.existsSync(WORKSPACE_NODE) ? WORKSPACE_NODE : process.execPath);

export const maildev: LocalServer = defineDaemon({
  name: 'maildev',
  address: `smtp ${MAILDEV.host}:${MAILDEV.smtpPort}, http ${MAILDEV.host}:${MAILDEV.webPort}`,
  ports: [MAILDEV.smtpPort, MAILDEV.webPort],
  startTimeoutMs: 30_000,
  externalVariable: (env) => firstVariablePointingElsewhere(env, ['SMTP_HOST']),
  isInstalled: async () => fs.existsSync(MAILDEV_SCRIPT),
  async install() {
    throw new Error('maildev is a root devDependency of the workspace: run `npm install` at the repo root');
  },
  async prepare() {
    fs.mkdirSync(MAIL_DIR, { recursive: true });
  },
  launchSpec: () => ({
    command: nodeBinary(),
    args: [
      MAILDEV_SCRIPT,
      '--smtp',
      String(MAILDEV.smtpPort),
      '--ip',
      MAILDEV.host,
      '--web',
      String(MAILDEV.webPort),
      '--web-ip',
      MAILDEV.host,
      '--mail-directory',
      MAIL_DIR,
    ],
  }),
  isHealthy: async () =>
    (await answersHttp(`${LOCAL_DEFAULTS.MAILBOX_API_URL}/api/healthz`)) &&
    isPortOpen(MAILDEV.host, MAILDEV.smtpPort),
});
