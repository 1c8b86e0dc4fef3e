import { z } from 'zod';
import { INDUSTRIES } from '../constants';

/**
 * The resume check's contracts: the reply of POST {resume-analysis service}/analyze (spec §3 and §7,
 * plus what the engine adds beside the spec's fields) and the history of a student's analyses.
 * The ATS engine builds the reply, the gateway's API description documents it, the /cv screen reads it.
 */

/** The spec's factors (§3), in its order. */
export const ATS_FACTORS = ['keyword_match', 'format_score', 'word_count', 'action_verbs', 'file_format', 'contact_info', 'education_format'] as const;
export type AtsFactor = (typeof ATS_FACTORS)[number];

export const RESUME_FILE_TYPES = ['pdf', 'docx', 'doc'] as const;

const keywordList = z.array(z.string());
const presence = <Item extends string>(items: readonly [Item, ...Item[]]) =>
  z.object({ items: z.array(z.object({ item: z.enum(items), found: z.boolean(), weight: z.number().describe('share of the factor (0 to 1) this item earns when found') })) });

/** Why each factor scored what it did: what was counted, found and missing. */
export const factorEvidenceSchemas = {
  keyword_match: z.object({
    industryFound: keywordList.describe('terms of the chosen industry found in the resume'),
    industryMissing: keywordList.describe('terms of the chosen industry not found, most important first'),
    industryTarget: z.number().int().describe('industry terms that earn the whole industry share'),
    jobDescription: z
      .object({ matched: keywordList, missing: keywordList, matchRate: z.number().min(0).max(1) })
      .nullable()
      .describe('null when no job description was sent'),
  }),
  format_score: z.object({
    issues: z.array(z.object({ id: z.string(), penalty: z.number().describe('subtracted from the factor (0 to 1)'), message: z.string() })),
  }),
  word_count: z.object({ words: z.number().int(), idealMin: z.number().int(), idealMax: z.number().int() }),
  action_verbs: z.object({
    statements: z.number().int().describe('bullets and statements of experience, projects and similar sections'),
    verbLed: z.array(z.string()).describe('statements opening with an action verb'),
    distinctVerbs: z.array(z.string()),
    withoutVerb: z.array(z.string()).describe('statements not opening with an action verb'),
    quantified: z.array(z.string()).describe('statements counted as quantified (a number, percentage, amount or rank)'),
  }),
  file_format: z.object({ fileType: z.enum(RESUME_FILE_TYPES), pageCount: z.number().int().nullable(), scannedPages: z.array(z.number().int()) }),
  contact_info: presence(['email', 'phone', 'name', 'link'] as const),
  education_format: presence(['section', 'degree', 'institution', 'year', 'grade'] as const),
} satisfies Record<AtsFactor, z.ZodType>;

const detail = <Evidence extends z.ZodType>(evidence: Evidence) =>
  z.object({
    weight: z.number().describe('weight of the factor in ats_score (the weights add up to 1)'),
    score: z.number().min(0).max(1).describe('the factor, 0 to 1 (as in factorScores)'),
    points: z.number().describe('what the factor adds to ats_score: 100 × weight × score, one decimal'),
    maxPoints: z.number().describe('100 × weight'),
    evidence,
  });

export const factorDetailsSchema = z
  .object({
    keyword_match: detail(factorEvidenceSchemas.keyword_match),
    format_score: detail(factorEvidenceSchemas.format_score),
    word_count: detail(factorEvidenceSchemas.word_count),
    action_verbs: detail(factorEvidenceSchemas.action_verbs),
    file_format: detail(factorEvidenceSchemas.file_format),
    contact_info: detail(factorEvidenceSchemas.contact_info),
    education_format: detail(factorEvidenceSchemas.education_format),
  })
  .describe("Each factor's contribution in points with its evidence; the points add up to ats_score (up to rounding).");
export type FactorDetails = z.infer<typeof factorDetailsSchema>;
export type FactorDetail = FactorDetails[AtsFactor];

const factorScoresSchema = z.object(Object.fromEntries(ATS_FACTORS.map((f) => [f, z.number().min(0).max(1)])) as Record<AtsFactor, z.ZodNumber>);

export const SCORER_VERSION_PATTERN = /^\d+\.\d+\.\d+$/;
const scorerVersion = z.string().regex(SCORER_VERSION_PATTERN).describe('version of the scoring rules (formulas, weights, keyword lists) that produced the scores');

/** The reply of POST /analyze: the spec's fields word for word, then the engine's additions. */
export const resumeAnalysisReplySchema = z.object({
  success: z.literal(true),
  error: z.null(),
  ats_score: z.number().int().min(0).max(100),
  factorScores: factorScoresSchema,
  recommendations: z.array(z.object({ priority: z.enum(['high', 'medium', 'low']), category: z.string(), recommendation: z.string() })),
  keywordAnalysis: z.object({
    industryKeywords: z.record(z.string(), keywordList),
    industry: z.enum(INDUSTRIES),
    missingIndustryKeywords: z.record(z.string(), keywordList),
    jobDescription: z.object({ matched: keywordList, missing: keywordList, matchRate: z.number() }).nullable(),
  }),
  metrics: z.object({
    formattingIssues: z.array(z.string()),
    wordCount: z.number().int(),
    pageCount: z.number().int().nullable(),
    bulletCount: z.number().int(),
    statementCount: z.number().int(),
    actionVerbStatements: z.number().int(),
    quantifiedStatements: z.number().int(),
    fileType: z.enum(RESUME_FILE_TYPES),
    scannedPages: z.array(z.number().int()),
    columns: z.number().int(),
    ocrConfidence: z.number().nullable(),
  }),
  label: z.string(),
  scorerVersion,
  factorDetails: factorDetailsSchema,
  sections: z.object({ found: z.array(z.string()), missing: z.array(z.string()) }),
  contact: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), links: z.array(z.string()) }),
  skills: z.array(z.string()),
  analysis: z
    .object({ id: z.string(), position: z.number().int().describe('send back as X-Consistency-Position to read the history with this analysis in it') })
    .nullable()
    .describe("the ResumeAnalysed event that keeps this result in the student's history; null when the event store did not take it yet: the engine keeps it and retries in the background (its /ready names how many wait)"),
});
export type ResumeAnalysisReply = z.infer<typeof resumeAnalysisReplySchema>;

/** Every failure of POST /analyze, in the spec's shape. */
export const resumeAnalysisFailureSchema = z.object({ success: z.literal(false), error: z.string() });

/** A factor as kept in the history: its score and points, so that two scorer versions compare per factor. */
export const keptFactorSchema = z.object({ score: z.number().min(0).max(1), points: z.number() });

/** One analysis in a student's history (the `resume_analyses` read model, one document per ResumeAnalysed). */
export const resumeAnalysisEntrySchema = z.object({
  analysisId: z.string(),
  studentId: z.string(),
  analysedAt: z.string().describe('ISO 8601'),
  scorerVersion,
  fileHash: z.string().describe('SHA-256 of the resume file, hex: the same file checked twice has the same hash'),
  fileType: z.enum(RESUME_FILE_TYPES),
  industry: z.enum(INDUSTRIES),
  jobDescriptionHash: z.string().nullable().describe('SHA-256 of the job description checked against, hex; null without one'),
  atsScore: z.number().int().min(0).max(100),
  label: z.string(),
  factors: z.object(Object.fromEntries(ATS_FACTORS.map((f) => [f, keptFactorSchema])) as Record<AtsFactor, typeof keptFactorSchema>),
});
export type ResumeAnalysisEntry = z.infer<typeof resumeAnalysisEntrySchema>;

/** GET of a student's analyses, oldest first. */
export const resumeAnalysisHistorySchema = z.object({ analyses: z.array(resumeAnalysisEntrySchema) });
export type ResumeAnalysisHistory = z.infer<typeof resumeAnalysisHistorySchema>;
