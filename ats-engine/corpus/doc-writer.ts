/**
 * A minimal Word 97-2003 (.doc) writer: an OLE compound file (MS-CFB, version 3, 512-byte sectors)
 * holding a WordDocument stream (the FIB and the text) and a 1Table stream (the piece table),
 * following MS-DOC: FibBase, FibRgW97, FibRgLw97 (ccpText), FibRgFcLcb97 (fcClx/lcbClx) and one
 * piece of 8-bit (compressed, cp1252) or UTF-16 text. Paragraphs end in CR; a tab separates a
 * title from its date. No formatting runs, styles or lists: bullets are typed characters, as in
 * many resumes saved from older editors. Both streams are padded past the 4096-byte mini-stream
 * cutoff, so no mini FAT is needed.
 */

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;
const TEXT_OFFSET = 0x400;
const MIN_STREAM = 4096;

/** cp1252 bytes of a string, or undefined when a character is not in cp1252. */
function cp1252(text: string): Buffer | undefined {
  const extra: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99 };
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = ch.charCodeAt(0);
    if (extra[ch] !== undefined) out[i] = extra[ch];
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out[i] = code;
    else return undefined;
  }
  return out;
}

const padTo = (buffer: Buffer, size: number): Buffer => (buffer.length >= size ? buffer : Buffer.concat([buffer, Buffer.alloc(size - buffer.length)]));
const roundUp = (n: number, to: number) => Math.ceil(n / to) * to;

function wordDocumentStream(text: string): { stream: Buffer; pieceFc: number } {
  const compressed = cp1252(text);
  const textBytes = compressed ?? Buffer.from(text, 'utf16le');
  const size = roundUp(Math.max(MIN_STREAM, TEXT_OFFSET + textBytes.length), SECTOR);
  const stream = Buffer.alloc(size);
  // FibBase
  stream.writeUInt16LE(0xa5ec, 0x00); // wIdent
  stream.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  stream.writeUInt16LE(0x0409, 0x06); // lid: en-US
  stream.writeUInt16LE(0x0200 | 0x1000, 0x0a); // fWhichTblStm (1Table) | fExtChar
  stream.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  stream.writeUInt32LE(TEXT_OFFSET, 0x18); // fcMin (legacy)
  stream.writeUInt32LE(TEXT_OFFSET + textBytes.length, 0x1c); // fcMac (legacy)
  // FibRgW97: csw = 14 shorts, all zero.
  stream.writeUInt16LE(0x000e, 0x20);
  // FibRgLw97: cslw = 22 longs.
  stream.writeUInt16LE(0x0016, 0x3e);
  stream.writeUInt32LE(size, 0x40); // cbMac
  stream.writeUInt32LE(text.length, 0x4c); // ccpText
  // FibRgFcLcb97: cbRgFcLcb = 93 pairs; fcClx/lcbClx are pair 33 (offsets 0x1A2/0x1A6), set by the caller.
  stream.writeUInt16LE(0x005d, 0x98);
  // cswNew = 0 follows the blob at 0x382.
  textBytes.copy(stream, TEXT_OFFSET);
  const pieceFc = compressed ? ((TEXT_OFFSET * 2) | 0x40000000) >>> 0 : TEXT_OFFSET;
  return { stream, pieceFc };
}

function tableStream(characters: number, pieceFc: number): { stream: Buffer; lcbClx: number } {
  // Clx = Pcdt: clxt 0x02, lcb, PlcPcd { CP[0], CP[1], PCD { flags, fc, prm } }.
  const plcPcd = Buffer.alloc(8 + 8);
  plcPcd.writeUInt32LE(0, 0);
  plcPcd.writeUInt32LE(characters, 4);
  plcPcd.writeUInt16LE(0, 8);
  plcPcd.writeUInt32LE(pieceFc, 10);
  plcPcd.writeUInt16LE(0, 14);
  const header = Buffer.alloc(5);
  header.writeUInt8(0x02, 0);
  header.writeUInt32LE(plcPcd.length, 1);
  const clx = Buffer.concat([header, plcPcd]);
  return { stream: padTo(clx, MIN_STREAM), lcbClx: clx.length };
}

interface DirectoryEntry {
  name: string;
  type: 0 | 1 | 2 | 5;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

function directoryEntry(entry: DirectoryEntry): Buffer {
  const buffer = Buffer.alloc(128);
  if (entry.type !== 0) {
    const name = Buffer.from(`${entry.name}\0`, 'utf16le');
    name.copy(buffer, 0);
    buffer.writeUInt16LE(name.length, 64);
  }
  buffer.writeUInt8(entry.type, 66);
  buffer.writeUInt8(1, 67); // black
  buffer.writeUInt32LE(entry.left >>> 0, 68);
  buffer.writeUInt32LE(entry.right >>> 0, 72);
  buffer.writeUInt32LE(entry.child >>> 0, 76);
  buffer.writeUInt32LE(entry.start >>> 0, 116);
  buffer.writeUInt32LE(entry.size >>> 0, 120);
  return buffer;
}

/** A .doc file whose main text is the given paragraphs. */
export function writeWordDoc(paragraphs: string[]): Buffer {
  const text = `${paragraphs.map((p) => p.replace(/[\r\n]+/g, ' ')).join('\r')}\r`;
  const { stream: wordDocument, pieceFc } = wordDocumentStream(text);
  const { stream: table, lcbClx } = tableStream(text.length, pieceFc);
  wordDocument.writeUInt32LE(0, 0x1a2); // fcClx: the Clx starts the table stream
  wordDocument.writeUInt32LE(lcbClx, 0x1a6);

  const wordSectors = wordDocument.length / SECTOR;
  const tableSectors = table.length / SECTOR;
  const directorySectors = 1;
  const dataSectors = wordSectors + tableSectors + directorySectors;
  // Each FAT sector describes 128 sectors, including the FAT sectors themselves.
  let fatSectors = 1;
  while (fatSectors * 128 < dataSectors + fatSectors) fatSectors += 1;
  const total = dataSectors + fatSectors;

  const fat = new Array<number>(fatSectors * 128).fill(FREE);
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat[start + i] = i === count - 1 ? END_OF_CHAIN : start + i + 1;
  };
  const wordStart = 0;
  const tableStart = wordSectors;
  const directoryStart = wordSectors + tableSectors;
  const fatStart = directoryStart + directorySectors;
  chain(wordStart, wordSectors);
  chain(tableStart, tableSectors);
  chain(directoryStart, directorySectors);
  for (let i = 0; i < fatSectors; i++) fat[fatStart + i] = FAT_SECTOR;

  // Red-black tree of the root's children, all black: WordDocument with 1Table (shorter name, so smaller) on its left.
  const directory = Buffer.concat([
    directoryEntry({ name: 'Root Entry', type: 5, left: NO_STREAM, right: NO_STREAM, child: 1, start: END_OF_CHAIN, size: 0 }),
    directoryEntry({ name: 'WordDocument', type: 2, left: 2, right: NO_STREAM, child: NO_STREAM, start: wordStart, size: wordDocument.length }),
    directoryEntry({ name: '1Table', type: 2, left: NO_STREAM, right: NO_STREAM, child: NO_STREAM, start: tableStart, size: table.length }),
    directoryEntry({ name: '', type: 0, left: NO_STREAM, right: NO_STREAM, child: NO_STREAM, start: 0, size: 0 }),
  ]);

  const header = Buffer.alloc(SECTOR);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift: 512
  header.writeUInt16LE(6, 32); // mini sector shift: 64
  header.writeUInt32LE(0, 40); // directory sectors (0 in version 3)
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(directoryStart, 48);
  header.writeUInt32LE(0, 52); // transaction signature
  header.writeUInt32LE(MIN_STREAM, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // first mini FAT sector
  header.writeUInt32LE(0, 64); // mini FAT sectors
  header.writeUInt32LE(END_OF_CHAIN, 68); // first DIFAT sector
  header.writeUInt32LE(0, 72); // DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? fatStart + i : FREE, 76 + i * 4);

  const fatBuffer = Buffer.alloc(fatSectors * SECTOR);
  fat.forEach((value, i) => fatBuffer.writeUInt32LE(value >>> 0, i * 4));
  const file = Buffer.concat([header, wordDocument, table, padTo(directory, SECTOR), fatBuffer]);
  if (file.length !== SECTOR * (total + 1)) throw new Error('internal: sector count mismatch');
  return file;
}
