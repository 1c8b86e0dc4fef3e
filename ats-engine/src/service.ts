import type { Logger } from 'pino';
import { Gauge, type EventStore, type ReadinessCheck, type ServiceDefinition, type TokenSettings } from '@placement/platform';
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
  const recorder = options.store ? analysisRecorder(options.store, options.logger) : undefined;
  const routes = analyzeRoutes({
    engine,
    maxResumeBytes: options.maxResumeBytes,
    logger: options.logger,
    tokens: options.tokens,
    recorder,
    cache: options.analysisCache,
  });
  // Analyses the store refused wait in the recorder's retry queue: the readiness report names them,
  // so the admins' System Status shows them, and so does a gauge.
  const recording: ReadinessCheck[] = recorder
    ? [
        {
          name: 'analysisRecording',
          check: async () => {
            const problem = recorder.retry.problem();
            if (problem) throw new Error(problem);
          },
        },
      ]
    : [];
  const definition: ServiceDefinition = {
    name: 'ats-engine',
    port: options.port,
    host: options.host,
    logger: options.logger,
    readiness: [{ name: 'extraction-workers', check: async () => engine.assertHealthy() }, ...recording],
    routes: (app, metrics) => {
      if (recorder) {
        new Gauge({
          name: 'ats_analyses_awaiting_record',
          help: 'Resume analyses the event store refused, waiting in this process to be appended again',
          registers: [metrics.registry],
          collect() {
            this.set(recorder.retry.size);
          },
        });
      }
      routes(app, metrics);
    },
    // Errors outside the handler (a bad token, the permission matrix, an unknown path) in the spec's shape too.
    problemExtensions: ATS_PROBLEM_EXTENSIONS,
    // Stopped first (workers stop in reverse): one last try at the waiting analyses, the rest logged in full.
    workers: [{ start: () => engine.start(), stop: () => engine.stop() }, ...(recorder ? [{ start: async () => undefined, stop: () => recorder.retry.stop() }] : [])],
    close: async () => options.store?.close(),
    // OCR of a scanned page can take several seconds: let in-flight analyses finish on shutdown.
    drainTimeoutMs: 30_000,
  };
  return { definition, engine };
}
