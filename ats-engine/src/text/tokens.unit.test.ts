import { countWords, normalizeText, plainText, tokenize, tokenizeKeepingCase } from './tokens';

describe('tokens', () => {
  it('keeps technical names whole and drops sentence punctuation', () => {
    expect(tokenize('Node.js, C++, C# and .NET; ASP.NET Core. Python.')).toEqual(['node.js', 'c++', 'c#', 'and', '.net', 'asp.net', 'core', 'python']);
  });

  it('splits at hyphens and slashes so spelling variants meet', () => {
    expect(tokenize('CI/CD problem-solving A/B')).toEqual(['ci', 'cd', 'problem', 'solving', 'a', 'b']);
  });

  it('normalises ligatures, dashes and quotes', () => {
    expect(normalizeText('Eﬃcient — “quoted” ’s')).toBe('efficient - "quoted" \'s');
  });

  it('makes Unicode spaces, soft hyphens, zero-width characters, hyphens, dashes and the minus sign plain', () => {
    expect(plainText('(909)\u00a0555\u00ad\u20105555')).toBe('(909) 555-5555');
    expect(plainText('a\u2009b\u202fc\u2007d\u200be\ufeff')).toBe('a b c de');
    expect(plainText('\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d')).toBe('---------');
    expect(plainText('ﬁ ﬂ ﬀ ﬃ ﬄ Ofﬁce')).toBe('fi fl ff ffi ffl Office');
    expect(plainText('\u0000 Docker \uf0e0 Redis\u001f')).toBe(' Docker  Redis');
  });

  it('marks a single letter followed by a full stop as an initial', () => {
    expect(tokenizeKeepingCase('Priya R. Nair knows R and Go')).toEqual(['Priya', 'R.', 'Nair', 'knows', 'R', 'and', 'Go']);
  });

  it('counts words as a reader does', () => {
    expect(countWords('Built 3 APIs — jane@x.com  |  https://x.dev')).toBe(5);
    expect(countWords('S U M M A RY  W O R K E X P E R I E N C E')).toBe(2);
    expect(countWords('AI ML CV NLP and IT')).toBe(6);
    expect(countWords('I AM A BE team')).toBe(5);
  });
});
