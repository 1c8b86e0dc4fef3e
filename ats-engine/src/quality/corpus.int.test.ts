import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INDUSTRIES } from '@placement/domain';
import { startAtsEngine, type AtsUnderTest } from '../test-support/service';
import { evaluateCorpus } from './evaluate';
import { FIELDS, precision, recall, renderReport, sumCounts, type Field, type FileResult } from './metrics';
import type { CorpusManifest } from './truth';

/**
 * The generated corpus (corpus/generate.ts, run as its own process: it rasterises scans with
 * pdfjs-dist, an ES module) through the real service. Reports precision and recall per field and
 * holds them above floors set a little under what the engine achieves today.
 */

jest.setTimeout(300_000);

const ATS_ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ATS_ROOT, '..', 'node_modules', '.bin', 'tsx');

const FLOORS: Record<Field, { precision: number; recall: number }> = {
  name: { precision: 0.95, recall: 0.95 },
  email: { precision: 0.95, recall: 0.95 },
  phone: { precision: 0.95, recall: 0.95 },
  links: { precision: 0.9, recall: 0.9 },
  sections: { precision: 0.95, recall: 0.9 },
  skills: { precision: 0.9, recall: 0.85 },
};

describe('labelled corpus', () => {
  let dir: string;
  let ats: AtsUnderTest;
  let manifest: CorpusManifest;
  let results: FileResult[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ats-corpus-test-'));
    execFileSync(TSX, [path.join(ATS_ROOT, 'corpus', 'generate.ts'), '--out', dir], { stdio: 'pipe' });
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as CorpusManifest;
    ats = await startAtsEngine({ engine: { ocrWorkers: 1 } });
    results = await evaluateCorpus(dir, manifest, ats.analyze);
    console.log(renderReport(results));
  });

  afterAll(async () => {
    await ats?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has at least 40 resumes of every layout, industry and quality, each analysed', () => {
    expect(manifest.resumes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(manifest.resumes.map((r) => r.layout))).toEqual(new Set(['pdf-one-column', 'pdf-two-column', 'pdf-scanned', 'docx', 'docx-table', 'doc']));
    expect(new Set(manifest.resumes.map((r) => r.industry))).toEqual(new Set(INDUSTRIES));
    expect(new Set(manifest.resumes.map((r) => r.quality))).toEqual(new Set(['strong', 'medium', 'weak']));
    expect(results.filter((r) => r.error).map((r) => `${r.truth.file}: ${r.error}`)).toEqual([]);
  });

  it.each(FIELDS)('extracts %s with precision and recall above the floor', (field) => {
    const counts = sumCounts(results, field);
    expect(precision(counts)).toBeGreaterThanOrEqual(FLOORS[field].precision);
    expect(recall(counts)).toBeGreaterThanOrEqual(FLOORS[field].recall);
  });

  it('scores a strong resume above its weak variant in every industry', () => {
    for (const industry of INDUSTRIES) {
      const pair = results.filter((r) => r.truth.industry === industry && r.truth.layout === 'pdf-one-column');
      const strong = pair.find((r) => r.truth.quality === 'strong')!;
      const weak = pair.find((r) => r.truth.quality === 'weak')!;
      expect({ industry, strongAboveWeak: strong.score! > weak.score! }).toEqual({ industry, strongAboveWeak: true });
    }
  });

  it('puts nine in ten scores inside the human-sensible band of their resume', () => {
    const inBand = results.filter((r) => r.inBand).length;
    expect(inBand / results.length).toBeGreaterThanOrEqual(0.9);
  });
});
