import { orderPage } from './layout';
import type { OcrResult, PdfResult, WordResult } from './protocol';
import type { DocLine, ExtractedDocument } from './types';

/** Top and bottom share of a page where running headers and footers stand. */
const MARGIN_SHARE = 0.08;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,2}(?:\s*(?:of|\/)\s*\d{1,2})?$/i;
const marginKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Running headers and footers of a PDF: lines in a page's top or bottom 8 % that are a page number
 * ('2', 'Page 2 of 3', '2/3'), or that recur (digits aside) in the margins of two or more pages (a
 * name and page number repeated on every page). Marked, so the parse keeps them out of sections.
 */
function markRunningLines(lines: (DocLine & { top: number; pageHeight: number })[]): void {
  const inMargin = lines.filter((line) => line.top < MARGIN_SHARE * line.pageHeight || line.top > (1 - MARGIN_SHARE) * line.pageHeight);
  const pagesOf = new Map<string, Set<number>>();
  for (const line of inMargin) pagesOf.set(marginKey(line.text), (pagesOf.get(marginKey(line.text)) ?? new Set()).add(line.page));
  for (const line of inMargin) if (PAGE_NUMBER.test(line.text.trim()) || pagesOf.get(marginKey(line.text))!.size >= 2) line.headerFooter = true;
}

/** A PDF's pages in order: text-layer pages through the layout, OCR pages from their words. Pure. */
export function documentFromPdf(pdf: PdfResult, ocr?: OcrResult): ExtractedDocument {
  const placed: (DocLine & { top: number; pageHeight: number })[] = [];
  let columns = 1;
  // A page with a short text layer goes to OCR in case it is a scan; where OCR read nothing (no
  // image on it: the last few words of a resume on a page of their own), its text layer stands.
  const textLayer = new Map(pdf.pages.map((page) => [page.number, page.items.length]));
  const ocrByPage = new Map((ocr?.pages ?? []).filter((page) => page.items.length > 0 || textLayer.get(page.number) === 0).map((page) => [page.number, page]));
  for (const page of pdf.pages) {
    const ocrPage = ocrByPage.get(page.number);
    const items = ocrPage ? ocrPage.items : page.items;
    const layout = orderPage(items);
    columns = Math.max(columns, layout.columns);
    for (const line of layout.lines) {
      const docLine: DocLine & { top: number; pageHeight: number } = { text: line.text, page: page.number, column: line.column, x: line.x, height: line.height, top: line.top, pageHeight: page.height };
      if (ocrPage) docLine.ocr = true;
      placed.push(docLine);
    }
  }
  markRunningLines(placed);
  const lines: DocLine[] = placed.map(({ top: _top, pageHeight: _height, ...line }) => line);
  const ocrPages = [...ocrByPage.keys()].sort((a, b) => a - b);
  const document: ExtractedDocument = { format: 'pdf', pageCount: pdf.pageCount, ocrPages, lines, columns, tables: 0, images: ocrPages.length, truncated: false };
  const read = [...ocrByPage.values()];
  if (read.length > 0) {
    const words = read.reduce((sum, page) => sum + page.items.length, 0);
    document.ocrConfidence = words === 0 ? 0 : read.reduce((sum, page) => sum + page.confidence * page.items.length, 0) / words;
  }
  return document;
}

/** A Word document's blocks as lines. Pure. */
export function documentFromWord(word: WordResult): ExtractedDocument {
  const lines: DocLine[] = word.blocks.map((block) => {
    const line: DocLine = { text: block.text, page: 1, column: 0 };
    if (block.heading) line.heading = true;
    if (block.listItem) line.listItem = true;
    if (block.inTable) line.inTable = true;
    if (block.headerFooter) line.headerFooter = true;
    return line;
  });
  return { format: word.kind, pageCount: word.pages ?? null, ocrPages: [], lines, columns: word.columns, tables: word.tables, images: word.images, truncated: word.truncated };
}
