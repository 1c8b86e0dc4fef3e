/**
 * Reading order of a page from positioned text (PDF text layer or OCR words): pure and deterministic.
 *
 * 1. Items on one visual row whose horizontal gap is under 1.2 x their height join into a
 *    segment ("Software Engineer, Acme"); a wider gap starts a new segment (a column, a date), and
 *    so does more than a word space between type sizes a fifth apart (a heading beside its text).
 * 2. A gutter is a vertical band at least 12 pt wide, inside the text area, crossed by at most 15 %
 *    of the segments, with at least 3 segments wholly on each side. The side right of it must read
 *    like a column (segments share a left edge) and not like right-aligned dates next to titles.
 * 3. Scanning top to bottom, segments that cross the gutter (a full-width summary), or that lie
 *    above everything on the other side of it (a centred name), form full-width zones; between
 *    them, the left column is read to its end, then the right one.
 *    Columns are searched again inside each column (at most two levels: three columns).
 * 4. Rows are segments whose vertical extents overlap by half the smaller height (type sizes more
 *    than 1.5 apart: whose baselines line up); a row's segments are joined left to right, with two
 *    spaces where the gap is wide (a title and its date).
 */

export interface TextItem {
  text: string;
  /** Left edge, in page units (points), origin top-left. */
  x: number;
  top: number;
  width: number;
  /** Font size or box height. */
  height: number;
  /** A whole word (OCR): always separated from its neighbours by a space. */
  word?: boolean;
}

export interface Segment {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  height: number;
}

export interface LayoutLine {
  text: string;
  x: number;
  top: number;
  height: number;
  /** 0 for full-width text and the first column; 1, 2 for further columns. */
  column: number;
}

export interface PageLayout {
  lines: LayoutLine[];
  /** Most columns found side by side on the page. */
  columns: number;
}

const JOIN_GAP_FACTOR = 1.2;
const WIDE_GAP_FACTOR = 1.5;
const CHIP_GAP_FACTOR = 0.5;
const MIN_GUTTER = 12;
const MAX_CROSSING_SHARE = 0.15;
const MIN_SIDE_SEGMENTS = 3;
const EDGE_TOLERANCE = 3;
const MAX_DEPTH = 2;

const overlapShare = (a: { top: number; bottom: number }, b: { top: number; bottom: number }): number => {
  const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const smaller = Math.min(a.bottom - a.top, b.bottom - b.top);
  return smaller <= 0 ? 0 : overlap / smaller;
};

/** Type sizes further apart than this share a row only when their baselines line up. */
const SIZE_RATIO = 1.5;

/**
 * Whether a box may join a row holding `member`: a large name beside a stack of small contact
 * lines overlaps each of them, but shares a baseline with none (at most 0.35 of the smaller
 * height apart), and each of them must stay a row of its own.
 */
const compatible = (member: { top: number; bottom: number }, box: { top: number; bottom: number }): boolean => {
  const small = Math.min(member.bottom - member.top, box.bottom - box.top);
  const large = Math.max(member.bottom - member.top, box.bottom - box.top);
  return large <= SIZE_RATIO * small || Math.abs(member.bottom - box.bottom) <= 0.35 * small;
};

/** Groups boxes into rows by vertical overlap; rows top to bottom, boxes left to right. */
function rowsOf<T extends { top: number; bottom: number; x0: number }>(boxes: T[]): T[][] {
  const sorted = [...boxes].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const rows: { top: number; bottom: number; members: T[] }[] = [];
  for (const box of sorted) {
    const row = rows.find((candidate) => overlapShare(candidate, box) >= 0.5 && candidate.members.every((member) => compatible(member, box)));
    if (row) {
      row.members.push(box);
      row.top = Math.min(row.top, box.top);
      row.bottom = Math.max(row.bottom, box.bottom);
    } else {
      rows.push({ top: box.top, bottom: box.bottom, members: [box] });
    }
  }
  return rows.sort((a, b) => a.top - b.top).map((row) => row.members.sort((a, b) => a.x0 - b.x0));
}

/**
 * Pieces of one segment: nothing between pieces of a word, a space between words, two spaces
 * where the gap is more than twice a word space (tags or chips set side by side, "Java  Go  SQL",
 * which the text layer gives as separate pieces with padding between them).
 */
const joinText = (left: string, right: string, gap: number, height: number): string => {
  if (gap > CHIP_GAP_FACTOR * height) return `${left.trimEnd()}  ${right.trimStart()}`;
  if (/\s$/.test(left) || /^\s/.test(right)) return left + right;
  return gap > 0.15 * height ? `${left} ${right}` : left + right;
};

/**
 * A heading set in a larger type beside the first line of its section (a heading column on the
 * left, as the JSON Resume 'even' theme does): type sizes differing by more than a fifth with more
 * than a word space between them. Such neighbours are separate segments, joined by a wide gap.
 */
const sizeBreak = (a: { height: number }, b: { height: number }, gap: number): boolean =>
  Math.max(a.height, b.height) > 1.2 * Math.min(a.height, b.height) && gap > 0.6 * Math.min(a.height, b.height);

/** Step 1: items to segments. */
export function buildSegments(items: readonly TextItem[]): Segment[] {
  const boxes = items
    .filter((item) => item.text.trim() !== '' && item.height > 0)
    .map((item) => ({ item, x0: item.x, top: item.top, bottom: item.top + item.height }));
  const segments: Segment[] = [];
  for (const row of rowsOf(boxes)) {
    let current: Segment | undefined;
    for (const { item } of row) {
      const gap = current ? item.x - current.x1 : Infinity;
      if (current && gap <= JOIN_GAP_FACTOR * Math.max(current.height, item.height) && !sizeBreak(current, item, gap)) {
        current.text = item.word ? `${current.text} ${item.text}` : joinText(current.text, item.text, gap, item.height);
        current.x1 = Math.max(current.x1, item.x + item.width);
        current.top = Math.min(current.top, item.top);
        current.bottom = Math.max(current.bottom, item.top + item.height);
        current.height = Math.max(current.height, item.height);
      } else {
        current = { text: item.text, x0: item.x, x1: item.x + item.width, top: item.top, bottom: item.top + item.height, height: item.height };
        segments.push(current);
      }
    }
  }
  const tidy = (text: string) =>
    text
      .split(/ {2,}/)
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('  ');
  return segments.map((segment) => ({ ...segment, text: tidy(segment.text) })).filter((s) => s.text !== '');
}

/** Share of boxes whose chosen edge lies within tolerance of the two most common edge positions. */
function alignedShare(values: number[]): number {
  if (values.length === 0) return 0;
  const clusters: { at: number; count: number }[] = [];
  for (const value of [...values].sort((a, b) => a - b)) {
    const cluster = clusters.find((c) => Math.abs(c.at - value) <= EDGE_TOLERANCE);
    if (cluster) cluster.count += 1;
    else clusters.push({ at: value, count: 1 });
  }
  const top2 = clusters.sort((a, b) => b.count - a.count).slice(0, 2);
  return top2.reduce((sum, c) => sum + c.count, 0) / values.length;
}

const DATE = '(?:(?:[a-z]{3,9}\\.?,?\\s+)?(?:\\d{1,2}[/.])?(?:19|20)\\d{2}(?:-\\d{2}(?:-\\d{2})?)?|present|current|now|today)';
/** A date or date range alone ("06/2021 - Present", "Jul 2022 – Jan 2023", "2019"). */
const DATE_STUB = new RegExp(`^${DATE}(?:\\s*(?:[-–—]+|to)\\s*${DATE})?$`, 'i');

/**
 * True when the right side reads like dates or amounts set flush right beside left-side rows, or
 * like a column of dates alone beside them (however aligned: dates beside their entries' titles
 * belong to the entries, not to a column read after the page).
 */
function looksLikeRightAlignedStubs(right: Segment[], left: Segment[]): boolean {
  const flushRight = alignedShare(right.map((s) => s.x1));
  const beside = right.filter((r) => left.some((l) => overlapShare(l, r) >= 0.5)).length / right.length;
  const short = right.filter((s) => s.text.length <= 30).length / right.length;
  const flushLeft = alignedShare(right.map((s) => s.x0));
  const dates = right.filter((s) => DATE_STUB.test(s.text.trim())).length / right.length;
  const near = right.filter((r) => left.some((l) => Math.abs(l.top - r.top) <= 1.5 * r.height)).length / right.length;
  return (beside >= 0.6 && flushRight >= 0.6 && flushLeft <= flushRight && short >= 0.8) || (dates >= 0.8 && near >= 0.8);
}

/**
 * True when the left side is a column of headings beside their sections (the 'even' theme): a few
 * short segments, each set larger than the right side's usual type and level with a line of it.
 * Read by rows, each heading then opens its section.
 */
function looksLikeHeadingColumn(left: Segment[], right: Segment[]): boolean {
  if (left.length > right.length / 3) return false;
  const heights = right.map((s) => s.height).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)]!;
  const headings = left.filter((l) => l.text.split(/\s+/).length <= 4 && l.height > 1.2 * body && right.some((r) => overlapShare(l, r) >= 0.5));
  return headings.length === left.length;
}

export interface Gutter {
  x0: number;
  x1: number;
}

const crossesGutter = (s: Segment, g: Gutter) => s.x0 < g.x0 - EDGE_TOLERANCE && s.x1 > g.x1 + EDGE_TOLERANCE;
const isLeftOf = (s: Segment, g: Gutter) => (s.x0 + s.x1) / 2 < (g.x0 + g.x1) / 2;

/**
 * The clearest part of a low-coverage run: the widest band at the run's lowest coverage, if it is
 * wide enough on its own, else the whole run. A title that reaches into the gap then falls on
 * its own side instead of across the gutter.
 */
function coreOf(coverage: number[], start: number, end: number, left: number): Gutter & { crossing: number } {
  const min = Math.min(...coverage.slice(start, end));
  let best = { from: start, to: start };
  let from = -1;
  for (let i = start; i <= end; i++) {
    const atMin = i < end && coverage[i] === min;
    if (atMin && from < 0) from = i;
    if (!atMin && from >= 0) {
      if (i - from > best.to - best.from) best = { from, to: i };
      from = -1;
    }
  }
  const band = best.to - best.from >= MIN_GUTTER ? best : { from: start, to: end };
  return { x0: left + band.from, x1: left + band.to, crossing: Math.max(...coverage.slice(band.from, band.to)) };
}

/** Step 2: the best column gutter of a region, if it has one. */
export function findGutter(segments: readonly Segment[]): Gutter | undefined {
  if (segments.length < 2 * MIN_SIDE_SEGMENTS) return undefined;
  const left = Math.floor(Math.min(...segments.map((s) => s.x0)));
  const right = Math.ceil(Math.max(...segments.map((s) => s.x1)));
  if (right - left < 4 * MIN_GUTTER) return undefined;
  const coverage = new Array<number>(right - left).fill(0);
  for (const s of segments) {
    for (let x = Math.max(left, Math.floor(s.x0)); x < Math.min(right, Math.ceil(s.x1)); x++) coverage[x - left]! += 1;
  }
  const maxCrossing = Math.floor(MAX_CROSSING_SHARE * segments.length);
  const candidates: (Gutter & { crossing: number })[] = [];
  let start = -1;
  for (let i = 0; i <= coverage.length; i++) {
    const open = i < coverage.length && coverage[i]! <= maxCrossing;
    if (open && start < 0) start = i;
    if (!open && start >= 0) {
      if (i - start >= MIN_GUTTER && start > 0 && i < coverage.length) candidates.push(coreOf(coverage, start, i, left));
      start = -1;
    }
  }
  const accepted = candidates
    .filter((g) => {
      const leftSide = segments.filter((s) => !crossesGutter(s, g) && isLeftOf(s, g));
      const rightSide = segments.filter((s) => !crossesGutter(s, g) && !isLeftOf(s, g));
      if (leftSide.length < MIN_SIDE_SEGMENTS || rightSide.length < MIN_SIDE_SEGMENTS) return false;
      if (alignedShare(rightSide.map((s) => s.x0)) < 0.6) return false;
      return !looksLikeRightAlignedStubs(rightSide, leftSide) && !looksLikeHeadingColumn(leftSide, rightSide);
    })
    .sort((a, b) => a.crossing - b.crossing || b.x1 - b.x0 - (a.x1 - a.x0) || a.x0 - b.x0);
  const best = accepted[0];
  return best ? { x0: best.x0, x1: best.x1 } : undefined;
}

/** Step 4: segments to lines. */
function toLines(segments: Segment[], column: number): LayoutLine[] {
  return rowsOf(segments).map((row) => {
    let text = row[0]!.text;
    for (let i = 1; i < row.length; i++) {
      const gap = row[i]!.x0 - row[i - 1]!.x1;
      const wide = gap > WIDE_GAP_FACTOR * Math.max(row[i]!.height, row[i - 1]!.height) || sizeBreak(row[i]!, row[i - 1]!, gap);
      text += wide ? `  ${row[i]!.text}` : ` ${row[i]!.text}`;
    }
    return {
      text,
      x: row[0]!.x0,
      top: Math.min(...row.map((s) => s.top)),
      height: Math.max(...row.map((s) => s.height)),
      column,
    };
  });
}

interface Ordered {
  lines: LayoutLine[];
  columns: number;
}

/** The most common left edge (within the tolerance), if any. */
function commonEdge(values: number[]): number | undefined {
  const clusters: { at: number; count: number }[] = [];
  for (const value of [...values].sort((a, b) => a - b)) {
    const cluster = clusters.find((c) => Math.abs(c.at - value) <= EDGE_TOLERANCE);
    if (cluster) cluster.count += 1;
    else clusters.push({ at: value, count: 1 });
  }
  return clusters.sort((a, b) => b.count - a.count)[0]?.at;
}

/** Step 3, recursively. */
function orderRegion(segments: Segment[], depth: number, column: number): Ordered {
  const gutter = depth < MAX_DEPTH ? findGutter(segments) : undefined;
  if (!gutter) return { lines: toLines(segments, column), columns: 1 };
  const sorted = [...segments].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const sideTop = (left: boolean) => Math.min(...sorted.filter((s) => !crossesGutter(s, gutter) && isLeftOf(s, gutter) === left).map((s) => s.top));
  const firstTop = { left: sideTop(true), right: sideTop(false) };
  // Full width: crossing the gutter, or above everything on the other side (a centred name and
  // contact line over two columns belong to neither).
  // A heading hanging left of the left column's edge in larger type opens a section of both columns
  // (a grid of cards under it is read row of cards by row).
  const heights = segments.map((s) => s.height).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)]!;
  const edge = commonEdge(sorted.filter((s) => !crossesGutter(s, gutter) && isLeftOf(s, gutter)).map((s) => s.x0));
  const hangingHeading = (s: Segment) => isLeftOf(s, gutter) && edge !== undefined && s.x0 < edge - 20 && s.height > 1.2 * body;
  const isFull = (s: Segment) => crossesGutter(s, gutter) || hangingHeading(s) || s.bottom <= (isLeftOf(s, gutter) ? firstTop.right : firstTop.left);
  const zones: { full: boolean; members: Segment[] }[] = [];
  for (const segment of sorted) {
    const full = isFull(segment);
    const last = zones.at(-1);
    if (last && last.full === full) last.members.push(segment);
    else zones.push({ full, members: [segment] });
  }
  const lines: LayoutLine[] = [];
  let columns = 1;
  for (const zone of zones) {
    if (zone.full) {
      lines.push(...toLines(zone.members, column));
      continue;
    }
    const leftSide = zone.members.filter((s) => isLeftOf(s, gutter));
    const rightSide = zone.members.filter((s) => !isLeftOf(s, gutter));
    const first = orderRegion(leftSide, depth + 1, column);
    const second = orderRegion(rightSide, depth + 1, column + first.columns);
    lines.push(...first.lines, ...second.lines);
    if (leftSide.length > 0 && rightSide.length > 0) columns = Math.max(columns, first.columns + second.columns);
  }
  return { lines, columns };
}

/** The page's lines in reading order. */
export function orderPage(items: readonly TextItem[]): PageLayout {
  const { lines, columns } = orderRegion(buildSegments(items), 0, 0);
  return { lines, columns };
}
