import { inflateRaw, inflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';

const inflate = promisify(inflateRaw);

/**
 * Reads an Office Open XML container (DOCX, XLSX, PPTX) defensively before any parser sees it or
 * storage keeps it: the ATS engine reads resumes through it, the command side checks every DOCX
 * resume and Office attachment with it before storing. The central directory is read
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

const isMedia = (name: string) => /^(word|xl|ppt)\/(media|embeddings)\//i.test(name) || /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|bin|ttf|odttf)$/i.test(name);

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

/**
 * Inflates every non-media part under the caps, one at a time (on libuv's thread pool, so the event
 * loop stays free), and hands each to `visit`. Throws ZipRefusal. The one walk behind both readers below.
 * `sync` inflates on the calling thread instead: for a worker thread that does nothing else, where a
 * DOCX's dozen small parts cost ~2 ms on the thread pool's round trips and ~0.2 ms inline.
 */
async function walkZipParts(bytes: Buffer, limits: ZipLimits, visit: (name: string, inflated: Buffer) => void, sync = false): Promise<void> {
  const entries = readEntries(bytes, limits);
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
        inflated = sync ? inflateRawSync(data, { maxOutputLength: budget + 1 }) : await inflate(data, { maxOutputLength: budget + 1 });
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
    visit(entry.name, inflated);
  }
}

/** Inflates every non-media part under the caps; returns them by name. Throws ZipRefusal. `sync`: see walkZipParts. */
export async function readZipParts(bytes: Buffer, limits: ZipLimits, { sync = false }: { sync?: boolean } = {}): Promise<Map<string, Buffer>> {
  const parts = new Map<string, Buffer>();
  await walkZipParts(bytes, limits, (name, inflated) => parts.set(name, inflated), sync);
  return parts;
}

/**
 * The same checks without keeping anything: each part is inflated under the caps and dropped, so a
 * file that is stored (a resume, an attachment) costs at most one part's memory. Throws ZipRefusal.
 */
export async function assertSafeZip(bytes: Buffer, limits: ZipLimits = OFFICE_ZIP_LIMITS): Promise<void> {
  await walkZipParts(bytes, limits, () => undefined);
}

/**
 * The caps of every Office Open XML file the portal reads or stores (resumes, attachments): far above
 * any real resume or document, far below what would hurt a service.
 */
export const OFFICE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxRatio: 200,
};

const MEBIBYTE = 1024 * 1024;

/** What a user is told about a file that fails these checks: one text for every service that reads files. */
export const FILE_REFUSALS = {
  zipBomb: (limitMb: number, kind = 'Word document') =>
    `This ${kind} expands to more than ${limitMb} MB when opened, which no resume or attachment needs. Please save it again or upload a PDF.`,
  damaged: (kind: string) => `This ${kind} is damaged or incomplete and could not be read. Please export it again and upload the new file.`,
  encrypted: (kind: string) => `This ${kind} is encrypted. Save an unprotected copy and upload it again.`,
} as const;

export function zipRefusalMessage(refusal: ZipRefusal, kind = 'Word document', limits: ZipLimits = OFFICE_ZIP_LIMITS): string {
  if (refusal.reason === 'bomb') return FILE_REFUSALS.zipBomb(Math.round(limits.maxInflatedBytes / MEBIBYTE), kind);
  if (refusal.reason === 'encrypted') return FILE_REFUSALS.encrypted(kind);
  return FILE_REFUSALS.damaged(kind);
}

/** The message for an Office Open XML file (DOCX, XLSX, PPTX) that is unsafe or unreadable, or null when it passes. */
export async function officeZipProblem(bytes: Buffer, kind = 'Word document', limits: ZipLimits = OFFICE_ZIP_LIMITS): Promise<string | null> {
  try {
    await assertSafeZip(bytes, limits);
    return null;
  } catch (error) {
    if (error instanceof ZipRefusal) return zipRefusalMessage(error, kind, limits);
    throw error;
  }
}
