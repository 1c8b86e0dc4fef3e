/** What extraction hands to parsing: lines in reading order, whatever the file type. */

export type ResumeFormat = 'pdf' | 'docx' | 'doc';

export interface DocLine {
  text: string;
  /** 1-based page (Word documents: 1). */
  page: number;
  /** 0 for full-width text or the first column. */
  column: number;
  /** Left edge in points (PDF, OCR). */
  x?: number;
  /** Font size or box height when known (PDF, OCR). */
  height?: number;
  /** Marked as a heading by the document's own styles (Word heading styles). */
  heading?: boolean;
  /** A list item by the document's structure (Word lists). Glyph bullets are found by the parser. */
  listItem?: boolean;
  inTable?: boolean;
  /** Text of a page header or footer. */
  headerFooter?: boolean;
  /** Read by OCR. */
  ocr?: boolean;
}

export interface ExtractedDocument {
  format: ResumeFormat;
  /** Pages of a PDF; of a DOCX when the file records it; null when unknown (DOC, most generated DOCX). */
  pageCount: number | null;
  /** Pages read with OCR (1-based). */
  ocrPages: number[];
  /** Mean OCR word confidence (0-100) when OCR ran. */
  ocrConfidence?: number;
  lines: DocLine[];
  /** Most columns found side by side on a page (PDF), or declared by the layout (DOCX). */
  columns: number;
  tables: number;
  images: number;
  /** Text beyond the limit was dropped. */
  truncated: boolean;
}
