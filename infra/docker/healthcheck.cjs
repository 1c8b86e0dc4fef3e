#!/usr/bin/env node
// Container health probe of the Node services (the images have no curl or wget).
//   node /app/healthcheck.cjs [path]     path: /health (liveness, the default) or /ready (dependencies answer)
// Exits 0 when http://127.0.0.1:$PORT<path> answers 2xx within 4 s, else 1. Without PORT it asks the
// service's local-stack port; the image's working directory is the service folder, which names the service.
'use strict';
const path = require('node:path');

const probePath = process.argv[2] || '/health';

function servicePort() {
  if (process.env.PORT) return process.env.PORT;
  const service = path.basename(process.cwd());
  try {
    return require('/app/platform/dist/config/local-stack.js').LOCAL_STACK.services[service];
  } catch {
    return undefined;
  }
}

const port = servicePort();
if (!port) {
  console.error('healthcheck: no PORT and no local-stack port for this service');
  process.exit(1);
}

fetch(`http://127.0.0.1:${port}${probePath}`, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  (error) => {
    console.error(`healthcheck: ${probePath} ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
