/**
 * Skills as listed in a skills section: each line loses a leading bullet and a short "Category:"
 * label, then splits at commas, semicolons, pipes, bullets, and slashes or hyphens with spaces around
 * them (OCR reads a middle-dot separator as a hyphen). Items of 1 to
 * 5 words and at most 40 characters are skills; sentences are not. A single item on a line of its
 * own right above a line of several is the group's name (JSON Resume themes print skills[].name
 * so), not a skill.
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

export function skillItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  const parts = lines.map(partsOf);
  parts.forEach((line, index) => {
    // A group's name on a line of its own above the group ("Tools" over "Docker, Git") names no skill;
    // the wrapped end of a list ("Student Assessment" after "..., Instruction,") or a line above a
    // group that names itself ("Technology: ...") is no group name.
    const next = parts[index + 1];
    const groupName =
      line.length === 1 &&
      !LABEL.test(unbullet(lines[index]!)) &&
      !/,\s*$/.test(lines[index - 1] ?? '') &&
      next !== undefined &&
      next.filter(Boolean).length >= 2 &&
      !LABEL.test(unbullet(lines[index + 1]!));
    if (groupName) return;
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
