import { createLogger, startService, type RunningService } from '@placement/platform';
import type { AnalysisResponse } from '../analyze';
import type { EngineOptions } from '../extract/engine';
import { atsEngineService } from '../service';

export interface AtsUnderTest {
  service: RunningService;
  analyze: (file: { bytes: Buffer | Uint8Array; name: string } | undefined, fields?: Record<string, string>) => Promise<{ status: number; body: AnalysisResponse | { success: false; error: string } }>;
  stop: () => Promise<void>;
}

/** The real service on a free port, with small worker pools. */
export async function startAtsEngine(options: { maxResumeBytes?: number; engine?: Partial<EngineOptions> } = {}): Promise<AtsUnderTest> {
  const { definition } = atsEngineService({
    port: 0,
    logger: createLogger('ats-engine-test', 'silent'),
    maxResumeBytes: options.maxResumeBytes ?? 5 * 1024 * 1024,
    engine: { textWorkers: 2, ocrWorkers: 1, warmOcr: false, ...options.engine },
  });
  const service = await startService(definition);
  const analyze: AtsUnderTest['analyze'] = async (file, fields = {}) => {
    const form = new FormData();
    if (file) form.append('resume', new Blob([new Uint8Array(file.bytes)]), file.name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(`${service.url}/analyze`, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as AnalysisResponse };
  };
  return { service, analyze, stop: () => service.stop() };
}
