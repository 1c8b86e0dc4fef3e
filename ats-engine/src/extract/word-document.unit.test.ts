import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { createExtractionEngine, type ExtractionEngine } from './engine';
import { documentToBlocks, type WordDocumentTree, type WordElement } from './word-document';

const run = (...children: WordElement[]): WordElement => ({ type: 'run', children });
const text = (value: string): WordElement => ({ type: 'text', value });
const paragraph = (children: WordElement[], style: Partial<WordElement> = {}): WordElement => ({ type: 'paragraph', children, ...style });

describe("a Word document's tree to blocks", () => {
  it('keeps headings, list items and table cells apart, splits at line breaks, counts tables and images', () => {
    const note: WordElement = { type: 'note', body: [paragraph([run(text('A footnote'))])] };
    const tree: WordDocumentTree = {
      type: 'document',
      children: [
        paragraph([run(text('Jane Doe'))], { styleId: 'Heading1', styleName: 'Heading 1' }),
        paragraph([run(text('jane@x.com'), { type: 'tab' }, text('|  98765 43210'))]),
        paragraph([run(text('Experience'))], { styleId: 'Kop2', styleName: 'heading 2' }),
        paragraph([run(text('Built ')), { type: 'hyperlink', children: [run(text('APIs'))] }, run(text(' & tools'))], { numbering: { level: '0', isOrdered: false } }),
        paragraph([run(text('Numbered heading'))], { styleId: 'Heading3', numbering: { level: '0', isOrdered: true } }),
        {
          type: 'table',
          children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [paragraph([run(text('Skills'))])] }, { type: 'tableCell', children: [paragraph([run(text('Python, SQL'))])] }] }],
        },
        paragraph([run({ type: 'image' })]),
        paragraph([run(text('Line one'), { type: 'break', breakType: 'line' }, text('Line two'), { type: 'break', breakType: 'page' })]),
        paragraph([run(text('Cited'), { type: 'noteReference', noteType: 'footnote', noteId: '1' })]),
        paragraph([run(text('   '))]),
      ],
      notes: { resolve: () => note },
    };
    expect(documentToBlocks(tree)).toEqual({
      blocks: [
        { text: 'Jane Doe', heading: 1 },
        { text: 'jane@x.com | 98765 43210' },
        { text: 'Experience', heading: 2 },
        { text: 'Built APIs & tools', listItem: true },
        { text: 'Numbered heading', heading: 3 },
        { text: 'Skills', inTable: true },
        { text: 'Python, SQL', inTable: true },
        { text: 'Line one' },
        { text: 'Line two' },
        { text: 'Cited[1]' },
        { text: 'A footnote', listItem: true },
      ],
      tables: 1,
      images: 1,
    });
  });
});

describe('a DOCX read by the extraction worker (mammoth without its HTML)', () => {
  let engine: ExtractionEngine;
  beforeAll(async () => {
    engine = createExtractionEngine({ textWorkers: 1, ocrWorkers: 1, warmOcr: false });
    await engine.start();
  }, 180_000);
  afterAll(() => engine.stop());

  it('keeps heading styles, Word lists, table cells and line breaks', async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Asha Verma', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun('asha@example.com'), new TextRun({ text: '+91 98765 43210', break: 1 })] }),
            new Paragraph({ text: 'Experience', heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ text: 'Built a campus placement tracker', bullet: { level: 0 } }),
            new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('Skills')] }), new TableCell({ children: [new Paragraph('Python, SQL')] })] })] }),
          ],
        },
      ],
    });
    const bytes = await Packer.toBuffer(document);
    const extracted = await engine.extract(Buffer.from(bytes), 'docx');
    expect(extracted.lines.map(({ text: t, heading, listItem, inTable }) => ({ text: t, heading, listItem, inTable }))).toEqual([
      { text: 'Asha Verma', heading: true, listItem: undefined, inTable: undefined },
      { text: 'asha@example.com', heading: undefined, listItem: undefined, inTable: undefined },
      { text: '+91 98765 43210', heading: undefined, listItem: undefined, inTable: undefined },
      { text: 'Experience', heading: true, listItem: undefined, inTable: undefined },
      { text: 'Built a campus placement tracker', heading: undefined, listItem: true, inTable: undefined },
      { text: 'Skills', heading: undefined, listItem: undefined, inTable: true },
      { text: 'Python, SQL', heading: undefined, listItem: undefined, inTable: true },
    ]);
    expect(extracted.tables).toBe(1);
  });
});
