/**
 * The labelled resume corpus, generated (never downloaded): 48 resumes, six per industry —
 *   a strong one-column PDF and its weak variant (same person), a medium two-column PDF,
 *   a strong DOCX (plain, table layout or contact-in-header), a DOC (medium or weak) and an
 *   image-only scanned PDF (strong or medium) —
 * each with its ground truth in manifest.json. Deterministic: the same seed writes the same
 * content (PDF and DOC bytes are identical run to run; DOCX zips carry a timestamp).
 *
 *   npx tsx ats-engine/corpus/generate.ts [--out <dir>]       (default ats-engine/corpus/out)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INDUSTRIES } from '@placement/domain';
import type { CorpusManifest, ResumeTruth } from '../src/quality/truth';
import { buildSpec, makePerson, truthOf, type Quality, type ResumeSpec } from './model';
import { renderDoc } from './render-doc';
import { renderDocx } from './render-docx';
import { renderOneColumnPdf, renderTwoColumnPdf } from './render-pdf';
import { renderScan } from './render-scan';

export const CORPUS_SEED = 20_251_122;

export interface CorpusFile {
  name: string;
  bytes: Uint8Array;
}

/** Drops trailing sections until the one-column PDF fits one page (for scans). */
async function onePage(spec: ResumeSpec, style: { serif: boolean; size: number }): Promise<{ spec: ResumeSpec; pdf: Uint8Array }> {
  let current = spec;
  for (;;) {
    const rendered = await renderOneColumnPdf(current, style);
    if (rendered.pages === 1 || current.sections.length <= 3) return { spec: current, pdf: rendered.bytes };
    current = { ...current, sections: current.sections.slice(0, -1), skills: current.sections.at(-1)!.kind === 'skills' ? [] : current.skills };
  }
}

export async function generateCorpus(seed = CORPUS_SEED): Promise<{ files: CorpusFile[]; manifest: CorpusManifest }> {
  const files: CorpusFile[] = [];
  const resumes: ResumeTruth[] = [];
  const add = (name: string, bytes: Uint8Array, truth: ResumeTruth) => {
    files.push({ name, bytes });
    resumes.push(truth);
  };
  for (const [i, industry] of INDUSTRIES.entries()) {
    const base = seed % 10_000 + i * 10;
    const style = { serif: i % 2 === 1, size: 10 + (i % 3) * 0.25 };

    const a = makePerson(base + 1, industry);
    const strong = buildSpec(a, industry, 'strong', base + 1);
    const strongPdf = await renderOneColumnPdf(strong, style);
    add(`${industry}-strong-one-column.pdf`, strongPdf.bytes, truthOf(strong, `${industry}-strong-one-column.pdf`, 'pdf-one-column', strongPdf.pages));
    const weak = buildSpec(a, industry, 'weak', base + 2);
    const weakPdf = await renderOneColumnPdf(weak, style);
    add(`${industry}-weak-one-column.pdf`, weakPdf.bytes, truthOf(weak, `${industry}-weak-one-column.pdf`, 'pdf-one-column', weakPdf.pages));

    const b = makePerson(base + 3, industry);
    const medium = buildSpec(b, industry, 'medium', base + 3, { compact: true });
    const twoColumn = await renderTwoColumnPdf(medium, { ...style, size: 9.5, headerInSidebar: i % 3 === 2 });
    add(`${industry}-medium-two-column.pdf`, twoColumn.bytes, truthOf(medium, `${industry}-medium-two-column.pdf`, 'pdf-two-column', twoColumn.pages));

    const c = makePerson(base + 4, industry);
    const docxSpec = buildSpec(c, industry, 'strong', base + 4);
    const variant = i % 3;
    const docx = await renderDocx(docxSpec, { headingStyles: i % 2 === 0, tableLayout: variant === 1, contactInHeader: variant === 2 });
    add(`${industry}-strong${variant === 1 ? '-table' : variant === 2 ? '-header-contact' : ''}.docx`, docx, truthOf(docxSpec, '', variant === 1 ? 'docx-table' : 'docx', null));
    resumes.at(-1)!.file = files.at(-1)!.name;

    const d = makePerson(base + 5, industry);
    const docQuality: Quality = i % 2 === 0 ? 'medium' : 'weak';
    const docSpec = buildSpec(d, industry, docQuality, base + 5);
    add(`${industry}-${docQuality}.doc`, renderDoc(docSpec), truthOf(docSpec, `${industry}-${docQuality}.doc`, 'doc', null));

    const e = makePerson(base + 6, industry);
    const scanQuality: Quality = i % 2 === 0 ? 'strong' : 'medium';
    const fitted = await onePage(buildSpec(e, industry, scanQuality, base + 6, { compact: true }), { serif: false, size: 10.5 });
    const scan = await renderScan(fitted.pdf, base + 6, i % 2 === 0 ? 150 : 200);
    add(`${industry}-${scanQuality}-scanned.pdf`, scan, truthOf(fitted.spec, `${industry}-${scanQuality}-scanned.pdf`, 'pdf-scanned', 1));
  }
  return { files, manifest: { generator: 'ats-engine/corpus/generate.ts', seed, resumes } };
}

export async function writeCorpus(out: string, seed = CORPUS_SEED): Promise<CorpusManifest> {
  const { files, manifest } = await generateCorpus(seed);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of files) writeFileSync(path.join(out, file.name), file.bytes);
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (require.main === module) {
  const at = process.argv.indexOf('--out');
  const out = path.resolve(at > 0 ? process.argv[at + 1]! : path.join(__dirname, 'out'));
  const started = Date.now();
  writeCorpus(out).then(
    (manifest) => console.log(`${manifest.resumes.length} resumes written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
