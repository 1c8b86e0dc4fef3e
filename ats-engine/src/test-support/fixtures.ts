/**
 * Hostile and broken files for tests, made in memory: a password-protected PDF (standard security
 * handler, RC4 40-bit, written by hand), a corrupt PDF, a PDF of many pages, DOCX zip bombs
 * (honest and lying headers), a small DOCX, an OLE file that is not Word.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { zipFixtures } from '@placement/platform/test-support';

/** The zip writers live with the zip checks in platform, which every service's tests share. */
export const { zip, deflatedZeros, docxZipBomb, corruptDocx } = zipFixtures;

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const pad = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/** A one-page PDF that opens only with the user password (PDF 1.3 standard security handler, R2). */
export function passwordProtectedPdf(userPassword = 'secret', ownerPassword = 'owner'): Buffer {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const p = -44; // print and copy not allowed, the rest allowed
  const o = rc4(md5(pad(ownerPassword)).subarray(0, 5), pad(userPassword));
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p);
  const key = md5(pad(userPassword), o, pBytes, id).subarray(0, 5);
  const u = rc4(key, PADDING);
  const objectKey = (num: number) => md5(key, Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from('BT /F1 12 Tf 72 720 Td (Jane Doe - confidential resume) Tj ET'));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${p} >>`,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.3\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const num = index + 1;
    const chunk =
      body === null
        ? Buffer.concat([Buffer.from(`${num} 0 obj\n<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream\nendobj\n')])
        : Buffer.from(`${num} 0 obj\n${body}\nendobj\n`);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o2) => `${String(o2).padStart(10, '0')} 00000 n \n`)].join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + trailer));
  return Buffer.concat(chunks);
}

/** Starts like a PDF, then garbage: no xref, no objects. */
export const corruptPdf = (): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251))]);

/** A text PDF with the given number of pages (one line each). */
export async function pdfWithPages(pages: number, line = 'Experience: built things at Acme Corp'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`${line} (${i + 1})`, { x: 72, y: 720, size: 12, font });
  return Buffer.from(await doc.save());
}

/** A text PDF of the given lines, one per row at 12 pt, starting at the top. */
export async function pdfOfLines(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((text, i) => page.drawText(text, { x: 54, y: 740 - i * 16, size: 11, font }));
  return Buffer.from(await doc.save());
}

/** An OLE compound file with no WordDocument stream (as an .xls would be). */
export function oleNotWord(): Buffer {
  const header = Buffer.alloc(1536);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  Buffer.from('Workbook', 'utf16le').copy(header, 1024);
  return header;
}

/** A grey-scale PNG, encoded by hand (zlib + CRC-32), from a pixel function returning 0-255. */
export function pngImage(width: number, height: number, pixel: (x: number, y: number) => number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = pixel(x, y);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PDF whose pages are the given PNG, full page: no text layer. */
export async function imageOnlyPdf(png: Buffer, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

/** Speckled paper with a few blocks: OCR works on it for a while and finds no words. */
export const blankScanPng = (width = 1275, height = 1650): Buffer =>
  pngImage(width, height, (x, y) => ((x * 7 + y * 13) % 97 === 0 ? 120 : x > 200 && x < 260 && y > 300 && y < 330 ? 60 : 245));
