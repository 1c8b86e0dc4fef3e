/**
 * Text PDFs with pdf-lib: one column, or a sidebar and a main column under a full-width header.
 * Bullets hang (wrapped lines start under the text, not the bullet), dates sit flush right,
 * skill lists wrap between items, never inside one.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Block, ResumeSpec } from './model';
import { headerBlocks } from './model';

const PAGE = { width: 612, height: 792, margin: 40, bottom: 48 };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Column {
  x: number;
  width: number;
}

class Flow {
  page: PDFPage;
  y: number;
  pages = 1;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    readonly size: number,
    private readonly bullet: string = '•',
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensure(height: number, top: number): void {
    if (this.y - height >= PAGE.bottom) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages += 1;
    this.y = top;
  }

  text(text: string, x: number, size: number, bold = false, color = rgb(0, 0, 0)): void {
    this.page.drawText(text, { x, y: this.y, size, font: bold ? this.fonts.bold : this.fonts.regular, color });
  }

  width(text: string, size: number, bold = false): number {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(text, size);
  }

  /** Splits text into lines no wider than `width`, at spaces (or between `units` when given). */
  wrap(units: string[], width: number, size: number, joiner: string, bold = false): string[] {
    const lines: string[] = [];
    let current = '';
    for (const unit of units) {
      const candidate = current ? `${current}${joiner}${unit}` : unit;
      if (current && this.width(candidate, size, bold) > width) {
        lines.push(current + (joiner.trim() ? joiner.trimEnd() : ''));
        current = unit;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  draw(block: Block, column: Column, top: number): void {
    const s = this.size;
    const lead = s * 1.35;
    switch (block.type) {
      case 'name': {
        this.ensure(s * 2.2, top);
        this.y -= s * 1.4;
        this.text(block.text, column.x, s * 1.9, true);
        this.y -= s * 0.9;
        return;
      }
      case 'headline':
        this.ensure(lead, top);
        this.y -= lead * 0.3;
        this.text(block.text, column.x, s * 1.1, false, rgb(0.2, 0.2, 0.2));
        this.y -= lead;
        return;
      case 'contact': {
        for (const line of this.wrap(block.parts, column.width, s * 0.95, '  |  ')) {
          this.ensure(lead, top);
          this.text(line, column.x, s * 0.95);
          this.y -= lead;
        }
        this.y -= s * 0.4;
        return;
      }
      case 'heading':
        this.ensure(lead * 3, top);
        this.y -= s * 0.9;
        this.text(block.text, column.x, s * 1.15, true, rgb(0.1, 0.2, 0.45));
        this.page.drawLine({ start: { x: column.x, y: this.y - 3 }, end: { x: column.x + column.width, y: this.y - 3 }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
        this.y -= lead + 2;
        return;
      case 'entry': {
        this.ensure(lead * 2, top);
        const rightWidth = block.right ? this.width(block.right, s) : 0;
        const leftLines = this.wrap(block.left.split(' '), column.width - rightWidth - 12, s, ' ', true);
        leftLines.forEach((line, i) => {
          this.text(line, column.x, s, true);
          if (i === 0 && block.right) this.text(block.right, column.x + column.width - rightWidth, s);
          this.y -= lead;
        });
        return;
      }
      case 'subline':
        this.ensure(lead, top);
        this.text(block.text, column.x, s * 0.95, false, rgb(0.25, 0.25, 0.25));
        this.y -= lead;
        return;
      case 'bullet': {
        const indent = s;
        const lines = this.wrap(block.text.split(' '), column.width - indent, s, ' ');
        lines.forEach((line, i) => {
          this.ensure(lead, top);
          if (i === 0) this.text(this.bullet, column.x + 2, s);
          this.text(line, column.x + indent, s);
          this.y -= lead;
        });
        return;
      }
      case 'paragraph':
        for (const line of this.wrap(block.text.split(' '), column.width, s, ' ')) {
          this.ensure(lead, top);
          this.text(line, column.x, s);
          this.y -= lead;
        }
        this.y -= s * 0.3;
        return;
      case 'skills': {
        const label = block.label ? `${block.label}: ` : '';
        const lines = this.wrap(block.items.map((item, i) => (i === 0 ? label + item : item)), column.width, s, ', ');
        for (const line of lines) {
          this.ensure(lead, top);
          this.text(line, column.x, s);
          this.y -= lead;
        }
        return;
      }
    }
  }
}

async function fontsFor(doc: PDFDocument, serif: boolean): Promise<Fonts> {
  return {
    regular: await doc.embedFont(serif ? StandardFonts.TimesRoman : StandardFonts.Helvetica),
    bold: await doc.embedFont(serif ? StandardFonts.TimesRomanBold : StandardFonts.HelveticaBold),
  };
}

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
}

export async function renderOneColumnPdf(spec: ResumeSpec, options: { serif: boolean; size: number }): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${spec.person.first} ${spec.person.last} - Resume`);
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const flow = new Flow(doc, await fontsFor(doc, options.serif), options.size, spec.look.bullet);
  const column = { x: PAGE.margin, width: PAGE.width - 2 * PAGE.margin };
  const top = PAGE.height - PAGE.margin;
  for (const block of headerBlocks(spec)) flow.draw(block, column, top);
  for (const section of spec.sections) for (const block of section.blocks) flow.draw(block, column, top);
  return { bytes: await doc.save(), pages: flow.pages };
}

const SIDEBAR_KINDS = new Set(['education', 'skills', 'certifications']);

/** Sidebar (education, skills, certifications) beside the main column; the name and contact details span the top, or open the sidebar. */
export async function renderTwoColumnPdf(spec: ResumeSpec, options: { serif: boolean; size: number; headerInSidebar?: boolean }): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const fonts = await fontsFor(doc, options.serif);
  const flow = new Flow(doc, fonts, options.size, spec.look.bullet);
  const full = { x: PAGE.margin, width: PAGE.width - 2 * PAGE.margin };
  const sidebar = { x: PAGE.margin, width: 170 };
  const main = { x: PAGE.margin + 170 + 26, width: PAGE.width - 2 * PAGE.margin - 170 - 26 };
  const bodyTop = options.headerInSidebar ? flow.y : (headerBlocks(spec).forEach((block) => flow.draw(block, full, PAGE.height - PAGE.margin)), flow.y);
  const firstPage = flow.page;
  if (options.headerInSidebar) {
    for (const block of headerBlocks(spec)) {
      if (block.type === 'contact') for (const part of block.parts) flow.draw({ type: 'subline', text: part }, sidebar, PAGE.height - PAGE.margin);
      else flow.draw(block, sidebar, PAGE.height - PAGE.margin);
    }
  }
  for (const section of spec.sections.filter((s) => SIDEBAR_KINDS.has(s.kind))) for (const block of section.blocks) flow.draw(block, sidebar, PAGE.height - PAGE.margin);
  const sidebarPages = flow.pages;
  // The main column starts again at the top of the body on the first page.
  flow.page = firstPage;
  flow.y = bodyTop;
  flow.pages = 1;
  for (const section of spec.sections.filter((s) => !SIDEBAR_KINDS.has(s.kind))) for (const block of section.blocks) flow.draw(block, main, PAGE.height - PAGE.margin);
  return { bytes: await doc.save(), pages: Math.max(sidebarPages, flow.pages, doc.getPageCount()) };
}
