import os from 'node:os';
import { OFFICE_ZIP_LIMITS } from '@placement/platform';
import { documentFromPdf, documentFromWord } from './assemble';
import { WorkerPool } from './pool';
import type { Limits, OcrResult, PdfResult, WordResult, WorkerTask } from './protocol';
import type { ExtractedDocument, ResumeFormat } from './types';

/**
 * Extraction on two worker pools: text (PDF text layer, DOCX, DOC) and OCR (scanned pages). They are
 * separate so that scanned resumes, which take seconds each, queue behind each other and never in
 * front of a text PDF; the event loop only assembles lines.
 */

export const DEFAULT_LIMITS: Limits = {
  maxPages: 10,
  maxOcrPages: 4,
  maxTextChars: 100_000,
  // The same caps as every DOCX the command side stores.
  maxDocxInflatedBytes: OFFICE_ZIP_LIMITS.maxInflatedBytes,
  maxDocxRatio: OFFICE_ZIP_LIMITS.maxRatio,
  maxDocxEntries: OFFICE_ZIP_LIMITS.maxEntries,
  maxOcrPixels: 8_000_000,
};

export interface EngineOptions {
  limits: Limits;
  textWorkers: number;
  ocrWorkers: number;
  textQueue: number;
  ocrQueue: number;
  /** Per text task. */
  textTimeoutMs: number;
  /** Per scanned page. */
  ocrPageTimeoutMs: number;
  /** Load the OCR engine when the service starts rather than on the first scanned page. */
  warmOcr: boolean;
}

export function defaultEngineOptions(): EngineOptions {
  const cpus = os.availableParallelism();
  return {
    limits: DEFAULT_LIMITS,
    textWorkers: Math.max(1, Math.min(4, cpus)),
    ocrWorkers: Math.max(1, Math.min(2, Math.floor(cpus / 2))),
    textQueue: 64,
    ocrQueue: 16,
    textTimeoutMs: 20_000,
    ocrPageTimeoutMs: 30_000,
    warmOcr: true,
  };
}

export interface ExtractionEngine {
  start(): Promise<void>;
  stop(): Promise<void>;
  extract(bytes: Buffer, format: ResumeFormat): Promise<ExtractedDocument>;
  assertHealthy(): void;
  load(): { text: WorkerPool['load']; ocr: WorkerPool['load'] };
}

/**
 * The file's bytes in a buffer of their own, moved to the worker (not copied again by postMessage):
 * the upload's Buffer may share its memory with others (Node's pool), so it is never transferred itself.
 */
const own = (bytes: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } => {
  const copy = new Uint8Array(bytes);
  return { bytes: copy, transfer: [copy.buffer] };
};

export function createExtractionEngine(overrides: Partial<EngineOptions> = {}): ExtractionEngine {
  const options = { ...defaultEngineOptions(), ...overrides };
  const { limits } = options;
  const text = new WorkerPool({
    name: 'extract-text',
    size: options.textWorkers,
    maxQueue: options.textQueue,
    taskTimeoutMs: () => options.textTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48 },
    warmUp: true,
  });
  const ocr = new WorkerPool({
    name: 'extract-ocr',
    size: options.ocrWorkers,
    maxQueue: options.ocrQueue,
    taskTimeoutMs: (task: WorkerTask) => options.textTimeoutMs + options.ocrPageTimeoutMs * (task.kind === 'ocr' ? task.pages.length : 1),
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 48 },
    workerData: { ocr: options.warmOcr },
    warmUp: true,
  });

  return {
    start: async () => {
      await Promise.all([text.start(), ocr.start()]);
    },
    stop: async () => {
      await Promise.all([text.stop(), ocr.stop()]);
    },
    assertHealthy: () => {
      text.assertHealthy();
      ocr.assertHealthy();
    },
    load: () => ({ text: text.load, ocr: ocr.load }),
    extract: async (bytes, format) => {
      if (format === 'pdf') {
        const forText = own(bytes);
        const pdf = (await text.run({ kind: 'pdf', bytes: forText.bytes, limits }, forText.transfer)) as PdfResult;
        const scanned = pdf.pages.filter((page) => page.needsOcr).map((page) => page.number);
        if (scanned.length === 0) return documentFromPdf(pdf);
        const forOcr = own(bytes);
        const read = (await ocr.run({ kind: 'ocr', bytes: forOcr.bytes, pages: scanned, limits }, forOcr.transfer)) as OcrResult;
        return documentFromPdf(pdf, read);
      }
      const forText = own(bytes);
      const word = (await text.run({ kind: format, bytes: forText.bytes, limits }, forText.transfer)) as WordResult;
      return documentFromWord(word);
    },
  };
}
