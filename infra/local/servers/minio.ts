import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_DEFAULTS, LOCAL_STACK } from '../../../platform/src/config/local-stack';
import { say } from '../log';
import { dataDirOf, installLogOf, toolDirOf } from '../paths';
import { runCommand } from '../process';
import { answersHttp } from '../probes';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';
import { goExecutable, isMarkedComplete, markComplete } from '../tools';

const MINIO = LOCAL_STACK.minio;
/** The module has no semver tags, so a pseudo-version pins the build. */
const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const TOOL_DIR = toolDirOf('minio', MINIO_VERSION);
const BINARY = path.join(TOOL_DIR, 'minio');
const STORAGE_DIR = dataDirOf('minio');

const build = async (): Promise<void> => {
  say('minio', `building (go install github.com/minio/minio@${MINIO_VERSION}; minutes on a cold Go cache)…`);
  fs.mkdirSync(TOOL_DIR, { recursive: true });
  await runCommand(goExecutable(), ['install', `github.com/minio/minio@${MINIO_VERSION}`], {
    cwd: os.tmpdir(),
    env: { ...process.env, GOBIN: TOOL_DIR },
    logFile: installLogOf('minio'),
  });
  markComplete(TOOL_DIR);
};

const s3Client = (): S3Client =>
  new S3Client({
    endpoint: LOCAL_DEFAULTS.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: MINIO.accessKey, secretAccessKey: MINIO.secretKey },
  });

const ensureBucket = async (): Promise<void> => {
  const client = s3Client();
  try {
    await client.send(new HeadBucketCommand({ Bucket: MINIO.bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: MINIO.bucket }));
    say('minio', `created bucket ${MINIO.bucket}`);
  } finally {
    client.destroy();
  }
};

export const minio: LocalServer = defineDaemon({
  name: 'minio',
  address: `${MINIO.host}:${MINIO.port} (console ${MINIO.consolePort})`,
  ports: [MINIO.port, MINIO.consolePort],
  startTimeoutMs: 60_000,
  externalVariable: (env) => firstVariablePointingElsewhere(env, ['S3_ENDPOINT']),
  isInstalled: async () => isMarkedComplete(TOOL_DIR) && fs.existsSync(BINARY),
  install: build,
  async prepare() {
    fs.mkdirSync(STORAGE_DIR, { recursive: true });
  },
  launchSpec: () => ({
    command: BINARY,
    args: [
      'server',
      STORAGE_DIR,
      '--address',
      `${MINIO.host}:${MINIO.port}`,
      '--console-address',
      `${MINIO.host}:${MINIO.consolePort}`,
    ],
    env: { ...process.env, MINIO_ROOT_USER: MINIO.accessKey, MINIO_ROOT_PASSWORD: MINIO.secretKey },
  }),
  provision: ensureBucket,
  isHealthy: () => answersHttp(`${LOCAL_DEFAULTS.S3_ENDPOINT}/minio/health/live`),
});
