import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startAtsEngine, type AtsUnderTest } from '../test-support/service';
import { entryDatesWith, evaluateCorpus } from './evaluate';
import { bulletsWithin1, FIELDS, precision, recall, renderLayoutReport, renderMisses, sumCounts, sumDates, wordsWithin10, type Field, type FileResult } from './metrics';
import type { CorpusManifest } from './truth';

/**
 * The outside corpus (corpus/outside/generate.ts: JSON Resume themes from npm printed by Chromium,
 * Word, scans; run as its own process, cached by input hash in corpus/outside/out) through the
 * real service. Every layout holds every field above its floor.
 *
 * The targets are 0.85 for every field of every layout, entry dates included (and 0.98
 * for name, e-mail and phone, 0.95 for sections, 0.90 for skills over the whole corpus). Floors
 * below 0.85 are what the engine measures today (rounded down to 5 %), each with the reason it
 * misses the target: raise them as the engine improves.
 */

jest.setTimeout(600_000);

const ATS_ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ATS_ROOT, '..', 'node_modules', '.bin', 'tsx');
const OUT = path.join(ATS_ROOT, 'corpus', 'outside', 'out');

type Floor = [precision: number, recall: number];
const TARGET: Floor = [0.85, 0.85];

// Every field of every layout reaches the target today (OCR's links since the repair of damaged
// hosts such as 'https://linkedin -.com' in parse/contact.ts); a layout that falls short again
// gets its measured floor here, with the reason.
const BELOW_TARGET: Record<string, Partial<Record<Field | 'dates', Floor>>> = {};

/**
 * Share of files whose word count is within 10 % and bullet count within one of the truth. Every
 * layout counts both right in every file today (0.95 of 10 files, or of 3 scans, is all of them):
 * list markers drawn as shapes or icon-font glyphs are found by their indent, moderncv's dash after
 * a margin date by the wide gaps around it, markers OCR lost by the indent of the scan's lines, and
 * an item's wrapped lines at its own left edge are joined to it. A layout that falls short again
 * gets its measured floor here, with the reason.
 */
const COUNT_TARGET = { words: 0.95, bullets: 0.95 };
const COUNTS_BELOW_TARGET: Record<string, Partial<typeof COUNT_TARGET>> = {};

const THEMES = ['even', 'elegant', 'stackoverflow', 'kendall', 'macchiato', 'flat'];
const LATEX_STYLES = ['classic', 'casual', 'banking'];

describe('outside corpus (layouts nobody here designed)', () => {
  let ats: AtsUnderTest;
  let manifest: CorpusManifest;
  let results: FileResult[];

  beforeAll(async () => {
    execFileSync(TSX, [path.join(ATS_ROOT, 'corpus', 'outside', 'generate.ts'), '--out', OUT], { stdio: 'pipe' });
    manifest = JSON.parse(readFileSync(path.join(OUT, 'manifest.json'), 'utf8')) as CorpusManifest;
    ats = await startAtsEngine({ engine: { ocrWorkers: 1 } });
    results = await evaluateCorpus(OUT, manifest, ats.analyze, 3, entryDatesWith(ats.engine));
    console.log(`${renderLayoutReport(results)}\n\n${renderMisses(results)}`);
  });

  afterAll(async () => {
    await ats?.stop();
  });

  it('has at least 40 resumes from every theme, three LaTeX styles, Word and scans, each analysed', () => {
    expect(manifest.resumes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(manifest.resumes.map((r) => r.layout))).toEqual(
      new Set([...THEMES.map((t) => `jsonresume-${t}`), ...LATEX_STYLES.map((s) => `latex-moderncv-${s}`), 'jsonresume-docx', 'jsonresume-scanned']),
    );
    expect(results.filter((r) => r.error).map((r) => `${r.truth.file}: ${r.error}`)).toEqual([]);
  });

  it('holds every field of every layout above its floor', () => {
    const below: string[] = [];
    for (const layout of new Set(manifest.resumes.map((r) => r.layout))) {
      const group = results.filter((r) => r.truth.layout === layout);
      for (const field of [...FIELDS, 'dates'] as const) {
        const [p, r] = BELOW_TARGET[layout]?.[field] ?? TARGET;
        const counts = field === 'dates' ? sumDates(group) : sumCounts(group, field);
        if (precision(counts) < p || recall(counts) < r) below.push(`${layout} ${field}: ${precision(counts).toFixed(3)} / ${recall(counts).toFixed(3)} under ${p} / ${r}`);
      }
    }
    expect(below).toEqual([]);
  });

  it('counts words and bullets of every layout at least as well as its floor', () => {
    const below: string[] = [];
    for (const layout of new Set(manifest.resumes.map((r) => r.layout))) {
      const floor = { ...COUNT_TARGET, ...COUNTS_BELOW_TARGET[layout] };
      const group = results.filter((r) => r.truth.layout === layout);
      if (wordsWithin10(group) < floor.words) below.push(`${layout} words: ${wordsWithin10(group).toFixed(3)} under ${floor.words}`);
      if (bulletsWithin1(group) < floor.bullets) below.push(`${layout} bullets: ${bulletsWithin1(group).toFixed(3)} under ${floor.bullets}`);
    }
    expect(below).toEqual([]);
  });

  it('detects sections at 95 % and skills at 90 % precision and recall over the outside corpus (the issue\'s targets)', () => {
    for (const [field, target] of [['sections', 0.95], ['skills', 0.9]] as const) {
      const counts = sumCounts(results, field);
      expect({ field, precision: precision(counts) >= target, recall: recall(counts) >= target }).toEqual({ field, precision: true, recall: true });
    }
  });

  it('finds name, e-mail and phone in at least 98 % of the outside corpus (the issue\'s target)', () => {
    for (const field of ['name', 'email', 'phone'] as const) {
      const counts = sumCounts(results, field);
      expect({ field, recall: recall(counts) >= 0.98, precision: precision(counts) >= 0.98 }).toEqual({ field, recall: true, precision: true });
    }
  });
});
