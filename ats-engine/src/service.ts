import type { Logger } from 'pino';
import type { EventStore, ServiceDefinition, TokenSettings } from '@placement/platform';
import { createExtractionEngine, type EngineOptions, type ExtractionEngine } from './extract/engine';
import { analyzeRoutes, ATS_PROBLEM_EXTENSIONS, type AnalyzeRouteOptions } from './http';
import { analysisRecorder } from './record';

export interface AtsEngineOptions {
  port: number;
  host?: string;
  logger: Logger;
  maxResumeBytes: number;
  /** The command side's token settings (JWT_SECRET): /analyze is for signed-in students. */
  tokens: TokenSettings;
  engine?: Partial<EngineOptions>;
  /** Where each student's analyses are kept (ResumeAnalysed); none in tests of the engine alone. */
  store?: EventStore;
  /** The reply cache for repeated analyses (http.ts `DEFAULT_ANALYSIS_CACHE` unless given; false: none). */
  analysisCache?: AnalyzeRouteOptions['cache'];
}

/** The ATS engine as a platform service: /analyze, plus health, readiness (both worker pools) and metrics. */
export function atsEngineService(options: AtsEngineOptions): { definition: ServiceDefinition; engine: ExtractionEngine } {
  const engine = createExtractionEngine(options.engine);
  const definition: ServiceDefinition = {
    name: 'ats-engine',
    port: options.port,
    host: options.host,
    logger: options.logger,
    readiness: [{ name: 'extraction-workers', check: async () => engine.assertHealthy() }],
    routes: analyzeRoutes({
      engine,
      maxResumeBytes: options.maxResumeBytes,
      logger: options.logger,
      tokens: options.tokens,
      recorder: options.store ? analysisRecorder(options.store, options.logger) : undefined,
      cache: options.analysisCache,
    }),
    // Errors outside the handler (a bad token, the permission matrix, an unknown path) in the spec's shape too.
    problemExtensions: ATS_PROBLEM_EXTENSIONS,
    workers: [{ start: () => engine.start(), stop: () => engine.stop() }],
    close: async () => options.store?.close(),
    // OCR of a scanned page can take several seconds: let in-flight analyses finish on shutdown.
    drainTimeoutMs: 30_000,
  };
  return { definition, engine };
}
