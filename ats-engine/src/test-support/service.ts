import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@placement/domain';
import { createLogger, issueToken, startService, type EventStore, type RunningService, type TokenSettings } from '@placement/platform';
import type { AnalysisResponse } from '../analyze';
import type { EngineOptions, ExtractionEngine } from '../extract/engine';
import { atsEngineService } from '../service';

export interface AtsUnderTest {
  service: RunningService;
  /** Posts to /analyze as a signed-in student, unless `options.token` says otherwise (null: no token at all). */
  analyze: (
    file: { bytes: Buffer | Uint8Array; name: string } | undefined,
    fields?: Record<string, string>,
    options?: { token?: string | null },
  ) => Promise<{ status: number; body: AnalysisResponse | { success: false; error: string } }>;
  /** A token of a (made-up) account of this role, signed as the command side signs them. */
  tokenFor: (role: Role) => string;
  tokens: TokenSettings;
  /** The service's extraction engine (its worker pools), for measuring what the reply does not carry. */
  engine: ExtractionEngine;
  stop: () => Promise<void>;
}

/** The real service on a free port, with small worker pools, checking tokens signed with a secret of its own. */
export async function startAtsEngine(options: { maxResumeBytes?: number; engine?: Partial<EngineOptions>; store?: EventStore } = {}): Promise<AtsUnderTest> {
  const tokens: TokenSettings = { secret: randomBytes(32).toString('base64url'), expiresIn: '1h' };
  const { definition, engine } = atsEngineService({
    port: 0,
    logger: createLogger('ats-engine-test', 'silent'),
    maxResumeBytes: options.maxResumeBytes ?? 5 * 1024 * 1024,
    tokens,
    engine: { textWorkers: 2, ocrWorkers: 1, warmOcr: false, ...options.engine },
    store: options.store,
  });
  const service = await startService(definition);
  const tokenFor = (role: Role) => issueToken(tokens, { id: randomUUID(), role, sessionVersion: 0 });
  const student = tokenFor('student');
  const analyze: AtsUnderTest['analyze'] = async (file, fields = {}, { token = student } = {}) => {
    const form = new FormData();
    if (file) form.append('resume', new Blob([new Uint8Array(file.bytes)]), file.name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
    const response = await fetch(`${service.url}/analyze`, { method: 'POST', body: form, headers });
    return { status: response.status, body: (await response.json()) as AnalysisResponse };
  };
  return { service, analyze, tokenFor, tokens, engine, stop: () => service.stop() };
}
