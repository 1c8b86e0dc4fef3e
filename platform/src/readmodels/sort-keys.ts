/**
 * Longest sort key, in characters. Free text (a name, a company, a job title) has no length limit, but
 * an index entry has: PostgreSQL's btree under the local FerretDB refuses an entry over about 2.7 KB,
 * which failed every write of a document with a 3 KB name. 200 characters are at most 800 bytes in
 * UTF-8 and sort any real list as the whole text would.
 */
export const SORT_KEY_LENGTH = 200;

/**
 * What read models index and sort by instead of free text: the text lower-cased (the server has no
 * case-insensitive collation), cut to its first SORT_KEY_LENGTH characters (code points, never half
 * of a surrogate pair). Texts that share those characters sort by id among themselves.
 */
export function sortKeyOf(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length <= SORT_KEY_LENGTH) return lower;
  let key = '';
  let count = 0;
  for (const character of lower) {
    if (count === SORT_KEY_LENGTH) break;
    key += character;
    count += 1;
  }
  return key;
}
