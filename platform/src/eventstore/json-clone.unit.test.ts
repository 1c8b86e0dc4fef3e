import { cloneJson } from './json-clone';

describe('cloneJson', () => {
  it('copies every level of a JSON value, sharing nothing with the original', () => {
    const original = { a: 1, b: 'two', c: null, d: true, e: [1, { f: [2, 3] }], g: { h: { i: 'deep' } } };
    const copy = cloneJson(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.e).not.toBe(original.e);
    expect(copy.e[1]).not.toBe(original.e[1]);
    expect(copy.g.h).not.toBe(original.g.h);
    (copy.g.h as { i: string }).i = 'changed';
    expect(original.g.h.i).toBe('deep');
  });

  it('keeps a __proto__ key as an own property, as JSON.parse makes it', () => {
    const original = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const copy = cloneJson(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(original));
  });

  it('returns primitives as they are', () => {
    expect(cloneJson(3)).toBe(3);
    expect(cloneJson('s')).toBe('s');
    expect(cloneJson(null)).toBeNull();
  });
});
