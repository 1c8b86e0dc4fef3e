/**
 * The outside corpus: the JSON Resume documents of resumes.ts laid out by layouts nobody here
 * designed — every JSON Resume theme installed from npm (HTML printed to PDF by Debian's
 * Chromium), three styles of TeX Live's moderncv class (pdflatex; TeX Live from Debian's packages,
 * installed by infra/local/latex.ts when missing), a Word document built with the docx package, and a few theme PDFs rasterised as
 * scans for OCR. The ground truth is the JSON document, limited to what the layout prints (a
 * theme that shows a profile as a bare user name has not printed its link; one that leaves out
 * volunteering has no such section to find).
 *
 * Files are cached by the hash of their input (document, theme and version, this generator's
 * version) in the output folder, so a second run renders nothing.
 *
 *   npx tsx ats-engine/corpus/outside/generate.ts [--out <dir>]   (default ats-engine/corpus/outside/out)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { ensureLatex } from '../../../infra/local/latex';
import { launchBrowser } from '../../../tests/support/browser';
import type { CorpusManifest, ResumeTruth } from '../../src/quality/truth';
import { renderScan } from '../render-scan';
import { renderJsonResumeDocx } from './render-docx';
import { LATEX_STYLES, renderLatexPdf } from './render-latex';
import { OUTSIDE_RESUMES, type OutsideResume } from './resumes';
import { truthFromPrinted } from './truth';

/** Bump when the rendering changes, so cached files are made again. */
const GENERATOR_VERSION = 6;

export const THEMES = ['even', 'elegant', 'stackoverflow', 'kendall', 'macchiato', 'flat'] as const;
export type Theme = (typeof THEMES)[number];

/** Scans: per entry, the first resume not yet scanned whose PDF in that theme is one page, rasterised (OCR has no text to go on). */
const SCAN_THEMES: Theme[] = ['stackoverflow', 'macchiato', 'stackoverflow'];

export const DEFAULT_OUT = path.join(__dirname, 'out');

/** The installed theme's version (read from node_modules: some themes do not export package.json). */
function themeVersion(theme: Theme): string {
  const name = `jsonresume-theme-${theme}`;
  const manifest = (require.resolve.paths(name) ?? []).map((dir) => path.join(dir, name, 'package.json')).find(existsSync);
  if (!manifest) throw new Error(`${name} is not installed`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

async function themeHtml(theme: Theme, resume: OutsideResume['resume']): Promise<string> {
  // Themes are CommonJS or ES modules exporting render(resume) (sync or async).
  const loaded = (await import(`jsonresume-theme-${theme}`)) as { render?: (r: unknown) => string | Promise<string>; default?: { render?: (r: unknown) => string | Promise<string> } };
  const render = loaded.render ?? loaded.default?.render;
  if (!render) throw new Error(`jsonresume-theme-${theme} exports no render()`);
  const quiet = console.warn;
  console.warn = () => undefined; // moment's deprecation notices from the older themes
  try {
    // Some themes read basics.profiles without checking that it is there.
    return await render({ ...structuredClone(resume), basics: { profiles: [], ...structuredClone(resume.basics) } });
  } finally {
    console.warn = quiet;
  }
}

/**
 * The PDF's text items as pdf.js reads them, in stream order: what the file holds, including what
 * print style sheets add and innerText leaves out (a link target written after a user name).
 */
async function pdfText(pdf: Uint8Array, lines = false): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (lines && item.hasEOL ? '\n' : ' ') : '')).join(lines ? '' : ' '));
    }
    return texts.join('\n');
  } finally {
    await task.destroy();
  }
}

/** HTML to PDF in Chromium, with every network request refused (themes link web fonts and icons). */
async function printPdf(browser: Browser, html: string): Promise<{ pdf: Buffer; text: string; printed: string; pages: number }> {
  const page = await browser.newPage();
  try {
    await page.route('**/*', (route) => (/^(data|about|blob):/.test(route.request().url()) ? route.continue() : route.abort()));
    await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
    await page.emulateMedia({ media: 'print' });
    const text = await page.evaluate(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    return { pdf, text, printed: await pdfText(pdf), pages };
  } finally {
    await page.close();
  }
}

/** TeX Live's and moderncv's versions, for the cache key. */
function texVersion(): string {
  try {
    const moderncv = execFileSync('kpsewhich', ['moderncv.cls'], { encoding: 'utf8' }).trim();
    return `${execFileSync('pdflatex', ['--version'], { encoding: 'utf8' }).split('\n')[0]} ${/\\ProvidesClass\{moderncv\}\[([^\]]*)\]/.exec(readFileSync(moderncv, 'utf8'))?.[1]}`;
  } catch {
    return 'unknown';
  }
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

interface Cached {
  file: string;
  text: string;
  /** The file's own text where it holds more than `text` (pdf.js on a PDF), for links only. */
  printed: string;
  pages: number | null;
}

export async function writeOutsideCorpus(out = DEFAULT_OUT): Promise<CorpusManifest> {
  mkdirSync(out, { recursive: true });
  const resumes: ResumeTruth[] = [];
  let browser: Browser | undefined;
  const getBrowser = async () => (browser ??= await launchBrowser());
  const pdflatex = await ensureLatex();
  const tex = texVersion();

  /** The file for `key`, made by `make` unless a previous run left it. */
  const cached = async (stem: string, ext: string, input: unknown, make: () => Promise<Omit<Cached, 'file'> & { bytes: Uint8Array }>): Promise<Cached> => {
    const file = `${stem}-${hash({ input, GENERATOR_VERSION })}.${ext}`;
    const meta = path.join(out, `${file}.json`);
    if (existsSync(meta) && existsSync(path.join(out, file))) return JSON.parse(readFileSync(meta, 'utf8')) as Cached;
    const made = await make();
    writeFileSync(path.join(out, file), made.bytes);
    const entry: Cached = { file, text: made.text, printed: made.printed, pages: made.pages };
    writeFileSync(meta, JSON.stringify(entry));
    return entry;
  };

  try {
    const pdfs = new Map<string, Cached>();
    for (const { id, industry, resume } of OUTSIDE_RESUMES) {
      for (const theme of THEMES) {
        const entry = await cached(`theme-${theme}-${id}`, 'pdf', { resume, theme, version: themeVersion(theme) }, async () => {
          const printed = await printPdf(await getBrowser(), await themeHtml(theme, resume));
          return { bytes: printed.pdf, text: printed.text, printed: printed.printed, pages: printed.pages };
        });
        pdfs.set(`${id}/${theme}`, entry);
        resumes.push(truthFromPrinted({ id, industry, resume }, entry, `jsonresume-${theme}`));
      }
      for (const style of LATEX_STYLES) {
        const entry = await cached(`latex-${style}-${id}`, 'pdf', { resume, style, tex }, async () => {
          const pdf = renderLatexPdf(resume, style, pdflatex);
          const text = await pdfText(pdf, true);
          return { bytes: pdf, text, printed: text, pages: (await PDFDocument.load(pdf)).getPageCount() };
        });
        resumes.push(truthFromPrinted({ id, industry, resume }, entry, `latex-moderncv-${style}`));
      }
      const docx = await cached(`docx-${id}`, 'docx', { resume }, async () => ({ ...(await renderJsonResumeDocx(resume)), printed: '' }));
      resumes.push(truthFromPrinted({ id, industry, resume }, docx, 'jsonresume-docx'));
    }
    const scanned = new Set<string>();
    for (const [n, theme] of SCAN_THEMES.entries()) {
      const outside = OUTSIDE_RESUMES.find((r) => !scanned.has(r.id) && pdfs.get(`${r.id}/${theme}`)?.pages === 1);
      if (!outside) throw new Error(`no one-page ${theme} PDF left to scan`);
      scanned.add(outside.id);
      const source = pdfs.get(`${outside.id}/${theme}`)!;
      const seed = 7_000 + n;
      const scan = await cached(`scan-${theme}-${outside.id}`, 'pdf', { source: source.file, seed }, async () => ({
        bytes: await renderScan(new Uint8Array(readFileSync(path.join(out, source.file))), seed, n % 2 === 0 ? 200 : 150),
        text: source.text,
        printed: source.printed,
        pages: 1,
      }));
      resumes.push(truthFromPrinted(outside, scan, 'jsonresume-scanned'));
    }
  } finally {
    await browser?.close();
  }
  const manifest: CorpusManifest = { generator: 'ats-engine/corpus/outside/generate.ts', seed: GENERATOR_VERSION, resumes };
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

if (require.main === module) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? path.resolve(process.argv[at + 1]!) : DEFAULT_OUT;
  writeOutsideCorpus(out)
    .then((manifest) => console.log(`${manifest.resumes.length} outside resumes in ${out}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
