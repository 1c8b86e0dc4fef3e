import type { ResumeFormat } from '../extract/types';

/**
 * file_format, 0 to 1:
 *
 *   base:   PDF with a text layer 1.0, DOCX 1.0, DOC (Word 97-2003) 0.7
 *   scanned pages (no text layer, read by our OCR):  base × (1 − 0.7 × scanned / pages)
 *
 * Most applicant tracking systems read PDF and DOCX reliably, the old binary DOC less so, and an
 * image of text not at all: a fully scanned resume keeps 0.3 only because we could read it.
 */

export const FORMAT_BASE: Record<ResumeFormat, number> = { pdf: 1, docx: 1, doc: 0.7 };

export function fileFormatScore(format: ResumeFormat, pageCount: number | null, scannedPages: number): number {
  const base = FORMAT_BASE[format];
  if (scannedPages === 0 || !pageCount) return base;
  return base * (1 - (0.7 * Math.min(scannedPages, pageCount)) / pageCount);
}
