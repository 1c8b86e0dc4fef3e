import { nameBasedUuid } from './ids';

describe('nameBasedUuid', () => {
  it('is the version 5 UUID of RFC 9562 (its DNS example)', () => {
    expect(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives one id per namespace and name', () => {
    const namespace = '3f1c9b6e8d2a4c7fa1e05b9d2c6f8a41';
    expect(nameBasedUuid(namespace, 'a')).toBe(nameBasedUuid(namespace, 'a'));
    expect(nameBasedUuid(namespace, 'a')).not.toBe(nameBasedUuid(namespace, 'b'));
    expect(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'a')).not.toBe(nameBasedUuid(namespace, 'a'));
  });

  it('refuses a namespace that is not 16 bytes', () => {
    expect(() => nameBasedUuid('abcd', 'a')).toThrow('16-byte namespace');
  });
});
