import fs from 'node:fs';
import path from 'node:path';
import { serverVariables } from '../../../platform/src/config/local-stack';
import type { ServerLayout } from '../layout';
import { DEFAULT_LAYOUT, dataDirIn } from '../layout';
import { REPO_ROOT } from '../paths';
import { answersHttp, isPortOpen } from '../probes';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';

const MAILDEV_SCRIPT = path.join(REPO_ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
const WORKSPACE_NODE = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');

/**
 * The inbox keeps this many mails across restarts. MailDev reads every stored mail at start; with the
 * tens of thousands the benchmarks send it missed its start deadline (79,000 mails, 378 MB); 5,000 took
 * 19 s, 1,000 take 3 s.
 */
export const MAILS_KEPT = 1_000;

/** The ids of stored mails beyond the newest `keep`, oldest first. */
export function mailsBeyond(mails: readonly { id: string; modifiedMs: number }[], keep: number): string[] {
  return [...mails].sort((a, b) => b.modifiedMs - a.modifiedMs).slice(keep).map((mail) => mail.id);
}

/** Deletes the stored mails (and their attachment folders) beyond the newest `keep`; returns how many. */
function pruneStoredMails(mailDir: string, keep: number): number {
  const mails = fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ id: name.slice(0, -'.eml'.length), modifiedMs: fs.statSync(path.join(mailDir, name)).mtimeMs }));
  const old = mailsBeyond(mails, keep);
  for (const id of old) {
    fs.rmSync(path.join(mailDir, `${id}.eml`), { force: true });
    fs.rmSync(path.join(mailDir, id), { recursive: true, force: true });
  }
  return old.length;
}

/** The workspace's Node 24 when present, whatever Node runs this CLI. */
const nodeBinary = (): string => (fs.existsSync(WORKSPACE_NODE) ? WORKSPACE_NODE : process.execPath);

/**
 * MailDev of one copy of the stack (`npm start`'s unless a layout says otherwise), keeping the newest
 * `mailsKept` mails across restarts (the fault tests keep every mail: they count them).
 */
export const maildevServer = (layout: ServerLayout = DEFAULT_LAYOUT, mailsKept = MAILS_KEPT): LocalServer => {
  const MAILDEV = layout.servers.maildev;
  const mailDir = dataDirIn(layout, 'maildev');
  return defineDaemon({
    name: 'maildev',
    layout,
    address: `smtp ${MAILDEV.host}:${MAILDEV.smtpPort}, http ${MAILDEV.host}:${MAILDEV.webPort}`,
    ports: [MAILDEV.smtpPort, MAILDEV.webPort],
    startTimeoutMs: 30_000,
    externalVariable: (env) => firstVariablePointingElsewhere(env, ['SMTP_HOST']),
    isInstalled: async () => fs.existsSync(MAILDEV_SCRIPT),
    async install() {
      throw new Error('maildev is a root devDependency of the workspace: run `npm install` at the repo root');
    },
    async prepare() {
      fs.mkdirSync(mailDir, { recursive: true });
      const pruned = pruneStoredMails(mailDir, mailsKept);
      if (pruned > 0) console.log(`[maildev] removed the ${pruned} oldest stored mails; the inbox keeps the newest ${mailsKept}`);
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
        mailDir,
      ],
    }),
    isHealthy: async () =>
      (await answersHttp(`${serverVariables(layout.servers).MAILBOX_API_URL}/api/healthz`)) &&
      isPortOpen(MAILDEV.host, MAILDEV.smtpPort),
  });
};

export const maildev: LocalServer = maildevServer();
