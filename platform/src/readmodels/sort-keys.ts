/**
 * Longest sort key, in characters. Free text (a name, a company, a job title) has no length limit, but
 * an index entry has: PostgreSQL's btree under the local FerretDB refuses an entry over about 2.7 KB,
 * which failed every write of a document with a 3 KB name. 200 characters are at most 800 bytes in
 * UTF-8 and sort any real list as the whole text would.
 */
export const SORT_KEY_LENGTH = 200;

/** A run of ASCII digits: the part of a text that sorts by its number. */
const DIGIT_RUN = /[0-9]+/g;

/**
 * A run of digits as a key that sorts by the number in byte order: its digits without leading zeros,
 * after their count in two digits ('2' is '012', '10' is '0210', so 2 sorts before 10). The key starts
 * with a digit as the run did, so against any other character it sorts as the run would.
 */
const numberKeyOf = (run: string): string => {
  const digits = run.replace(/^0+(?=[0-9])/, '');
  return String(Math.min(digits.length, 99)).padStart(2, '0') + digits;
};

/**
 * What read models index and sort by instead of free text: the text lower-cased (the server has no
 * case-insensitive collation), numbers in it compared by their value ('Student 2' before 'Student 10':
 * the specs sort text numeric-aware), cut to its first SORT_KEY_LENGTH characters (code points, never
 * half of a surrogate pair). Texts that share those characters sort by id among themselves.
 */
export function sortKeyOf(text: string): string {
  const key = text.toLowerCase().replace(DIGIT_RUN, numberKeyOf);
  if (key.length <= SORT_KEY_LENGTH) return key;
  let bounded = '';
  let count = 0;
  for (const character of key) {
    if (count === SORT_KEY_LENGTH) break;
    bounded += character;
    count += 1;
  }
  return bounded;
}
