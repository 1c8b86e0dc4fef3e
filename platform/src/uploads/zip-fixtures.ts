/**
 * Zip files for tests, written field by field in memory: honest ones, DOCX zip bombs (honest and
 * lying headers) and a DOCX whose document part does not inflate. Used by the tests of every
 * service that reads or stores Office files.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Compressed bytes, if not plain deflate of `data`. */
  compressed?: Buffer;
  size?: number;
  crc?: number;
  /** Size to claim in the headers (a lying zip). */
  declaredSize?: number;
}

/** A zip of deflated entries, written field by field. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.compressed ?? deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.size ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/**
 * Raw deflate of `mebibytes` MiB of zeros in a few KB: one sync-flushed block compressing 1 MiB of
 * zeros, repeated (its back-references only ever point at zeros), then an empty final block.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A DOCX-shaped zip whose word/document.xml inflates to `mebibytes` MiB; `lie` claims 10 KB. */
export function docxZipBomb(mebibytes = 512, lie = false): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    {
      name: 'word/document.xml',
      data: Buffer.alloc(0),
      compressed: deflatedZeros(mebibytes),
      size: mebibytes * 1024 * 1024,
      crc: 0,
      declaredSize: lie ? 10_240 : undefined,
    },
  ]);
}

/** A DOCX zip whose document part is not deflate data. */
export function corruptDocx(): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: Buffer.from('x'), compressed: Buffer.from('this is not deflate data at all, sorry'), size: 5000 },
  ]);
}

