/** Messages between the extraction pool and its worker threads. Plain data only (structured clone). */
import type { TextItem } from './layout';

export interface Limits {
  /** PDFs with more pages are refused before any text is read. */
  maxPages: number;
  /** Pages without a text layer that OCR will read; more are refused. */
  maxOcrPages: number;
  /** Text beyond this many characters is dropped (a resume is far shorter). */
  maxTextChars: number;
  /** Total bytes the XML parts of a DOCX may inflate to. */
  maxDocxInflatedBytes: number;
  /** Largest inflate-to-deflate ratio of one DOCX part. */
  maxDocxRatio: number;
  /** Most entries in a DOCX zip. */
  maxDocxEntries: number;
  /** Most pixels of a page rendered for OCR. */
  maxOcrPixels: number;
}

export type ExtractionErrorCode =
  | 'encrypted'
  | 'corrupt'
  | 'too_many_pages'
  | 'too_many_scanned_pages'
  | 'zip_bomb'
  | 'not_a_resume_document'
  | 'timeout'
  | 'crashed'
  | 'busy'
  | 'stopped';

export interface WorkerError {
  code: ExtractionErrorCode;
  message: string;
  /** Numbers for the user-facing message (page count, limit). */
  detail?: Record<string, number>;
}

export type WorkerTask =
  | { kind: 'pdf'; bytes: Uint8Array; limits: Limits }
  | { kind: 'ocr'; bytes: Uint8Array; pages: number[]; limits: Limits }
  | { kind: 'docx'; bytes: Uint8Array; limits: Limits }
  | { kind: 'doc'; bytes: Uint8Array; limits: Limits }
  | { kind: 'warm-up' };

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  items: TextItem[];
  /** No usable text layer: OCR reads it if it holds an image. */
  needsOcr: boolean;
}

export interface PdfResult {
  kind: 'pdf';
  pageCount: number;
  pages: PdfPage[];
}

export interface OcrPage {
  number: number;
  width: number;
  height: number;
  /** Words, in page units. */
  items: TextItem[];
  /** Mean word confidence, 0 to 100. */
  confidence: number;
}

export interface OcrResult {
  kind: 'ocr';
  pages: OcrPage[];
}

/** A paragraph-level block of a Word document. */
export interface WordBlock {
  text: string;
  /** Heading level from the paragraph style (1-6), when the document uses heading styles. */
  heading?: number;
  /** A list item (bullet or numbered). */
  listItem?: boolean;
  /** Inside a table cell. */
  inTable?: boolean;
  /** From a page header or footer (many ATS skip those). */
  headerFooter?: boolean;
}

export interface WordResult {
  kind: 'docx' | 'doc';
  blocks: WordBlock[];
  tables: number;
  images: number;
  /** Columns declared by the document's section layout (DOCX). */
  columns: number;
  /** Page count recorded in the file's properties, if any. */
  pages?: number;
  truncated: boolean;
}

export type WorkerResult = PdfResult | OcrResult | WordResult | { kind: 'warm-up' };

export type WorkerReply = { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; error: WorkerError };

export type WorkerRequest = { id: number; task: WorkerTask };
