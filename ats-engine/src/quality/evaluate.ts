import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnalysisResponse } from '../analyze';
import { scoreFile, type FileResult } from './metrics';
import type { CorpusManifest } from './truth';

export type Analyze = (
  file: { bytes: Buffer; name: string },
  fields: Record<string, string>,
) => Promise<{ status: number; body: AnalysisResponse | { success: false; error: string } }>;

/** Sends every corpus file through POST /analyze (a few at a time) and scores it against its truth. */
export async function evaluateCorpus(dir: string, manifest: CorpusManifest, analyze: Analyze, concurrency = 3): Promise<FileResult[]> {
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
        results[index] = body.success ? scoreFile(truth, body, null, ms) : scoreFile(truth, undefined, `${status}: ${body.error}`, ms);
      }
    }),
  );
  return results;
}
