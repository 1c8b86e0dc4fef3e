import { corruptDocx, docxZipBomb, zip } from '../test-support/fixtures';
import { readZipParts, ZipRefusal } from './zip';

const LIMITS = { maxEntries: 100, maxInflatedBytes: 8 * 1024 * 1024, maxRatio: 200 };

const refusal = (fn: () => unknown): ZipRefusal => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ZipRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('DOCX container guard', () => {
  it('inflates the XML parts and skips media', () => {
    const parts = readZipParts(
      zip([
        { name: 'word/document.xml', data: Buffer.from('<w:document>Hello</w:document>') },
        { name: 'word/media/photo.png', data: Buffer.alloc(2000, 7) },
      ]),
      LIMITS,
    );
    expect([...parts.keys()]).toEqual(['word/document.xml']);
    expect(parts.get('word/document.xml')!.toString()).toBe('<w:document>Hello</w:document>');
  });

  it('stops a bomb at the cap, whatever its headers claim', () => {
    expect(refusal(() => readZipParts(docxZipBomb(64), LIMITS)).reason).toBe('bomb');
    expect(refusal(() => readZipParts(docxZipBomb(64, true), LIMITS)).reason).toBe('bomb');
  });

  it('refuses a part with an absurd compression ratio even under the cap', () => {
    expect(refusal(() => readZipParts(docxZipBomb(4), { ...LIMITS, maxRatio: 50 })).reason).toBe('bomb');
  });

  it('refuses too many entries, broken data and a missing directory', () => {
    const many = zip(Array.from({ length: 101 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.from('x') })));
    expect(refusal(() => readZipParts(many, LIMITS)).reason).toBe('bomb');
    expect(refusal(() => readZipParts(corruptDocx(), LIMITS)).reason).toBe('corrupt');
    expect(refusal(() => readZipParts(Buffer.from('PK\x03\x04 not really a zip'), LIMITS)).reason).toBe('corrupt');
  });
});
