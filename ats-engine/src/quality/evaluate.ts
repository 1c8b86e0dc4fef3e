import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnalysisResponse } from '../analyze';
import type { ExtractionEngine } from '../extract/engine';
import { parseResume } from '../parse/resume';
import { scoreFile, type FileResult } from './metrics';
import type { CorpusManifest } from './truth';

export type Analyze = (
  file: { bytes: Buffer; name: string },
  fields: Record<string, string>,
) => Promise<{ status: number; body: AnalysisResponse | { success: false; error: string } }>;

/** The entry dates the engine's parse finds in a file (the reply does not carry them). */
export type EntryDates = (bytes: Buffer, name: string) => Promise<{ experience: string[]; education: string[] }>;

/** Extracts with the service's own engine and parses, as /analyze does, for the entry dates. */
export const entryDatesWith =
  (engine: ExtractionEngine): EntryDates =>
  async (bytes, name) =>
    parseResume(await engine.extract(bytes, name.endsWith('.docx') ? 'docx' : name.endsWith('.doc') ? 'doc' : 'pdf')).entryDates;

/**
 * Sends every corpus file through POST /analyze (a few at a time) and scores it against its truth;
 * with `dates`, also its entry dates.
 */
export async function evaluateCorpus(dir: string, manifest: CorpusManifest, analyze: Analyze, concurrency = 3, dates?: EntryDates): Promise<FileResult[]> {
  const results: FileResult[] = new Array(manifest.resumes.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < manifest.resumes.length) {
        const index = next++;
        const truth = manifest.resumes[index]!;
        const bytes = readFileSync(path.join(dir, truth.file));
        const started = performance.now();
        const { status, body } = await analyze({ bytes, name: truth.file }, { industry: truth.industry });
        const ms = performance.now() - started;
        const found = body.success && dates && truth.dates ? await dates(bytes, truth.file) : undefined;
        results[index] = body.success ? scoreFile(truth, body, null, ms, found) : scoreFile(truth, undefined, `${status}: ${body.error}`, ms);
      }
    }),
  );
  return results;
}
