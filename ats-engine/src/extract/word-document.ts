import type { WordBlock } from './protocol';

/**
 * A Word document's paragraphs as blocks, read from the document mammoth has parsed (the tree its
 * `transformDocument` option hands over) instead of from the HTML mammoth would write of it: writing
 * that HTML (style-map matching, an HTML tree, escaping) and scanning it back cost more than reading
 * the file (issue 18's speed target). The blocks are the ones mammoth's HTML gave, through mammoth's
 * default style map:
 * - a paragraph styled Heading 1-6 (style id 'Heading1'.., or name 'Heading 1'/'heading 1'..) is a
 *   heading of that level, 'Heading' a level 1 heading; headings win over list numbering;
 * - a paragraph with list numbering (bullets or numbers) is a list item;
 * - paragraphs in table cells are in a table; each table counts once, nested ones too;
 * - a line break splits a paragraph into blocks; tabs and runs of spaces are one space;
 * - images are counted, never read; a footnote or endnote reference reads '[n]' and the notes
 *   referenced follow the body as list items, as mammoth lists them; comments are not content.
 */

/** The parts of mammoth's document tree read here (mammoth/lib/documents.js). */
export interface WordElement {
  type: string;
  children?: WordElement[];
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: unknown;
  breakType?: string;
  body?: WordElement[];
  noteType?: string;
  noteId?: string;
}

export interface WordDocumentTree extends WordElement {
  notes?: { resolve(reference: WordElement): WordElement | undefined };
}

export interface DocumentBlocks {
  blocks: WordBlock[];
  tables: number;
  images: number;
}

const HEADING_ID = /^Heading([1-6])?$/;
const HEADING_NAME = /^heading(?: ([1-6]))?$/i;

/** The heading level mammoth's default style map gives a paragraph, if any. */
function headingLevel({ styleId, styleName }: WordElement): number | undefined {
  const match = (styleId && HEADING_ID.exec(styleId)) || (styleName && HEADING_NAME.exec(styleName));
  return match ? Number(match[1] ?? 1) : undefined;
}

export function documentToBlocks(document: WordDocumentTree): DocumentBlocks {
  const blocks: WordBlock[] = [];
  const references: WordElement[] = [];
  let tables = 0;
  let images = 0;

  /** The text of a paragraph's runs; line breaks as '\n'. */
  const textOf = (elements: readonly WordElement[] | undefined): string => {
    let text = '';
    for (const element of elements ?? []) {
      switch (element.type) {
        case 'text':
          text += element.value ?? '';
          break;
        case 'tab':
          text += '\t';
          break;
        case 'break':
          if (element.breakType === 'line') text += '\n';
          break;
        case 'image':
          images += 1;
          break;
        case 'noteReference':
          references.push(element);
          text += `[${references.length}]`;
          break;
        case 'run':
        case 'hyperlink':
          text += textOf(element.children);
          break;
        default:
          break;
      }
    }
    return text;
  };

  const paragraph = (element: WordElement, context: { inTable: boolean; listItem: boolean }) => {
    const text = textOf(element.children).replace(/[ \t\u00a0]+/g, ' ').trim();
    if (!text) return;
    const heading = headingLevel(element);
    const block: WordBlock = { text };
    if (heading) block.heading = heading;
    if (context.listItem || (!heading && element.numbering)) block.listItem = true;
    if (context.inTable) block.inTable = true;
    for (const line of text.split('\n')) {
      if (line.trim()) blocks.push({ ...block, text: line.trim() });
    }
  };

  const walk = (elements: readonly WordElement[] | undefined, context: { inTable: boolean; listItem: boolean }) => {
    for (const element of elements ?? []) {
      if (element.type === 'paragraph') paragraph(element, context);
      else if (element.type === 'table') {
        tables += 1;
        walk(element.children, { ...context, inTable: true });
      } else if (element.type === 'tableRow' || element.type === 'tableCell') walk(element.children, context);
    }
  };

  walk(document.children, { inTable: false, listItem: false });
  // Notes referenced in the body, in order; a reference inside a note adds its note after.
  for (let i = 0; i < references.length; i++) {
    const note = document.notes?.resolve(references[i]!);
    if (note) walk(note.body, { inTable: false, listItem: true });
  }
  return { blocks, tables, images };
}
