/**
 * Skills as listed in a skills section: each line loses a leading bullet and a short "Category:"
 * label, then splits at commas, semicolons, pipes, bullets and slashes between words. Items of 1 to
 * 5 words and at most 40 characters are skills; sentences are not.
 */

const LABEL = /^[^:]{1,40}:\s*/;
const SPLIT = /\s*(?:[,;|•·●▪◦]|\s\/\s|\t|\s{2,})\s*/;

export function skillItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const raw of lines) {
    let line = raw.replace(/^\s*(?:[•·●▪◦‣∙■□►➢➤✓✔*]|[-–—](?=\s))\s*/u, '').trim();
    const label = LABEL.exec(line);
    if (label && label[0].split(/\s+/).length <= 5) line = line.slice(label[0].length);
    for (const part of line.split(SPLIT)) {
      const item = part.replace(/^(?:and|&)\s+/i, '').replace(/[.]+$/, '').trim();
      if (!item || item.length > 40 || item.split(/\s+/).length > 5) continue;
      if (!/\p{L}/u.test(item)) continue;
      if (!items.some((known) => known.toLowerCase() === item.toLowerCase())) items.push(item);
    }
  }
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
