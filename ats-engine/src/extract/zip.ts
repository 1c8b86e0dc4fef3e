import { inflateRawSync } from 'node:zlib';

/**
 * Reads a DOCX container defensively before any parser sees it. The central directory is read
 * directly; every part except media is inflated here with a hard output cap, so a part that claims
 * to be small but inflates to gigabytes (a zip bomb) fails at the cap instead of exhausting memory.
 * Declared sizes are not trusted: the caps apply to the bytes actually produced.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Total bytes all non-media parts may inflate to. */
  maxInflatedBytes: number;
  /** Largest inflated/compressed ratio of a part larger than 1 MB once inflated. */
  maxRatio: number;
}

export class ZipRefusal extends Error {
  constructor(
    readonly reason: 'corrupt' | 'bomb' | 'encrypted',
    message: string,
  ) {
    super(message);
    this.name = 'ZipRefusal';
  }
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const RATIO_FLOOR_BYTES = 1024 * 1024;

const isMedia = (name: string) => /^word\/(media|embeddings)\//i.test(name) || /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|bin|ttf|odttf)$/i.test(name);

function findEndOfCentralDirectory(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ZipRefusal('corrupt', 'no end of central directory');
}

function readEntries(bytes: Buffer, limits: ZipLimits): Entry[] {
  const eocd = findEndOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipRefusal('corrupt', 'zip64 archives are not Word documents');
  if (count > limits.maxEntries) throw new ZipRefusal('bomb', `${count} entries`);
  if (offset + size > bytes.length) throw new ZipRefusal('corrupt', 'central directory outside the file');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ZipRefusal('corrupt', 'bad central directory entry');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function dataOf(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new ZipRefusal('corrupt', `bad local header for ${entry.name}`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipRefusal('corrupt', `${entry.name} runs past the end of the file`);
  return bytes.subarray(start, end);
}

/** Inflates every non-media part under the caps; returns them by name. Throws ZipRefusal. */
export function readZipParts(bytes: Buffer, limits: ZipLimits): Map<string, Buffer> {
  const entries = readEntries(bytes, limits);
  const parts = new Map<string, Buffer>();
  let budget = limits.maxInflatedBytes;
  const declaredTotal = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declaredTotal > limits.maxInflatedBytes * 4) throw new ZipRefusal('bomb', `declares ${declaredTotal} bytes`);
  for (const entry of entries) {
    if (entry.name.endsWith('/') || isMedia(entry.name)) continue;
    if (entry.flags & 0x1) throw new ZipRefusal('encrypted', `${entry.name} is encrypted`);
    const data = dataOf(bytes, entry);
    let inflated: Buffer;
    if (entry.method === 0) {
      inflated = data;
    } else if (entry.method === 8) {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: budget + 1 });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw new ZipRefusal('bomb', `${entry.name} inflates past the limit`);
        throw new ZipRefusal('corrupt', `${entry.name} does not inflate`);
      }
    } else {
      throw new ZipRefusal('corrupt', `${entry.name} uses compression method ${entry.method}`);
    }
    if (inflated.length > budget) throw new ZipRefusal('bomb', `${entry.name} inflates past the limit`);
    if (inflated.length > RATIO_FLOOR_BYTES && inflated.length / Math.max(1, data.length) > limits.maxRatio) {
      throw new ZipRefusal('bomb', `${entry.name} has a compression ratio of ${Math.round(inflated.length / Math.max(1, data.length))}`);
    }
    budget -= inflated.length;
    parts.set(entry.name, inflated);
  }
  return parts;
}
