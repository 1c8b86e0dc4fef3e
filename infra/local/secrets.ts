import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DIR } from './paths';

/** Where the local stack keeps the secrets it made for this clone (never committed: `.local/` is ignored). */
export const SECRETS_DIR = path.join(LOCAL_DIR, 'secrets');
export const JWT_SECRET_PATH = path.join(SECRETS_DIR, 'jwt-secret');

/**
 * The token-signing secret of this clone's portal: made at random on the first `npm start`, kept in a
 * file only its owner can read, and handed to the services as JWT_SECRET_FILE.
 */
export function ensureLocalJwtSecret(file: string = JWT_SECRET_PATH): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  try {
    // 'wx': of two first starts at once, one writes the secret and the other keeps it.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return file;
}
