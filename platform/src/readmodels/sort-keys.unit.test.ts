import { SORT_KEY_LENGTH, sortKeyOf } from './sort-keys';

describe('sort keys of free text', () => {
  it('are the text lower-cased when it is short', () => {
    expect(sortKeyOf('Ada LOVELACE')).toBe('ada lovelace');
    expect(sortKeyOf('')).toBe('');
  });

  it('keep the first 200 characters of a long text', () => {
    const name = `Zoë ${'Ab'.repeat(1500)}`;
    expect(sortKeyOf(name)).toBe(name.toLowerCase().slice(0, SORT_KEY_LENGTH));
    expect(Buffer.byteLength(sortKeyOf('ж'.repeat(3000)))).toBe(400);
  });

  it('never cut a character in half', () => {
    const key = sortKeyOf(`a${'😀'.repeat(300)}`);
    expect([...key]).toHaveLength(SORT_KEY_LENGTH);
    expect(key.endsWith('😀')).toBe(true);
    expect(Buffer.from(key, 'utf8').toString('utf8')).toBe(key);
  });
});
