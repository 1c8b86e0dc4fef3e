import { documentFromPdf } from './assemble';
import type { PdfResult } from './protocol';

const item = (text: string, top: number) => ({ text, x: 40, top, width: text.length * 5, height: 10 });

describe('a PDF assembled from its text layer and OCR', () => {
  const pdf: PdfResult = {
    kind: 'pdf',
    pageCount: 2,
    pages: [
      { number: 1, width: 595, height: 842, items: [item('SKILLS', 40), item('Languages', 60), item('Java, Go, Python, SQL and many more', 80)], needsOcr: false },
      // A last page with a few words: under 40 characters, so it went to OCR in case it was a scan.
      { number: 2, width: 595, height: 842, items: [item('Tools', 40), item('Docker, Git', 60)], needsOcr: true },
    ],
  };

  it('keeps the text layer of a page on which OCR found no image, and does not count it as scanned', () => {
    const document = documentFromPdf(pdf, { kind: 'ocr', pages: [{ number: 2, width: 595, height: 842, items: [], confidence: 0 }] });
    expect(document.lines.filter((l) => l.page === 2).map((l) => [l.text, Boolean(l.ocr)])).toEqual([
      ['Tools', false],
      ['Docker, Git', false],
    ]);
    expect(document.ocrPages).toEqual([]);
  });

  it('reads a scanned page from its OCR words', () => {
    const scanned: PdfResult = { ...pdf, pages: [pdf.pages[0]!, { ...pdf.pages[1]!, items: [] }] };
    const document = documentFromPdf(scanned, { kind: 'ocr', pages: [{ number: 2, width: 595, height: 842, items: [{ ...item('Tools', 40), word: true }], confidence: 90 }] });
    expect(document.lines.filter((l) => l.page === 2).map((l) => [l.text, l.ocr])).toEqual([['Tools', true]]);
    expect(document.ocrPages).toEqual([2]);
    expect(document.ocrConfidence).toBe(90);
  });
});

describe('running headers and footers of a PDF', () => {
  const page = (number: number, body: string[], footer: string) => ({
    number,
    width: 595,
    height: 842,
    items: [...body.map((text, i) => item(text, 60 + i * 14)), item(footer, 820)],
    needsOcr: false,
  });

  it('marks page numbers and lines that recur in the margins of several pages, not the body', () => {
    const document = documentFromPdf({
      kind: 'pdf',
      pageCount: 2,
      pages: [page(1, ['SKILLS', 'Java, Go, Python and more'], 'Priya Raghunathan - Resume - 1'), page(2, ['Tools', 'Docker, Git and Kubernetes'], 'Priya Raghunathan - Resume - 2')],
    });
    expect(document.lines.filter((l) => l.headerFooter).map((l) => l.text)).toEqual(['Priya Raghunathan - Resume - 1', 'Priya Raghunathan - Resume - 2']);
    const single = documentFromPdf({ kind: 'pdf', pageCount: 1, pages: [page(1, ['SKILLS', 'Java, Go, Python and more'], 'Page 1 of 1')] });
    expect(single.lines.filter((l) => l.headerFooter).map((l) => l.text)).toEqual(['Page 1 of 1']);
    // A contact line at the foot of a one-page resume is content.
    const footer = documentFromPdf({ kind: 'pdf', pageCount: 1, pages: [page(1, ['SKILLS', 'Java, Go, Python and more'], 'M +91 98450 12345  E priya@example.com')] });
    expect(footer.lines.filter((l) => l.headerFooter)).toEqual([]);
  });
});
