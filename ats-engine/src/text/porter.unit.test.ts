import { porterStem } from './porter';

describe('Porter stemmer', () => {
  // Pairs from M.F. Porter's 1980 paper and its published vocabulary.
  it.each([
    ['caresses', 'caress'], ['ponies', 'poni'], ['ties', 'ti'], ['caress', 'caress'], ['cats', 'cat'],
    ['feed', 'feed'], ['agreed', 'agre'], ['plastered', 'plaster'], ['bled', 'bled'], ['motoring', 'motor'], ['sing', 'sing'],
    ['conflated', 'conflat'], ['troubled', 'troubl'], ['sized', 'size'], ['hopping', 'hop'], ['tanned', 'tan'], ['falling', 'fall'],
    ['hissing', 'hiss'], ['fizzed', 'fizz'], ['failing', 'fail'], ['filing', 'file'], ['happy', 'happi'], ['sky', 'sky'],
    ['relational', 'relat'], ['conditional', 'condit'], ['rational', 'ration'], ['valenci', 'valenc'], ['digitizer', 'digit'],
    ['operator', 'oper'], ['hopeful', 'hope'], ['goodness', 'good'], ['revival', 'reviv'], ['allowance', 'allow'],
    ['inference', 'infer'], ['adjustment', 'adjust'], ['dependent', 'depend'], ['adoption', 'adopt'], ['effective', 'effect'],
    ['probate', 'probat'], ['rate', 'rate'], ['cease', 'ceas'], ['controlling', 'control'], ['roll', 'roll'], ['generalization', 'gener'],
  ])('%s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('brings the forms a resume and a job advert use to one stem', () => {
    const stem = porterStem('management');
    expect(['managed', 'managing', 'manage', 'manages'].map(porterStem)).toEqual([stem, stem, stem, stem]);
    expect(porterStem('developer')).toBe(porterStem('develop'));
  });

  it('leaves short words and words with digits or symbols alone', () => {
    expect(porterStem('go')).toBe('go');
    expect(porterStem('c++')).toBe('c++');
    expect(porterStem('k8s')).toBe('k8s');
  });
});
