/**
 * The baseline process of bench/ats.ts: text extraction alone (pdfjs-dist for PDFs, mammoth for
 * DOCX), nothing else loaded, timed around the extraction call. Driven over IPC by bench/ats.ts.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export type BaselineRequest = { id?: number } & ({ op: 'load'; file: string; type: string; bytes: Uint8Array } | { op: 'baseline'; file: string });
export type BaselineReply = { id?: number; ready?: boolean; ms?: number; chars?: number; error?: string };

async function serve(): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const mammoth = (await import('mammoth')).default;
  const fonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

  /** The baseline: text out of the file and nothing else. */
  const extractText = async (type: string, bytes: Uint8Array): Promise<number> => {
    if (type === 'docx') return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.length;
    const task = pdfjs.getDocument({ data: bytes, standardFontDataUrl: fonts, isEvalSupported: false, verbosity: 0 });
    const doc = await task.promise;
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) chars += 'str' in item ? item.str.length : 0;
    }
    await task.destroy();
    return chars;
  };

  const loaded = new Map<string, { type: string; bytes: Uint8Array }>();
  process.on('message', (request: BaselineRequest) => {
    const reply = (message: BaselineReply) => process.send!({ ...message, id: request.id });
    if (request.op === 'load') {
      loaded.set(request.file, { type: request.type, bytes: request.bytes });
      reply({});
    } else {
      const file = loaded.get(request.file)!;
      const started = performance.now();
      // pdfjs takes ownership of the bytes it opens: each extraction gets a copy.
      extractText(file.type, file.bytes.slice()).then(
        (chars) => reply({ ms: performance.now() - started, chars }),
        (error: unknown) => reply({ error: String(error) }),
      );
    }
  });
  process.send!({ ready: true });
}

if (process.send) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
