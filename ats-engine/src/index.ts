export { analyzeDocument, type AnalysisResponse } from './analyze';
export { createExtractionEngine, DEFAULT_LIMITS, type EngineOptions, type ExtractionEngine } from './extract/engine';
export type { ExtractedDocument, ResumeFormat } from './extract/types';
export { atsEngineService } from './service';
