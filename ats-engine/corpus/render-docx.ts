/**
 * DOCX with the docx package: heading styles or bold paragraphs for headings, real Word lists for
 * bullets, right tab stops for dates. Variants: contact details in the page header, and a
 * two-column layout made of a borderless table (a common template trick).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import type { Block, ResumeSpec } from './model';
import { headerBlocks } from './model';

const RIGHT_TAB = 9600;

function paragraphOf(block: Block, headingStyles: boolean): Paragraph {
  switch (block.type) {
    case 'name':
      return new Paragraph({ children: [new TextRun({ text: block.text, bold: true, size: 36 })] });
    case 'headline':
      return new Paragraph({ children: [new TextRun({ text: block.text, size: 22, color: '444444' })] });
    case 'contact':
      return new Paragraph({ children: [new TextRun({ text: block.parts.join(' | '), size: 19 })] });
    case 'heading':
      return headingStyles
        ? new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2, spacing: { before: 200 } })
        : new Paragraph({ children: [new TextRun({ text: block.text, bold: true, size: 24, color: '1F3864' })], spacing: { before: 200 } });
    case 'entry':
      return new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: RIGHT_TAB }],
        children: [new TextRun({ text: block.left, bold: true }), ...(block.right ? [new TextRun({ text: `\t${block.right}` })] : [])],
      });
    case 'subline':
      return new Paragraph({ children: [new TextRun({ text: block.text, italics: true })] });
    case 'bullet':
      return new Paragraph({ text: block.text, bullet: { level: 0 } });
    case 'paragraph':
      return new Paragraph({ text: block.text });
    case 'skills':
      return new Paragraph({ children: [...(block.label ? [new TextRun({ text: `${block.label}: `, bold: true })] : []), new TextRun(block.items.join(', '))] });
  }
}

export interface DocxOptions {
  headingStyles: boolean;
  /** Name and contact line in the page header instead of the body. */
  contactInHeader?: boolean;
  /** Sidebar (education, skills, certifications) and main column as a two-cell table. */
  tableLayout?: boolean;
}

const NO_BORDERS = {
  top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
};

export async function renderDocx(spec: ResumeSpec, options: DocxOptions): Promise<Uint8Array> {
  const header = headerBlocks(spec).map((b) => paragraphOf(b, options.headingStyles));
  const sectionParagraphs = (kinds: (k: string) => boolean) =>
    spec.sections.filter((s) => kinds(s.kind)).flatMap((s) => s.blocks.map((b) => paragraphOf(b, options.headingStyles)));
  let body: (Paragraph | Table)[];
  if (options.tableLayout) {
    const side = (k: string) => ['education', 'skills', 'certifications'].includes(k);
    body = [
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: { ...NO_BORDERS, insideHorizontal: NO_BORDERS.top, insideVertical: NO_BORDERS.top },
        rows: [
          new TableRow({
            children: [
              new TableCell({ width: { size: 32, type: WidthType.PERCENTAGE }, borders: NO_BORDERS, children: sectionParagraphs(side) }),
              new TableCell({ width: { size: 68, type: WidthType.PERCENTAGE }, borders: NO_BORDERS, children: sectionParagraphs((k) => !side(k)) }),
            ],
          }),
        ],
      }),
    ];
  } else {
    body = sectionParagraphs(() => true);
  }
  const document = new Document({
    creator: 'placement-portal corpus generator',
    title: `${spec.person.first} ${spec.person.last}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 21 } } } },
    sections: [
      {
        headers: options.contactInHeader ? { default: new Header({ children: header.map((p) => p) }) } : undefined,
        properties: { page: { margin: { top: 900, bottom: 900, left: 1000, right: 1000 } } },
        children: [...(options.contactInHeader ? [] : header), ...(options.tableLayout ? [new Paragraph({ text: '', alignment: AlignmentType.LEFT })] : []), ...body],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
