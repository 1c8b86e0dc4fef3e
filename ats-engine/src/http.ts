import type { Express, NextFunction, Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Logger } from 'pino';
import { z } from 'zod';
import { DEFAULT_INDUSTRY, INDUSTRIES, resumeAnalysisReplySchema, type Industry, type Role } from '@placement/domain';
import {
  actorOf,
  ATS_OPENAPI_PATH,
  authenticateToken,
  Counter,
  FILE_REFUSALS,
  Histogram,
  mountRoutes,
  openApiDocument,
  sendProblem,
  sniffType,
  type ProblemExtensions,
  type RouteSpec,
  type ServiceMetrics,
  type TokenSettings,
} from '@placement/platform';
import { AnalysisCache, scoreDocument, type AnalysisResponse, type AnalysisScores } from './analyze';
import type { ExtractionEngine } from './extract/engine';
import { ExtractionFailure } from './extract/pool';
import type { WorkerError } from './extract/protocol';
import type { ResumeFormat } from './extract/types';
import { sha256, type AnalysisRecorder } from './record';

/**
 * POST /analyze (multipart: resume, industry, job_description), for signed-in students only (the
 * spec's /cv is a student screen; a scanned page costs seconds of OCR), declared like every other
 * route (platform's mountRoutes: the token, the permission matrix's `resume.analyze`, zod over the
 * form's fields, OpenAPI). Every failure is the platform's problem details with the spec's shape
 * { success: false, error } as extension members, and a status that says whose problem it is: 400 a
 * bad request, 401 no valid token, 403 not a student, 413 too large, 415 not a PDF or Word file,
 * 422 a file we cannot read, 503 busy. A student sending the same file with the same industry and
 * job description again is answered from a reply cache (`Cache-Control: no-cache` asks for a fresh
 * analysis); every check, cached or not, is recorded before the reply. Each reply's Server-Timing
 * says where its time went (upload, extract, score, describe, record, total).
 */

export const MAX_JOB_DESCRIPTION_CHARS = 20_000;
/** Fewer words than this is no resume text (a blank scan, an empty document). */
const MIN_WORDS = 10;

export const MESSAGES = {
  noFile: 'Please select a file first.',
  wrongType: 'Please upload a PDF or Word document.',
  empty: 'The file is empty. Please upload a PDF or Word document.',
  tooLarge: (mb: string) => `The file is larger than ${mb}. Please upload a smaller PDF or Word document.`,
  badIndustry: (value: string) => `Unknown industry '${value.slice(0, 40)}'. Choose one of: ${INDUSTRIES.join(', ')}.`,
  jobDescriptionTooLong: `The job description is too long (at most ${MAX_JOB_DESCRIPTION_CHARS.toLocaleString('en-US')} characters).`,
  noText: 'No readable text was found in this file. If it is a scan or a photo, upload a text-based PDF or Word document instead.',
  busy: 'The resume checker is busy. Please try again in a minute.',
  signIn: 'Authentication required',
  studentsOnly: 'You do not have permission to do this',
  internal: 'The resume could not be analysed. Please try again.',
} as const;

const kindName = (format: ResumeFormat) => (format === 'pdf' ? 'PDF' : 'Word document');

export function failureMessage(error: WorkerError, format: ResumeFormat): { status: number; message: string } {
  const d = error.detail ?? {};
  switch (error.code) {
    case 'encrypted':
      return {
        status: 422,
        message:
          format === 'pdf'
            ? 'This PDF is password-protected. Remove the password (for example, print it to a new PDF) and upload it again.'
            : FILE_REFUSALS.encrypted('Word document'),
      };
    case 'corrupt':
      return { status: 422, message: FILE_REFUSALS.damaged(kindName(format)) };
    case 'too_many_pages':
      return { status: 422, message: `This PDF has ${d.pages} pages. A resume can have at most ${d.limit}; please upload a shorter file.` };
    case 'too_many_scanned_pages':
      return { status: 422, message: `${d.pages} pages of this PDF have no selectable text (scans or images); we can read at most ${d.limit}. Please upload a text-based PDF.` };
    case 'zip_bomb':
      return { status: 422, message: FILE_REFUSALS.zipBomb(d.limitMb ?? 64) };
    case 'not_a_resume_document':
      return { status: 415, message: MESSAGES.wrongType };
    case 'timeout':
      return { status: 422, message: `This ${kindName(format)} took too long to read. Please upload a simpler PDF or Word document.` };
    case 'busy':
    case 'stopped':
      return { status: 503, message: MESSAGES.busy };
    case 'crashed':
    default:
      return { status: 422, message: `This ${kindName(format)} could not be read. Please export it again as PDF or DOCX and retry.` };
  }
}

/** The spec's analysis shape on every problem reply: `success: false` and `error`, the words to show. */
export const ATS_PROBLEM_EXTENSIONS: ProblemExtensions = (problem) => ({ success: false, error: problem.detail });

const fail = (res: Response, status: number, message: string) =>
  sendProblem(res.req, res, { status, message, retryAfterSeconds: status === 503 ? 30 : undefined }, ATS_PROBLEM_EXTENSIONS);

/** The form's text fields (the file is checked by its bytes in the handler). */
const analyzeForm = z.object({
  industry: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (INDUSTRIES as readonly string[]).includes(value), { error: (issue) => MESSAGES.badIndustry(String(issue.input ?? '').trim()) }),
  job_description: z.string().trim().max(MAX_JOB_DESCRIPTION_CHARS, MESSAGES.jobDescriptionTooLong).optional(),
});

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`);

export interface AnalyzeRouteOptions {
  engine: ExtractionEngine;
  maxResumeBytes: number;
  logger: Logger;
  /** The command side's token settings: a token it issued is checked here by signature and expiry. */
  tokens: TokenSettings;
  /** Keeps each successful analysis as a ResumeAnalysed event (record.ts); without one, nothing is kept. */
  recorder?: AnalysisRecorder;
  /** Replies kept for repeated analyses (analyze.ts `AnalysisCache`); false: none. */
  cache?: { maxEntries: number; ttlMs: number } | false;
}

/** A student re-sending the same file within minutes (a reload, a second look): answered without reading it again. */
export const DEFAULT_ANALYSIS_CACHE = { maxEntries: 500, ttlMs: 15 * 60_000 };

/** `Cache-Control: no-cache` (or `no-store`) on the request: analyse afresh, not from the reply cache. */
const wantsFresh = (req: Request) => /\bno-(?:cache|store)\b/i.test(req.get('cache-control') ?? '');
/** `Cache-Control: no-store`: nor is this reply kept. */
const forbidsStoring = (req: Request) => /\bno-store\b/i.test(req.get('cache-control') ?? '');

const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export function analyzeRoutes({ engine, maxResumeBytes, logger, tokens, recorder, cache: cacheOptions = DEFAULT_ANALYSIS_CACHE }: AnalyzeRouteOptions) {
  return (app: Express, metrics: ServiceMetrics): void => {
    const outcomes = new Counter({
      name: 'ats_analyses_total',
      help: 'Resume analyses by file type and outcome',
      labelNames: ['type', 'outcome'],
      registers: [metrics.registry],
    });
    const duration = new Histogram({
      name: 'ats_analysis_duration_seconds',
      help: 'Extraction, parsing and scoring time of one resume',
      labelNames: ['type', 'ocr'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers: [metrics.registry],
    });

    const cacheResults = new Counter({
      name: 'ats_analysis_cache_total',
      help: 'Analyses answered from the reply cache (hit), analysed (miss), or analysed afresh on request (bypass)',
      labelNames: ['result'],
      registers: [metrics.registry],
    });
    const cache = cacheOptions ? new AnalysisCache(cacheOptions) : undefined;

    const upload = multer({
      storage: multer.memoryStorage(),
      defParamCharset: 'utf8',
      limits: { fileSize: maxResumeBytes, files: 1, fields: 10, fieldSize: 4 * MAX_JOB_DESCRIPTION_CHARS + 1024, parts: 12 },
    }).single('resume');

    const parseUpload = (req: Request, res: Response, next: NextFunction) => {
      const receiving = process.hrtime.bigint();
      upload(req, res, (error: unknown) => {
        res.locals.uploadMs = msSince(receiving);
        if (!error) return next();
        if (error instanceof MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') return fail(res, 413, MESSAGES.tooLarge(sizeText(maxResumeBytes)));
          if (error.code === 'LIMIT_UNEXPECTED_FILE') return fail(res, 400, `Send one resume file in the 'resume' field (got '${String(error.field).slice(0, 40)}').`);
          if (error.code === 'LIMIT_FIELD_VALUE') return fail(res, 400, MESSAGES.jobDescriptionTooLong);
          return fail(res, 400, `Invalid upload: ${error.message}.`);
        }
        return fail(res, 400, 'The upload could not be read. Please choose the file again.');
      });
    };

    const analyze = async (req: Request, res: Response) => {
      const file = req.file;
      if (!file) return fail(res, 400, MESSAGES.noFile);
      if (file.size === 0) return fail(res, 400, MESSAGES.empty);
      const sniffed = sniffType(file.buffer);
      if (sniffed !== 'pdf' && sniffed !== 'docx' && sniffed !== 'doc') {
        outcomes.inc({ type: 'other', outcome: 'wrong_type' });
        return fail(res, 415, MESSAGES.wrongType);
      }
      const format: ResumeFormat = sniffed;
      const form = res.locals.body as z.infer<typeof analyzeForm>;
      const industry = (form.industry || DEFAULT_INDUSTRY) as Industry;
      const jobDescription = form.job_description ?? '';

      const student = actorOf(res) as { id: string; role: Role };
      const started = process.hrtime.bigint();
      /** Server-Timing: where this request's time went (bench/ats.ts prints it). */
      const timings: string[] = [`upload;dur=${Number(res.locals.uploadMs ?? 0).toFixed(2)}`];
      try {
        // Hashed once: the cache's key and the event's fileHash.
        const fileHash = sha256(file.buffer);
        const jobDescriptionHash = jobDescription ? sha256(jobDescription) : null;
        const key = AnalysisCache.key({ studentId: student.id, fileHash, format, industry, jobDescriptionHash });
        const fresh = wantsFresh(req);
        const cached = cache && !fresh ? cache.get(key) : undefined;
        if (cache) cacheResults.inc({ result: cached ? 'hit' : fresh ? 'bypass' : 'miss' });

        let scores: AnalysisScores;
        let describe: () => AnalysisResponse;
        if (cached) {
          timings.push('cache;desc=hit');
          scores = cached.scores;
          describe = () => cached.response;
        } else {
          const extracting = process.hrtime.bigint();
          const document = await engine.extract(file.buffer, format);
          timings.push(`extract;dur=${msSince(extracting).toFixed(2)}`);
          const scoring = process.hrtime.bigint();
          const scored = scoreDocument(document, industry, jobDescription || undefined);
          timings.push(`score;dur=${msSince(scoring).toFixed(2)}`);
          if (scored.parsed.wordCount < MIN_WORDS) {
            outcomes.inc({ type: format, outcome: 'no_text' });
            return fail(res, 422, MESSAGES.noText);
          }
          duration.observe({ type: format, ocr: String(document.ocrPages.length > 0) }, Number(process.hrtime.bigint() - started) / 1e9);
          scores = scored.scores;
          describe = () => {
            const response = scored.describe();
            if (!forbidsStoring(req)) cache?.set(key, { response, scores, wordCount: scored.parsed.wordCount });
            return response;
          };
        }
        outcomes.inc({ type: format, outcome: 'ok' });

        // The event keeps the scores, so it is appended as soon as they are known, while the rest of
        // the reply (recommendations, evidence) is put together; the reply still waits for it, since
        // it names where the event landed (an append the store refuses answers analysis: null at once
        // and is retried in the background by the recorder's queue, record-retry.ts).
        const recording = process.hrtime.bigint();
        const kept = recorder
          ? recorder({ student, fileHash, industry, jobDescriptionHash, scores }, String(res.locals.correlationId)).catch((error: unknown) => {
              logger.warn({ err: error, studentId: student.id }, 'resume analysis not recorded');
              return null;
            })
          : Promise.resolve(null);
        // Let the append's request go out before the synchronous work below.
        if (recorder && !cached) await new Promise<void>((resolve) => setImmediate(resolve));
        const describing = process.hrtime.bigint();
        const response = describe();
        if (!cached) timings.push(`describe;dur=${msSince(describing).toFixed(2)}`);
        const analysis = await kept;
        if (recorder) timings.push(`record;dur=${msSince(recording).toFixed(2)}`);
        timings.push(`total;dur=${msSince(started).toFixed(2)}`);
        res.setHeader('Server-Timing', timings.join(', '));
        if (analysis) res.setHeader('X-Consistency-Position', String(analysis.position));
        res.json({ ...response, analysis });
      } catch (error) {
        if (error instanceof ExtractionFailure) {
          const { status, message } = failureMessage(error.failure, format);
          outcomes.inc({ type: format, outcome: error.failure.code });
          logger.info({ code: error.failure.code, detail: error.failure.message, type: format }, 'resume refused');
          return fail(res, status, message);
        }
        outcomes.inc({ type: format, outcome: 'error' });
        logger.error({ err: error, type: format }, 'resume analysis failed');
        return fail(res, 500, MESSAGES.internal);
      }
    };

    /**
     * The bearer token's signature, expiry and role only: the engine reads no accounts, so a token
     * whose sessions ended (password change or reset, suspension, role change, deletion) still
     * analyses resumes here until it expires, which shows nothing of the account (docs/decisions.md).
     * Checked before the upload is read, so a visitor's file is never buffered.
     */
    const routes: RouteSpec[] = [
      {
        method: 'post',
        paths: ['/analyze'],
        action: 'resume.analyze',
        summary: 'Extract a resume (PDF, DOCX or DOC) and score it for automated screening',
        tags: ['resume'],
        multipart: {
          fields: { industry: `one of ${INDUSTRIES.join(', ')} (default ${DEFAULT_INDUSTRY})`, job_description: `text to match keywords against, at most ${MAX_JOB_DESCRIPTION_CHARS} characters` },
          files: { resume: 'the resume: PDF, DOCX or DOC' },
        },
        before: [parseUpload],
        body: analyzeForm,
        responds: {
          status: 200,
          description:
            "The analysis: the spec's fields (ats_score, factorScores, recommendations, keywordAnalysis, metrics), the label, the scorer version, each factor's points with its evidence (factorDetails), the extracted sections and contact, and the ResumeAnalysed event that keeps the check",
          schema: resumeAnalysisReplySchema,
        },
        handler: analyze,
      },
    ];
    const document = openApiDocument(routes, { title: 'Placement Portal API — resume analysis', version: '1.0.0' }, { pathPrefix: '/ats', problemExtension: z.object({ success: z.literal(false), error: z.string() }) });
    app.get(ATS_OPENAPI_PATH, (_req, res) => {
      res.json(document);
    });
    mountRoutes(app, routes, authenticateToken(tokens));

    // Anything else under /analyze (GET, a malformed body) still answers in the analysis shape.
    app.all('/analyze', (_req, res) => fail(res, 405, 'Use POST with a multipart form: resume, industry, job_description.'));
  };
}
