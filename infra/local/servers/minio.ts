import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { StackServers } from '../../../platform/src/config/local-stack';
import { serverVariables } from '../../../platform/src/config/local-stack';
import type { ServerLayout } from '../layout';
import { DEFAULT_LAYOUT, dataDirIn } from '../layout';
import { say } from '../log';
import { installLogOf, toolDirOf } from '../paths';
import { runCommand } from '../process';
import { answersHttp } from '../probes';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';
import { goExecutable, isMarkedComplete, markComplete } from '../tools';

/** The module has no semver tags, so a pseudo-version pins the build. */
const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const TOOL_DIR = toolDirOf('minio', MINIO_VERSION);
const BINARY = path.join(TOOL_DIR, 'minio');

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

const s3Client = (servers: StackServers): S3Client =>
  new S3Client({
    endpoint: serverVariables(servers).S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: servers.minio.accessKey, secretAccessKey: servers.minio.secretKey },
  });

const ensureBucket = async (servers: StackServers): Promise<void> => {
  const MINIO = servers.minio;
  const client = s3Client(servers);
  try {
    await client.send(new HeadBucketCommand({ Bucket: MINIO.bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: MINIO.bucket }));
    say('minio', `created bucket ${MINIO.bucket}`);
  } finally {
    client.destroy();
  }
};

/** MinIO of one copy of the stack (`npm start`'s unless a layout says otherwise). */
export const minioServer = (layout: ServerLayout = DEFAULT_LAYOUT): LocalServer => {
  const MINIO = layout.servers.minio;
  const storageDir = dataDirIn(layout, 'minio');
  return defineDaemon({
    name: 'minio',
    layout,
    address: `${MINIO.host}:${MINIO.port} (console ${MINIO.consolePort})`,
    ports: [MINIO.port, MINIO.consolePort],
    startTimeoutMs: 60_000,
    externalVariable: (env) => firstVariablePointingElsewhere(env, ['S3_ENDPOINT']),
    isInstalled: async () => isMarkedComplete(TOOL_DIR) && fs.existsSync(BINARY),
    install: build,
    async prepare() {
      fs.mkdirSync(storageDir, { recursive: true });
    },
    launchSpec: () => ({
      command: BINARY,
      args: [
        'server',
        storageDir,
        '--address',
        `${MINIO.host}:${MINIO.port}`,
        '--console-address',
        `${MINIO.host}:${MINIO.consolePort}`,
      ],
      env: { ...process.env, MINIO_ROOT_USER: MINIO.accessKey, MINIO_ROOT_PASSWORD: MINIO.secretKey },
    }),
    provision: () => ensureBucket(layout.servers),
    isHealthy: () => answersHttp(`${serverVariables(layout.servers).S3_ENDPOINT}/minio/health/live`),
  });
};

export const minio: LocalServer = minioServer();
