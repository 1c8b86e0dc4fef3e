import type { LocalServer, ServerName } from '../server';
import { ferretdb } from './ferretdb';
import { gateway } from './gateway';
import { kafka } from './kafka';
import { maildev } from './maildev';
import { minio } from './minio';
import { postgres } from './postgres';

/** Every server after the ones it depends on. */
export const ALL_SERVERS: readonly LocalServer[] = [postgres, kafka, ferretdb, minio, maildev, gateway];

export const serverNamed = (name: ServerName): LocalServer => {
  const server = ALL_SERVERS.find((candidate) => candidate.name === name);
  if (server === undefined) throw new Error(`unknown server ${name}`);
  return server;
};
