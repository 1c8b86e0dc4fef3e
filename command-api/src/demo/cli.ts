/** `npm run demo -- [options]` (see command.ts); in a container, `node dist/demo/cli.js`. */
import { runDemoCommand } from './command';

runDemoCommand(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
