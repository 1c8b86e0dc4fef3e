/**
 * Image-only "scanned" PDFs: a text PDF's first page rasterised with pdfjs-dist (on the
 * @napi-rs/canvas it ships with), given paper tone, sensor noise and a slight skew, saved as JPEG
 * and placed as the only content of a new PDF page. No text layer remains.
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { random } from './content';

interface CanvasLike {
  toBuffer(type: 'image/jpeg', quality?: number): Buffer;
  width: number;
  height: number;
}
interface Context2D {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  putImageData(image: { data: Uint8ClampedArray }, x: number, y: number): void;
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  drawImage(image: unknown, x: number, y: number): void;
}
interface Factory {
  create(w: number, h: number): { canvas: CanvasLike; context: Context2D };
}

const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));

export async function renderScan(textPdf: Uint8Array, seed: number, dpi = 150): Promise<Uint8Array> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: textPdf.slice(), standardFontDataUrl: `${path.join(PDFJS_ROOT, 'standard_fonts')}${path.sep}`, verbosity: 0 });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const factory = (doc as unknown as { canvasFactory: Factory }).canvasFactory;
    const w = Math.ceil(viewport.width);
    const h = Math.ceil(viewport.height);
    const sharp = factory.create(w, h);
    await page.render({ canvasContext: sharp.context as never, canvas: sharp.canvas as never, viewport }).promise;

    const rand = random(seed);
    const scanned = factory.create(w, h);
    scanned.context.fillStyle = '#ffffff';
    scanned.context.fillRect(0, 0, w, h);
    scanned.context.translate(w / 2, h / 2);
    scanned.context.rotate(((rand() - 0.5) * 0.6 * Math.PI) / 180);
    scanned.context.translate(-w / 2, -h / 2);
    scanned.context.drawImage(sharp.canvas, 0, 0);
    const image = scanned.context.getImageData(0, 0, w, h);
    const tone = 236 + Math.floor(rand() * 12);
    for (let i = 0; i < image.data.length; i += 4) {
      const gray = (image.data[i]! * 0.3 + image.data[i + 1]! * 0.59 + image.data[i + 2]! * 0.11) * (tone / 255);
      const noisy = Math.max(0, Math.min(255, gray + (rand() - 0.5) * 28));
      image.data[i] = noisy;
      image.data[i + 1] = noisy;
      image.data[i + 2] = noisy * 0.97;
    }
    scanned.context.putImageData(image, 0, 0);
    const jpeg = scanned.canvas.toBuffer('image/jpeg', 80);

    const out = await PDFDocument.create();
    out.setCreator('Scanner');
    out.setProducer('corpus generator');
    out.setCreationDate(new Date('2025-01-01T00:00:00Z'));
    out.setModificationDate(new Date('2025-01-01T00:00:00Z'));
    const embedded = await out.embedJpg(jpeg);
    const pageOut = out.addPage([612, 792]);
    pageOut.drawImage(embedded, { x: 0, y: 0, width: 612, height: 792 });
    return await out.save();
  } finally {
    await task.destroy();
  }
}
