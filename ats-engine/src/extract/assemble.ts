import { orderPage } from './layout';
import type { OcrResult, PdfResult, WordResult } from './protocol';
import type { DocLine, ExtractedDocument } from './types';

/** A PDF's pages in order: text-layer pages through the layout, OCR pages from their words. Pure. */
export function documentFromPdf(pdf: PdfResult, ocr?: OcrResult): ExtractedDocument {
  const lines: DocLine[] = [];
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
      const docLine: DocLine = { text: line.text, page: page.number, column: line.column, x: line.x, height: line.height };
      if (ocrPage) docLine.ocr = true;
      lines.push(docLine);
    }
  }
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
