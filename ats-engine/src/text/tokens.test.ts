import { countWords, normalizeText, tokenize, tokenizeKeepingCase } from './tokens';

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

  it('marks a single letter followed by a full stop as an initial', () => {
    expect(tokenizeKeepingCase('Priya R. Nair knows R and Go')).toEqual(['Priya', 'R.', 'Nair', 'knows', 'R', 'and', 'Go']);
  });

  it('counts words as a reader does', () => {
    expect(countWords('Built 3 APIs — jane@x.com  |  https://x.dev')).toBe(5);
  });
});
