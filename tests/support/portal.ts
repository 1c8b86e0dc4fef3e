import { randomBytes } from 'node:crypto';
import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';

/** The running local stack's single origin (gateway): the SPA and every API. */
export const PORTAL_URL = LOCAL_DEFAULTS.PUBLIC_URL;

export interface PortalReply<T = unknown> {
  status: number;
  body: T;
  /** The global position of the event a command appended (read-your-writes), when it answered one. */
  position: number | null;
}

export interface PortalRequest {
  token?: string;
  body?: unknown;
  /** Send back a command's position: the query side answers once its projections have passed it. */
  after?: number | null;
  /** The client address the services see (per-address rate limits), as the gateway forwards it. */
  clientAddress?: string;
}

/** One call through the gateway, as a browser would make it. */
export async function portalRequest<T = unknown>(method: string, path: string, options: PortalRequest = {}): Promise<PortalReply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.after !== undefined && options.after !== null) headers['X-Consistency-Position'] = String(options.after);
  if (options.clientAddress) headers['X-Forwarded-For'] = options.clientAddress;
  const response = await fetch(`${PORTAL_URL}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const body = (await response.json()) as T;
  const position = typeof (body as { position?: unknown } | null)?.position === 'number' ? (body as { position: number }).position : null;
  return { status: response.status, body, position };
}

/** A session token of the running stack, from its login endpoint: tests never know the stack's secret. */
export async function signInAtGateway(email: string, password: string, clientAddress?: string): Promise<string> {
  const login = await portalRequest<{ token?: string; message?: string }>('POST', '/api/auth/login', { body: { email, password }, clientAddress });
  if (login.status !== 200 || !login.body.token) throw new Error(`signing in ${email} at the gateway answered ${login.status}: ${login.body.message ?? ''}`);
  return login.body.token;
}

/**
 * A private-range client address for one test run. The gateway appends the real peer after it and
 * the services trust private ranges, so the per-address limits (sign-ups, public submissions) of one
 * run never starve another run on the same machine.
 */
export const testClientAddress = (): string => `10.${[...randomBytes(3)].map((byte) => String(byte % 250)).join('.')}`;

/** Short unique text for names that must be found again among other tests' data. */
export const uniqueTag = (): string => randomBytes(4).toString('hex');
