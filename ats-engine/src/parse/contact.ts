/**
 * Contact details, found by pattern in the whole text (first occurrence wins):
 * - e-mail: local@domain.tld (OCR's stray spaces around @ and dots are closed first);
 * - phone: 10 to 13 digits written as one number, optionally with a +country code, spaces, dots,
 *   dashes or brackets; digit runs that are date ranges (years) are not phones;
 * - links: LinkedIn, GitHub, GitLab, Behance, Dribbble, Kaggle, Medium, LeetCode profiles, any
 *   http(s)/www address, and bare domains on common personal TLDs (.com .io .dev .me .in .org .co
 *   .design .site .app .page), never the domain of an e-mail;
 * - name: among the first lines of page 1, the line that looks most like a personal name (2 to 4
 *   capitalised words of letters, no digits or @, not a heading, job title or document title),
 *   preferring larger type and earlier position.
 */

export interface NameCandidate {
  text: string;
  /** Order in the document. */
  index: number;
  page: number;
  height?: number;
  isHeading: boolean;
}

export interface Contact {
  name?: string;
  email?: string;
  phone?: string;
  links: string[];
}

/** Contact details sit on short lines; longer ones are only searched this far (keeps every pattern linear). */
const MAX_CONTACT_LINE = 500;
const head = (text: string) => (text.length > MAX_CONTACT_LINE ? text.slice(0, MAX_CONTACT_LINE) : text);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export function findEmail(line: string): string | undefined {
  const text = head(line);
  if (!text.includes('@')) return undefined;
  const closed = text.replace(/\s*@\s*/g, '@').replace(/(@[A-Za-z0-9.-]+)\s+\.\s*([A-Za-z]{2,})\b/g, '$1.$2');
  return EMAIL.exec(closed)?.[0].replace(/\.$/, '').toLowerCase();
}

const PHONE_CANDIDATE = /\+?\(?\d[\d\s().-]{8,20}\d/g;

export function findPhone(line: string): string | undefined {
  const text = head(line);
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const candidate = match[0].trim();
    const digits = candidate.replace(/\D/g, '');
    if (digits.length < 10 || digits.length > 13) continue;
    // "2019 - 2023", "06/2019 - 08/2021" and friends: year-shaped groups are dates.
    const groups = candidate.split(/[\s.-]+/).filter(Boolean);
    if (groups.length >= 2 && groups.every((g) => /^(19|20)\d{2}$/.test(g.replace(/\D/g, '')) || /^\d{1,2}$/.test(g))) continue;
    const before = text[match.index - 1] ?? ' ';
    if (/[\w/]/.test(before)) continue;
    return candidate.replace(/\s+/g, ' ');
  }
  return undefined;
}

const SITES = 'linkedin\\.com|github\\.com|gitlab\\.com|behance\\.net|dribbble\\.com|kaggle\\.com|medium\\.com|leetcode\\.com|bitbucket\\.org';
const LINK = new RegExp(
  [
    `(?:https?://)?(?:www\\.)?(?:${SITES})/[\\w./%-]*[\\w/]`,
    'https?://[\\w-]+(?:\\.[\\w-]+)+(?:/[\\w./%?=&#-]*)?',
    'www\\.[\\w-]+(?:\\.[\\w-]+)+(?:/[\\w./%-]*)?',
    '\\b[a-z0-9][\\w-]+(?:\\.[a-z0-9][\\w-]*)*\\.(?:com|io|dev|me|in|org|co|design|site|app|page)(?:/[\\w./%-]*)?\\b',
  ].join('|'),
  'gi',
);

/** A link as compared and shown: lower case, without scheme, www. or trailing slash. */
export const normalizeLink = (link: string): string =>
  link
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/.]+$/, '');

/** The profile hosts whose names OCR damage is repaired around, each with its one top-level domain. */
const HOST_TLD: Record<string, string> = {
  linkedin: 'com', github: 'com', gitlab: 'com', behance: 'net', dribbble: 'com', kaggle: 'com', medium: 'com', leetcode: 'com', bitbucket: 'org',
};
/** OCR's readings of a top-level domain: "corn" and "c0m" for "com", "0rg" for "org", "nct" for "net". */
const TLD_MISREAD = '(?:com|corn|c0m|con|org|0rg|net|nct)';
const DAMAGED_HOST = new RegExp(`\\b(${Object.keys(HOST_TLD).join('|')})([\\s\\-\u2010-\u2015~_'\u2019\u00b7,.]{1,4})(${TLD_MISREAD})(?=\\s*\\/)`, 'gi');
const TLD_OF_MISREAD: Record<string, string> = { com: 'com', corn: 'com', c0m: 'com', con: 'com', org: 'org', '0rg': 'org', net: 'net', nct: 'net' };

/**
 * Undoes what OCR typically does to a written-out address, and only there: the slashes of
 * "https://" read as "/l", "/I" or "/m" before "www" with spaces around the colon, a space after
 * "www.", and a known profile host broken around its dot ("linkedin -.com/in/...",
 * "github . com/", "linkedin,corn/") when a path follows it and the damaged top-level domain is
 * that host's own. Text with no such damage comes back unchanged.
 */
export function repairOcrLinks(text: string): string {
  return text
    .replace(/\b(https?)\s*[:;]\s*(?:\/\/|\/m(?=www\.)|\/[lI|1](?!inkedin)|\/)\s*/gi, '$1://')
    .replace(/\b(www)\s*[.,]\s+(?=[a-z])/gi, '$1.')
    .replace(DAMAGED_HOST, (whole, host: string, between: string, tld: string) => {
      const expected = HOST_TLD[host.toLowerCase()];
      const read = TLD_OF_MISREAD[tld.toLowerCase()];
      // A separator with no dot or comma in it is two words, unless OCR left only a space between them.
      if (read !== expected || !/[.,\u00b7]|^\s+$/.test(between)) return whole;
      return `${host}.${expected}`;
    })
    .replace(/\b(linkedin\.com)\s*\/\s*in\s*\/\s*/gi, '$1/in/');
}

export function findLinks(line: string): string[] {
  const text = repairOcrLinks(head(line));
  const found: string[] = [];
  if (!text.includes('.')) return found;
  for (const match of text.matchAll(LINK)) {
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    if (before === '@' || before === '.') continue;
    const afterAt = /@[\w.-]*$/.test(text.slice(Math.max(0, match.index - 64), match.index));
    if (afterAt) continue;
    // A bare capitalised host is an organisation's name ("Code.org", "Booking.com"), not an address written out.
    if (/^[A-Z][\w-]*\.[a-z]+$/.test(match[0])) continue;
    const link = normalizeLink(match[0]);
    if (!found.includes(link)) found.push(link);
  }
  return found;
}

const NOT_NAME_WORDS = new Set([
  'resume', 'curriculum', 'vitae', 'cv', 'profile', 'summary', 'engineer', 'developer', 'manager', 'analyst', 'designer', 'teacher', 'nurse',
  'intern', 'student', 'consultant', 'executive', 'associate', 'specialist', 'officer', 'scientist', 'lead', 'senior', 'junior', 'contact',
  'education', 'experience', 'skills', 'projects', 'address', 'email', 'phone', 'mobile', 'university', 'college', 'institute', 'school',
  'street', 'road', 'india', 'linkedin', 'github', 'objective', 'technical', 'professional', 'marketing', 'finance', 'software', 'data',
]);

const NAME_WORD = /^(?:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)*|[A-Z]{2,}(?:[-'][A-Z]+)*|[A-Z]\.?)$/u;

/** A 0-1 plausibility of a line being a person's name; 0 when it cannot be. */
export function nameLikeness(text: string): number {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4) return 0;
  if (/[\d@/:|,]/.test(text)) return 0;
  if (!words.every((word) => NAME_WORD.test(word))) return 0;
  if (words.some((word) => NOT_NAME_WORDS.has(word.toLowerCase().replace(/\.$/, '')))) return 0;
  if (words.filter((word) => word.replace(/\./g, '').length > 1).length < 2 && words.length < 3) return 0;
  return 1;
}

const NAME_WINDOW = 12;
/** Where a name's row goes on to other text: a wide gap, or a dash or bar between spaces. */
const NAME_BREAK = /\s{2,}|\s[-—–|·•]\s/;

export function findName(candidates: readonly NameCandidate[]): string | undefined {
  const pageOne = candidates.filter((c) => c.page === 1 && !c.isHeading).slice(0, NAME_WINDOW * 4);
  const heights = pageOne.map((c) => c.height ?? 0);
  const tallest = Math.max(0, ...heights);
  let best: { text: string; score: number } | undefined;
  pageOne.forEach((candidate, position) => {
    // A name set beside other text on its row ("Maria Gonzalez  M (909) 555-5555") or followed by a
    // title after a dash or bar ("Priya Raghunathan — Software"): its first part.
    const text = [candidate.text, candidate.text.split(NAME_BREAK)[0]!].find((part) => nameLikeness(part) > 0);
    if (!text) return;
    const early = position < NAME_WINDOW ? 1 - position / NAME_WINDOW : 0;
    const large = tallest > 0 && candidate.height ? candidate.height / tallest : 0;
    if (early === 0 && large < 0.99) return;
    const score = early + 1.5 * large;
    if (!best || score > best.score) best = { text: text.trim().replace(/\s+/g, ' '), score };
  });
  return best?.text;
}

const CUT_EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]*$/;

/**
 * Lines with an e-mail address that a narrow column wrapped ("priya.raghunathan@exa" / "mple.com")
 * joined into one: a line ending in an address without its domain's end, followed by a line whose
 * first word completes it, or ending in an address followed by a line of one to three lower-case
 * letters alone (the end of its domain).
 */
export function joinWrappedEmails(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const cut = CUT_EMAIL.exec(head(line).trimEnd());
    // A whole address whose last letters wrapped alone ("kavya.nair@example.co" / "m").
    if (cut && next !== undefined && /^[a-z]{1,3}$/.test(next.trim()) && findEmail(`${cut[0]}${next.trim()}`)) {
      joined.push(`${line.trimEnd()}${next.trim()}`);
      i += 1;
      continue;
    }
    if (cut && next !== undefined && !findEmail(cut[0])) {
      const [first = '', ...rest] = next.trim().split(/\s+/);
      const whole = `${cut[0]}${first}`;
      if (/^[A-Za-z0-9.-]+$/.test(first) && findEmail(whole) === whole.toLowerCase()) {
        joined.push(`${line.trimEnd()}${first}`);
        if (rest.length > 0) joined.push(rest.join(' '));
        i += 1;
        continue;
      }
    }
    joined.push(line);
  }
  return joined;
}

/** Contact details from the document's lines (patterns span two lines only for a wrapped e-mail address). */
export function findContact(documentLines: readonly string[], candidates: readonly NameCandidate[]): Contact {
  const lines = joinWrappedEmails(documentLines);
  const contact: Contact = { links: [...new Set(lines.flatMap(findLinks))] };
  const email = lines.map(findEmail).find(Boolean);
  if (email) contact.email = email;
  const phone = lines.map(findPhone).find(Boolean);
  if (phone) contact.phone = phone;
  const name = findName(candidates);
  if (name) contact.name = name;
  return contact;
}
