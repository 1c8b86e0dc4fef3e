import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ConfigError } from '../config/env';

/**
 * Whose `X-Forwarded-For` a service believes: only the gateway's. Every other peer is the client
 * itself, whatever it writes in that header, so it cannot pick the address its rate limits count.
 *
 * `TRUSTED_PROXIES` lists addresses, CIDR ranges and host names, comma-separated: `127.0.0.1,::1`
 * on the local stack (nginx runs on this machine), `gateway` in compose (the gateway service's
 * name, resolved at start and every 30 s, since a container's address changes when it is recreated).
 */

export const TRUSTED_PROXIES_VARIABLE = 'TRUSTED_PROXIES';
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1,::1';
const RESOLVE_EVERY_MS = 30_000;

export interface TrustedProxies {
  /** Express's `trust proxy` function: is the hop at this address the gateway? */
  trusts: (address: string) => boolean;
  /** Resolves the host names (at once for addresses and ranges). */
  ready: Promise<void>;
  /** Stops re-resolving host names. */
  close: () => void;
}

/** '::ffff:127.0.0.1' (an IPv4 peer of a dual-stack socket) is 127.0.0.1. */
const unmapped = (address: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

interface ParsedEntries {
  fixed: BlockList;
  hostNames: string[];
}

function parseEntries(spec: string): ParsedEntries {
  const fixed = new BlockList();
  const hostNames: string[] = [];
  const entries = spec.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new ConfigError([{ variable: TRUSTED_PROXIES_VARIABLE, message: 'must name at least one address, range or host' }]);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = Number(prefix);
    if (family !== 0 && prefix === undefined) fixed.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else if (family !== 0 && rest.length === 0 && /^\d+$/.test(prefix ?? '') && bits <= (family === 4 ? 32 : 128)) fixed.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    else if (prefix === undefined && HOST_NAME.test(entry)) hostNames.push(entry);
    else throw new ConfigError([{ variable: TRUSTED_PROXIES_VARIABLE, message: `'${entry}' is not an address, a CIDR range or a host name` }]);
  }
  return { fixed, hostNames };
}

const matches = (list: BlockList, address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** The trusted proxies named by `spec` (default: this machine's loopback addresses). */
export function trustedProxies(spec: string = DEFAULT_TRUSTED_PROXIES): TrustedProxies {
  const { fixed, hostNames } = parseEntries(spec);
  let resolved = new Set<string>();
  const resolve = async () => {
    const found = await Promise.all(hostNames.map((host) => lookup(host, { all: true }).then((addresses) => addresses.map((entry) => entry.address), () => [])));
    resolved = new Set(found.flat().map(unmapped));
  };
  const timer = hostNames.length > 0 ? setInterval(() => void resolve(), RESOLVE_EVERY_MS) : undefined;
  timer?.unref();
  return {
    trusts: (address) => {
      const plain = unmapped(address);
      return matches(fixed, plain) || resolved.has(plain);
    },
    ready: hostNames.length > 0 ? resolve() : Promise.resolve(),
    close: () => clearInterval(timer),
  };
}

/** From the environment's `TRUSTED_PROXIES`; a bad entry stops the service with the variable named. */
export const trustedProxiesFromEnv = (env: NodeJS.ProcessEnv = process.env): TrustedProxies => trustedProxies(env[TRUSTED_PROXIES_VARIABLE] || DEFAULT_TRUSTED_PROXIES);
