/**
 * Skills as listed in a skills section: each line loses a leading bullet and a short "Category:"
 * label, then splits at commas, semicolons, pipes, bullets, and slashes or hyphens with spaces around
 * them (OCR reads a middle-dot separator as a hyphen). Items of 1 to
 * 5 words and at most 40 characters are skills; sentences are not. Group names (JSON Resume themes
 * print skills[].name so) are no skills: a single item on a line of its own right above a line of
 * several or above items indented under it, names side by side over a line that separates its
 * items in writing, a name in a column beside its comma-separated list.
 */

const LABEL = /^[^:]{1,40}:\s*/;
const SPLIT = /\s*(?:[,;|•·●▪◦]|\s[/-]\s|\t|\s{2,})\s*/;

const unbullet = (raw: string) => raw.replace(/^\s*(?:[•·●▪◦‣∙■□►➢➤✓✔*]|[-–—](?=\s))\s*/u, '').trim();

/** A group's name in a column of its own beside its comma-separated list ("Languages   Java, Go, SQL"). */
const LABEL_BESIDE = /^([^,:]{1,40}?)\s{2,}(?=[^,]+,)/;

/** A line's items: the text after a short "Category:" label (or one set beside a list), split at the separators. */
function partsOf(raw: string): string[] {
  let line = unbullet(raw);
  const label = LABEL.exec(line) ?? LABEL_BESIDE.exec(line);
  if (label && label[0].trim().split(/\s+/).length <= 5) line = line.slice(label[0].length);
  return line.split(SPLIT);
}

/** Items separated by written separators (commas, semicolons, bars, bullets), not only by wide gaps. */
const WRITTEN_SEPARATOR = /[,;|•·●▪◦]/;

/**
 * Group names of a layout: a single item over a line of several, names side by side over a line
 * that separates its items in writing ("Languages  Tools" over "Java · Go  Docker · Git"), or a
 * single item over items set further right (a list indented under its name).
 */
function isGroupName(lines: readonly SkillLine[], parts: readonly string[][], index: number): boolean {
  const line = parts[index]!;
  const text = unbullet(lines[index]!.text);
  const next = parts[index + 1];
  if (next === undefined || LABEL.test(text) || /,\s*$/.test(lines[index - 1]?.text ?? '')) return false;
  const nextText = unbullet(lines[index + 1]!.text);
  if (LABEL.test(nextText)) return false;
  if (line.length === 1 && next.filter(Boolean).length >= 2) return true;
  if (line.length >= 2 && !WRITTEN_SEPARATOR.test(text) && WRITTEN_SEPARATOR.test(nextText) && next.filter(Boolean).length > line.length) return true;
  const x = lines[index]!.x;
  const nextX = lines[index + 1]!.x;
  return line.length === 1 && x !== undefined && nextX !== undefined && nextX >= x + 6 && nextX <= x + 40;
}

export interface SkillLine {
  text: string;
  /** Left edge (PDF), where known. */
  x?: number;
}

export function skillItems(input: readonly (string | SkillLine)[]): string[] {
  const lines = input.map((line) => (typeof line === 'string' ? { text: line } : line));
  const items: string[] = [];
  const parts = lines.map((line) => partsOf(line.text));
  parts.forEach((line, index) => {
    // A group's name on a line of its own above the group ("Tools" over "Docker, Git") names no skill;
    // the wrapped end of a list ("Student Assessment" after "..., Instruction,") or a line above a
    // group that names itself ("Technology: ...") is no group name.
    if (isGroupName(lines, parts, index)) return;
    for (const part of line) {
      const item = part.replace(/^(?:and|&)\s+/i, '').replace(/[.\s-]+$/, '').trim();
      if (!item || item.length > 40 || item.split(/\s+/).length > 5) continue;
      if (!/\p{L}/u.test(item)) continue;
      if (!items.some((known) => known.toLowerCase() === item.toLowerCase())) items.push(item);
    }
  });
  return items;
}

/** How skills are compared: lower case, no spaces or dots around symbols. */
export const normalizeSkill = (skill: string): string =>
  skill
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([/+#.-])\s*/g, '$1')
    .trim();
