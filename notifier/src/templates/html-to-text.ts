const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(Number(lower.slice(1)));
    return ENTITIES[lower] ?? entity;
  });

/**
 * The plain-text part of a composed (already sanitized) rich-text message: blocks become paragraphs,
 * list items dashes, links 'text (address)'; everything else keeps only its text.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\r?\n/g, ' ')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_match, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const address = decode(href);
      return !label || decode(label) === address ? address : `${label} (${address})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|div|ol|ul)>/gi, '\n\n')
    .replace(/<img\b[^>]*\balt="([^"]+)"[^>]*>/gi, '[$1]')
    .replace(/<[^>]*>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
