import { SORT_KEY_LENGTH, sortKeyOf } from './sort-keys';

/** Byte order, as PostgreSQL under the C collation and MongoDB compare the keys. */
const byKey = (texts: string[]) => [...texts].sort((a, b) => Buffer.compare(Buffer.from(sortKeyOf(a)), Buffer.from(sortKeyOf(b))));

describe('sort keys of free text', () => {
  it('are the text lower-cased when it is short and holds no number', () => {
    expect(sortKeyOf('Ada LOVELACE')).toBe('ada lovelace');
    expect(sortKeyOf('')).toBe('');
  });

  it('sort numbers in the text by their value, as the specs sort text numeric-aware', () => {
    expect(byKey(['Student 10', 'student 2', 'Student 1', 'Student 100', 'Student 02'])).toEqual(['Student 1', 'student 2', 'Student 02', 'Student 10', 'Student 100']);
    expect(byKey(['s10@university.edu', 's9@university.edu', 'sa@university.edu', 's@university.edu', 's-1@university.edu'])).toEqual([
      's-1@university.edu',
      's9@university.edu',
      's10@university.edu',
      's@university.edu',
      'sa@university.edu',
    ]);
    expect(byKey(['R1099', 'R120', 'R12', 'R12A', 'R12 b'])).toEqual(['R12', 'R12 b', 'R12A', 'R120', 'R1099']);
    expect(byKey(['v1.10', 'v1.9', 'v1.09.1'])).toEqual(['v1.9', 'v1.09.1', 'v1.10']);
  });

  it('compare a number with other text as its first digit would', () => {
    expect(byKey(['Data Analyst', 'Data 2', 'Data-Analyst', 'Data Analyst 3'])).toEqual(['Data 2', 'Data Analyst', 'Data Analyst 3', 'Data-Analyst']);
    expect(sortKeyOf('Room 0')).toBe('room 010');
    expect(sortKeyOf('007')).toBe(sortKeyOf('7'));
  });

  it('sort numbers of ten digits and more by their value too', () => {
    expect(byKey(['9876543210', '123456789012', '99'])).toEqual(['99', '9876543210', '123456789012']);
  });

  it('keep the first 200 characters of a long text', () => {
    const name = `Zoë ${'Ab'.repeat(1500)}`;
    expect(sortKeyOf(name)).toBe(name.toLowerCase().slice(0, SORT_KEY_LENGTH));
    expect(Buffer.byteLength(sortKeyOf('ж'.repeat(3000)))).toBe(400);
    expect([...sortKeyOf('1'.repeat(500))]).toHaveLength(SORT_KEY_LENGTH);
  });

  it('never cut a character in half', () => {
    const key = sortKeyOf(`a${'😀'.repeat(300)}`);
    expect([...key]).toHaveLength(SORT_KEY_LENGTH);
    expect(key.endsWith('😀')).toBe(true);
    expect(Buffer.from(key, 'utf8').toString('utf8')).toBe(key);
  });
});
