import { corruptDocx, docxZipBomb, zip } from './zip-fixtures';
import { assertSafeZip, FILE_REFUSALS, officeZipProblem, readZipParts, ZipRefusal, type ZipLimits } from './zip';

const LIMITS: ZipLimits = { maxEntries: 100, maxInflatedBytes: 8 * 1024 * 1024, maxRatio: 200 };

const refusal = async (work: () => Promise<unknown>): Promise<ZipRefusal> => {
  try {
    await work();
  } catch (error) {
    if (error instanceof ZipRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('Office zip guard', () => {
  it('inflates the XML parts and skips media', async () => {
    const parts = await readZipParts(
      zip([
        { name: 'word/document.xml', data: Buffer.from('<w:document>Hello</w:document>') },
        { name: 'word/media/photo.png', data: Buffer.alloc(2000, 7) },
      ]),
      LIMITS,
    );
    expect([...parts.keys()]).toEqual(['word/document.xml']);
    expect(parts.get('word/document.xml')!.toString()).toBe('<w:document>Hello</w:document>');
  });

  it('stops a bomb at the cap, whatever its headers claim', async () => {
    expect((await refusal(() => readZipParts(docxZipBomb(64), LIMITS))).reason).toBe('bomb');
    expect((await refusal(() => readZipParts(docxZipBomb(64, true), LIMITS))).reason).toBe('bomb');
    expect((await refusal(() => assertSafeZip(docxZipBomb(64, true), LIMITS))).reason).toBe('bomb');
  });

  it('refuses a part with an absurd compression ratio even under the cap', async () => {
    expect((await refusal(() => readZipParts(docxZipBomb(4), { ...LIMITS, maxRatio: 50 }))).reason).toBe('bomb');
  });

  it('refuses too many entries, broken data and a missing directory', async () => {
    const many = zip(Array.from({ length: 101 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.from('x') })));
    expect((await refusal(() => readZipParts(many, LIMITS))).reason).toBe('bomb');
    expect((await refusal(() => readZipParts(corruptDocx(), LIMITS))).reason).toBe('corrupt');
    expect((await refusal(() => readZipParts(Buffer.from('PK\x03\x04 not really a zip'), LIMITS))).reason).toBe('corrupt');
  });

  it('inflating on the calling thread (a worker thread) reads the same parts and refuses the same files', async () => {
    const sync = { sync: true };
    const docx = zip([
      { name: 'word/document.xml', data: Buffer.from('<w:document>Hello</w:document>') },
      { name: 'word/media/photo.png', data: Buffer.alloc(2000, 7) },
    ]);
    expect(await readZipParts(docx, LIMITS, sync)).toEqual(await readZipParts(docx, LIMITS));
    expect((await refusal(() => readZipParts(docxZipBomb(64), LIMITS, sync))).reason).toBe('bomb');
    expect((await refusal(() => readZipParts(docxZipBomb(64, true), LIMITS, sync))).reason).toBe('bomb');
    expect((await refusal(() => readZipParts(docxZipBomb(4), { ...LIMITS, maxRatio: 50 }, sync))).reason).toBe('bomb');
    expect((await refusal(() => readZipParts(corruptDocx(), LIMITS, sync))).reason).toBe('corrupt');
  });

  it("names the problem in the words every service uses, with the portal's own caps", async () => {
    expect(await officeZipProblem(zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]))).toBeNull();
    expect(await officeZipProblem(docxZipBomb(512, true))).toBe(FILE_REFUSALS.zipBomb(64));
    expect(await officeZipProblem(corruptDocx(), 'Excel workbook')).toBe(FILE_REFUSALS.damaged('Excel workbook'));
  });
});
