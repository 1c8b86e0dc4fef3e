import { randomBytes } from 'node:crypto';

/**
 * The test suite and the benchmarks sign tokens for the services they run themselves, with a secret
 * made for this run: never one that is in the repository, never the running stack's. Processes they
 * spawn inherit it through the environment. A caller that set JWT_SECRET or JWT_SECRET_FILE keeps it.
 */
export function useEphemeralJwtSecret(): void {
  if (!process.env.JWT_SECRET && !process.env.JWT_SECRET_FILE) process.env.JWT_SECRET = randomBytes(32).toString('base64url');
}
