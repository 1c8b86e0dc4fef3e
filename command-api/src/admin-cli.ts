/** `npm run admin -- create|list …` (see admin-command.ts); in a container, `node dist/admin-cli.js …`. */
import { runAdminCommand } from './admin-command';

runAdminCommand(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
