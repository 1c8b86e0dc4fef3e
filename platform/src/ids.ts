import { createHash } from 'node:crypto';

/**
 * The name-based UUID (version 5, SHA-1) of RFC 9562: the same namespace and name always give the
 * same id. `namespace` is 16 bytes (a UUID of the caller's own, as hex with or without dashes).
 */
export function nameBasedUuid(namespace: string, name: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error('a name-based UUID needs a 16-byte namespace');
  const bytes = createHash('sha1').update(namespaceBytes).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
