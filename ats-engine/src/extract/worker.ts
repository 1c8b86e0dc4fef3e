/**
 * Worker thread entry: everything that parses untrusted bytes runs here, never on the event loop.
 * pdfjs-dist (ESM) is loaded with a dynamic import, so this file works compiled to CommonJS (dist)
 * and under tsx (tests, tools). Each task runs alone in its worker; the pool enforces time and memory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import Tesseract from 'tesseract.js';
import WordExtractor from 'word-extractor';
import type { TextItem } from './layout';
import type { Limits, OcrPage, OcrResult, PdfPage, PdfResult, WordBlock, WordResult, WorkerError, WorkerReply, WorkerRequest, WorkerResult, WorkerTask } from './protocol';
// The zip guard only, not the platform's index: a worker thread should not load Kafka, MongoDB and S3 clients.
import { readZipParts, ZipRefusal } from '@placement/platform/uploads/zip';
import { documentToBlocks, type WordDocumentTree } from './word-document';
import { wordXmlParagraphs } from './word-html';

type PdfJs = typeof PdfJsModule;
type PDFPageProxy = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

/** A failure the user can act on; anything else thrown here is reported as a crash. */
class Refusal extends Error {
  constructor(readonly failure: WorkerError) {
    super(failure.message);
  }
}

const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(PDFJS_ROOT, 'standard_fonts')}${path.sep}`;
const CMAPS = `${path.join(PDFJS_ROOT, 'cmaps')}${path.sep}`;
const TESSDATA = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Pages with fewer visible characters than this and an image are read with OCR. */
const MIN_TEXT_LAYER_CHARS = 40;
/** Rendering resolution for OCR, in dots per inch (PDF units are 1/72 inch): the scan's own within these bounds. */
const OCR_DPI = { min: 150, max: 300, fallback: 200 } as const;
/** OCR words below this confidence that are 1-2 characters or carry no letter or digit are noise (rules, specks). */
const NOISE_CONFIDENCE = 25;

/**
 * pdfjs reads a standard font's or CMap's file from disk for every document that uses it (a PDF
 * set in Helvetica without embedding it reads LiberationSans each time). They never change: each
 * file is read once per worker and handed out as a copy (pdfjs may take ownership of what it gets).
 */
const binaryData = new Map<string, Promise<Uint8Array>>();
class CachedBinaryDataFactory {
  private readonly base: Record<'cMapUrl' | 'standardFontDataUrl', string | null>;
  constructor({ cMapUrl = null, standardFontDataUrl = null }: { cMapUrl?: string | null; standardFontDataUrl?: string | null }) {
    this.base = { cMapUrl, standardFontDataUrl };
  }
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const base = kind === 'cMapUrl' || kind === 'standardFontDataUrl' ? this.base[kind] : null;
    if (!base) throw new Error(`no ${kind} for ${filename}`);
    const url = `${base}${filename}`;
    let data = binaryData.get(url);
    if (!data) {
      data = readFile(url).then((bytes) => new Uint8Array(bytes));
      binaryData.set(url, data);
      data.catch(() => binaryData.delete(url));
    }
    return (await data).slice();
  }
}

let pdfjsPromise: Promise<PdfJs> | undefined;
const loadPdfJs = (): Promise<PdfJs> => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const WARM_UP_LIMITS: Limits = {
  maxPages: 1,
  maxOcrPages: 1,
  maxTextChars: 1000,
  maxDocxInflatedBytes: 0,
  maxDocxRatio: 1,
  maxDocxEntries: 0,
  maxOcrPixels: 1_000_000,
};

/** One small page with a line of text: opening it sets pdfjs up; reading it loads Tesseract's model. */
const WARM_UP_PDF = [
  '%PDF-1.4',
  '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
  '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
  '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 300 60]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>> endobj',
  '4 0 obj <</Length 52>> stream',
  'BT /F1 18 Tf 12 22 Td (Resume warm-up 2025) Tj ET',
  'endstream endobj',
  '5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj',
  'trailer <</Root 1 0 R>>',
  '%%EOF',
].join('\n');

let tesseractPromise: Promise<Tesseract.Worker> | undefined;
const loadTesseract = (): Promise<Tesseract.Worker> =>
  (tesseractPromise ??= (async () => {
    const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, { langPath: TESSDATA, gzip: true, cacheMethod: 'none' });
    // tesseract.js defaults to one uniform block of text, which drops a large name above smaller
    // text. Sparse text finds every word wherever it is, and is the fastest mode; reading order is
    // ours (layout.ts) from the word boxes.
    await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SPARSE_TEXT });
    return worker;
  })());

/**
 * Opens a PDF. `render`: the pages will be drawn (OCR), so a font the file does not embed needs the
 * standard font's outlines; reading the text layer needs none of them. pdf.js takes a standard
 * font's widths from its own metrics and its characters from the encoding, and parses the font file
 * (LiberationSans and the like, per document) only to draw glyphs: without it the text items
 * (strings, widths, positions) of all 125 PDFs of both corpora were identical and read in two thirds
 * of the time (issue 18's speed target).
 */
async function openPdf(bytes: Uint8Array, { render }: { render: boolean }) {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: render ? STANDARD_FONTS : undefined,
    cMapUrl: CMAPS,
    cMapPacked: true,
    BinaryDataFactory: CachedBinaryDataFactory,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    maxImageSize: 50_000_000,
  });
  try {
    return { pdfjs, task, doc: await task.promise };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as Error)?.name;
    if (name === 'PasswordException') {
      throw new Refusal({ code: 'encrypted', message: 'password-protected PDF' });
    }
    throw new Refusal({ code: 'corrupt', message: `${name}: ${(error as Error)?.message}` });
  }
}

interface RawTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

async function extractPdf(bytes: Uint8Array, limits: Limits): Promise<PdfResult> {
  const { pdfjs, task, doc } = await openPdf(bytes, { render: false });
  try {
    if (doc.numPages > limits.maxPages) {
      throw new Refusal({ code: 'too_many_pages', message: 'too many pages', detail: { pages: doc.numPages, limit: limits.maxPages } });
    }
    const pages: PdfPage[] = [];
    let chars = 0;
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const raw of content.items as RawTextItem[]) {
        if (typeof raw.str !== 'string' || raw.str.trim() === '' || chars > limits.maxTextChars) continue;
        const t = pdfjs.Util.transform(viewport.transform, raw.transform);
        const size = Math.hypot(t[2]!, t[3]!) || raw.height || 10;
        items.push({ text: raw.str, x: t[4]!, top: t[5]! - size * 0.8, width: raw.width, height: size });
        chars += raw.str.length;
      }
      const visible = items.reduce((sum, item) => sum + item.text.replace(/\s/g, '').length, 0);
      // Deciding whether a text-less page holds an image means decoding it: that is the OCR pool's job.
      const pdfPage: PdfPage = { number, width: viewport.width, height: viewport.height, items, needsOcr: visible < MIN_TEXT_LAYER_CHARS };
      pages.push(pdfPage);
      page.cleanup();
    }
    const scanned = pages.filter((p) => p.needsOcr).length;
    if (scanned > limits.maxOcrPages) {
      throw new Refusal({ code: 'too_many_scanned_pages', message: 'too many scanned pages', detail: { pages: scanned, limit: limits.maxOcrPages } });
    }
    return { kind: 'pdf', pageCount: doc.numPages, pages };
  } finally {
    await task.destroy();
  }
}

interface CanvasPair {
  canvas: unknown;
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}
interface CanvasFactory {
  create(width: number, height: number): CanvasPair;
  destroy(pair: CanvasPair): void;
}

/** The page's resolution as scanned: its widest image's pixels over the page width, within bounds. */
async function scanDpi(pdfjs: PdfJs, page: PDFPageProxy, pageWidth: number): Promise<number | undefined> {
  const ops = await page.getOperatorList();
  const imageOps = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageXObjectRepeat, pdfjs.OPS.paintImageMaskXObject]);
  let hasImage = false;
  let widest = 0;
  ops.fnArray.forEach((fn, i) => {
    if (!imageOps.has(fn)) return;
    hasImage = true;
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.paintImageXObject && typeof args[1] === 'number') widest = Math.max(widest, args[1]);
  });
  if (!hasImage) return undefined;
  const native = widest > 0 ? widest / (pageWidth / 72) : OCR_DPI.fallback;
  return Math.round(Math.min(OCR_DPI.max, Math.max(OCR_DPI.min, native)));
}

/** Grey-scale PGM (P5) of RGBA pixels: Tesseract reads it without decompressing anything. */
function toPgm(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = Buffer.alloc(header.length + width * height);
  header.copy(out, 0);
  for (let i = 0, o = header.length; i < rgba.length; i += 4, o++) out[o] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  return out;
}

async function ocrPdf(bytes: Uint8Array, numbers: number[], limits: Limits, renderTextPages = false): Promise<OcrResult> {
  const { pdfjs, task, doc } = await openPdf(bytes, { render: true });
  const tesseract = await loadTesseract();
  try {
    const pages: OcrPage[] = [];
    for (const number of numbers.slice(0, limits.maxOcrPages)) {
      const page = await doc.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const dpi = (await scanDpi(pdfjs, page, base.width)) ?? (renderTextPages ? OCR_DPI.min : undefined);
      if (dpi === undefined) {
        pages.push({ number, width: base.width, height: base.height, items: [], confidence: 0 });
        continue;
      }
      const scale = Math.min(dpi / 72, Math.sqrt(limits.maxOcrPixels / (base.width * base.height)));
      const viewport = page.getViewport({ scale });
      const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const pair = factory.create(width, height);
      await page.render({ canvasContext: pair.context as never, canvas: pair.canvas as never, viewport }).promise;
      const pgm = toPgm(pair.context.getImageData(0, 0, width, height).data, width, height);
      factory.destroy(pair);
      page.cleanup();
      // Telling Tesseract the resolution also keeps it from estimating (and logging) one.
      await tesseract.setParameters({ user_defined_dpi: String(Math.round(scale * 72)) });
      const { data } = await tesseract.recognize(pgm, {}, { text: false, blocks: true });
      const items: TextItem[] = [];
      let confidenceSum = 0;
      let words = 0;
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            const top = line.bbox.y0 / scale;
            const height = (line.bbox.y1 - line.bbox.y0) / scale;
            for (const word of line.words) {
              const text = word.text.trim();
              if (!text) continue;
              if (word.confidence < NOISE_CONFIDENCE && (text.length <= 2 || !/[\p{L}\p{N}]/u.test(text))) continue;
              items.push({ text, x: word.bbox.x0 / scale, top, width: (word.bbox.x1 - word.bbox.x0) / scale, height, word: true });
              confidenceSum += word.confidence;
              words += 1;
            }
          }
        }
      }
      pages.push({ number, width: base.width, height: base.height, items, confidence: words ? confidenceSum / words : 0 });
    }
    return { kind: 'ocr', pages };
  } finally {
    await task.destroy();
  }
}

function limitBlocks(blocks: WordBlock[], maxChars: number): { blocks: WordBlock[]; truncated: boolean } {
  let total = 0;
  const kept: WordBlock[] = [];
  for (const block of blocks) {
    total += block.text.length;
    if (total > maxChars) return { blocks: kept, truncated: true };
    kept.push(block);
  }
  return { blocks: kept, truncated: false };
}

/**
 * The zip-file interface mammoth reads a document through (its `file` input, mammoth/lib/unzip.js),
 * over parts already inflated. Media were not inflated: an image is never read (the document tree's
 * images are only counted), so reading one fails rather than inflating it unchecked.
 */
function zipFileOf(parts: Map<string, Buffer>) {
  return {
    exists: (name: string) => parts.has(name),
    read: async (name: string, encoding?: string): Promise<Uint8Array | string> => {
      const data = parts.get(name);
      if (!data) throw new Error(`${name} is not read`);
      if (encoding === 'base64') return data.toString('base64');
      // As mammoth's own reader decodes (TextDecoder drops a byte-order mark).
      return encoding ? new TextDecoder(encoding).decode(data) : data;
    },
  };
}

async function extractDocx(bytes: Uint8Array, limits: Limits): Promise<WordResult> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let parts: Map<string, Buffer>;
  try {
    // Inline: this thread has nothing else to do, and the thread pool's round trips cost more than the inflating.
    parts = await readZipParts(buffer, { maxEntries: limits.maxDocxEntries, maxInflatedBytes: limits.maxDocxInflatedBytes, maxRatio: limits.maxDocxRatio }, { sync: true });
  } catch (error) {
    if (error instanceof ZipRefusal) {
      const code = error.reason === 'bomb' ? 'zip_bomb' : error.reason === 'encrypted' ? 'encrypted' : 'corrupt';
      throw new Refusal({ code, message: error.message, detail: { limitMb: Math.round(limits.maxDocxInflatedBytes / 1024 / 1024) } });
    }
    throw error;
  }
  const documentXml = parts.get('word/document.xml')?.toString('utf8');
  if (!documentXml) throw new Refusal({ code: 'corrupt', message: 'no word/document.xml' });
  let tree: WordDocumentTree | undefined;
  try {
    // mammoth reads the parts inflated above under the caps, not the zip a second time (with JSZip).
    // Its document tree is read here (word-document.ts) and an empty one handed back, so mammoth
    // writes no HTML; without HTML to write, its default style map (parsed afresh on every call,
    // about as long as reading the file) is not needed either.
    await mammoth.convertToHtml({ file: zipFileOf(parts) } as unknown as { buffer: Buffer }, {
      includeDefaultStyleMap: false,
      transformDocument: (document: WordDocumentTree) => {
        tree = document;
        return { ...document, children: [] };
      },
    } as Parameters<typeof mammoth.convertToHtml>[1]);
  } catch (error) {
    throw new Refusal({ code: 'corrupt', message: `mammoth: ${(error as Error).message}` });
  }
  if (!tree) throw new Refusal({ code: 'corrupt', message: 'mammoth read no document' });
  const { blocks, tables, images } = documentToBlocks(tree);
  const partText = (pattern: RegExp): WordBlock[] =>
    [...parts.keys()]
      .filter((name) => pattern.test(name))
      .sort()
      .flatMap((name) => wordXmlParagraphs(parts.get(name)!.toString('utf8')).map((text) => ({ text, headerFooter: true })));
  const headers = partText(/^word\/header\d*\.xml$/);
  const footers = partText(/^word\/footer\d*\.xml$/);
  const columns = Math.max(1, ...[...documentXml.matchAll(/<w:cols\b[^>]*\bw:num="(\d+)"/g)].map((m) => Number(m[1])));
  const limited = limitBlocks([...headers, ...blocks, ...footers], limits.maxTextChars);
  const recordedPages = Number(/<Pages>(\d+)<\/Pages>/.exec(parts.get('docProps/app.xml')?.toString('utf8') ?? '')?.[1]);
  const result: WordResult = { kind: 'docx', blocks: limited.blocks, tables, images, columns, truncated: limited.truncated };
  if (recordedPages > 0) result.pages = recordedPages;
  return result;
}

const BULLET_START = /^[•·●▪◦‣∙■□►➢➤✓✔\-–*]\s*/;

async function extractDoc(bytes: Uint8Array, limits: Limits): Promise<WordResult> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // An OLE container without a WordDocument stream is an Excel or PowerPoint file, or an installer.
  if (!buffer.includes(Buffer.from('WordDocument', 'utf16le'))) {
    throw new Refusal({ code: 'not_a_resume_document', message: 'OLE file without a WordDocument stream' });
  }
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(buffer);
  } catch (error) {
    throw new Refusal({ code: 'corrupt', message: `word-extractor: ${(error as Error).message}` });
  }
  const toBlocks = (text: string, extra: Partial<WordBlock> = {}): WordBlock[] =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const block: WordBlock = { text: line.replace(/\t+/g, '  '), ...extra };
        if (line.includes('\t')) block.inTable = true;
        if (BULLET_START.test(line)) block.listItem = true;
        return block;
      });
  const blocks = [
    ...toBlocks(document.getHeaders({ includeFooters: false }), { headerFooter: true }),
    ...toBlocks(document.getBody()),
    ...toBlocks(document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true })),
    ...toBlocks(document.getFooters(), { headerFooter: true }),
  ];
  const tables = document.getBody().includes('\t') ? 1 : 0;
  const limited = limitBlocks(blocks, limits.maxTextChars);
  return { kind: 'doc', blocks: limited.blocks, tables, images: 0, columns: 1, truncated: limited.truncated };
}

async function handle(task: WorkerTask): Promise<WorkerResult> {
  switch (task.kind) {
    case 'pdf':
      return extractPdf(task.bytes, task.limits);
    case 'ocr':
      return ocrPdf(task.bytes, task.pages, task.limits);
    case 'docx':
      return extractDocx(task.bytes, task.limits);
    case 'doc':
      return extractDoc(task.bytes, task.limits);
    case 'warm-up': {
      // pdfjs sets up its in-thread worker on the first document, Tesseract its model on the first
      // image: do both now rather than on a user's resume.
      // pdfjs takes ownership of (detaches) the bytes it opens: each call gets its own copy.
      const warmUp = () => new Uint8Array(Buffer.from(WARM_UP_PDF, 'latin1'));
      await extractPdf(warmUp(), WARM_UP_LIMITS);
      if ((workerData as { ocr?: boolean } | undefined)?.ocr) await ocrPdf(warmUp(), [1], WARM_UP_LIMITS, true);
      return { kind: 'warm-up' };
    }
  }
}

const port = parentPort;
if (port) {
  port.on('message', (request: WorkerRequest) => {
    handle(request.task).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply),
      (error: unknown) => {
        const failure: WorkerError =
          error instanceof Refusal ? error.failure : { code: 'crashed', message: `${(error as Error)?.name}: ${(error as Error)?.message}` };
        port.postMessage({ id: request.id, ok: false, error: failure } satisfies WorkerReply);
      },
    );
  });
  port.postMessage({ ready: true });
}
