import type { WordBlock } from './protocol';

/**
 * mammoth's HTML (p, h1-h6, ul/ol/li, table/tr/td, strong, em, a, img, br) to paragraph blocks.
 * mammoth writes well-formed, attribute-light HTML, so a tag scanner is enough; no DOM needed.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th']);

export interface HtmlBlocks {
  blocks: WordBlock[];
  tables: number;
  images: number;
}

export function htmlToBlocks(html: string): HtmlBlocks {
  const blocks: WordBlock[] = [];
  const stack: string[] = [];
  let text = '';
  let tables = 0;
  let images = 0;

  const flush = () => {
    const clean = decodeEntities(text).replace(/[ \t\u00a0]+/g, ' ').trim();
    text = '';
    if (!clean) return;
    const heading = [...stack].reverse().find((tag) => /^h[1-6]$/.test(tag));
    const block: WordBlock = { text: clean };
    if (heading) block.heading = Number(heading.slice(1));
    if (stack.includes('li')) block.listItem = true;
    if (stack.includes('td') || stack.includes('th')) block.inTable = true;
    for (const line of clean.split('\n')) {
      if (line.trim()) blocks.push({ ...block, text: line.trim() });
    }
  };

  for (const match of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>|([^<]+)/gi)) {
    const [, closing, rawTag, selfClosing, content] = match;
    if (content !== undefined) {
      text += content;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'br') {
      text += '\n';
      continue;
    }
    if (tag === 'img') {
      images += 1;
      continue;
    }
    if (closing) {
      if (BLOCK_TAGS.has(tag)) flush();
      const at = stack.lastIndexOf(tag);
      if (at >= 0) stack.splice(at);
      continue;
    }
    if (selfClosing) continue;
    if (BLOCK_TAGS.has(tag) || tag === 'ul' || tag === 'ol' || tag === 'tr') flush();
    if (tag === 'table') tables += 1;
    stack.push(tag);
  }
  flush();
  return { blocks, tables, images };
}

/** Paragraph texts of a WordprocessingML part (a header or footer), from its w:t runs. */
export function wordXmlParagraphs(xml: string): string[] {
  const paragraphs: string[] = [];
  for (const paragraph of xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)) {
    const runs = [...paragraph[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((run) => (run[1] === undefined ? ' ' : decodeEntities(run[1])));
    const text = runs.join('').replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
  }
  return paragraphs;
}
