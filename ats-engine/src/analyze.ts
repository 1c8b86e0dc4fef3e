import { ATS_FACTORS, atsLabel, type AtsFactor, type FactorDetails, type Industry } from '@placement/domain';
import type { ExtractedDocument } from './extract/types';
import { extractJobTerms, matchJobDescription } from './keywords/job-description';
import { industryLexicon } from './keywords/lexicon';
import { indexText, partitionTerms } from './keywords/matcher';
import { parseResume, type ParsedResume } from './parse/resume';
import type { SectionKind } from './parse/sections';
import { actionVerbScore } from './score/action-verbs';
import { contactInfoScore } from './score/contact-info';
import { educationFormatScore } from './score/education-format';
import { explainFactors, factorPoints } from './score/explain';
import { fileFormatScore } from './score/file-format';
import { formatScore, formattingIssues } from './score/format';
import { keywordMatchScore } from './score/keyword-match';
import { recommendations, type Recommendation } from './score/recommendations';
import { atsScore, FACTORS, type FactorScores } from './score/total';
import { SCORER_VERSION } from './score/version';
import { wordCountScore } from './score/word-count';

/**
 * The reply of POST /analyze: the spec's shape (success, error, ats_score, factorScores,
 * recommendations, keywordAnalysis.industryKeywords, metrics.formattingIssues) plus what a user
 * needs to act on it: the label, job-description keywords matched and missing, the industry
 * keywords still missing, the sections and contact details found, and the counts behind the scores.
 */
export interface AnalysisResponse {
  success: true;
  error: null;
  /** 0 to 100. */
  ats_score: number;
  /** The spec's label for the score (Excellent, Very Good, Good, Needs Improvement, Poor). */
  label: string;
  factorScores: FactorScores;
  recommendations: Recommendation[];
  keywordAnalysis: {
    industry: Industry;
    /** Category to the industry keywords found in the resume. */
    industryKeywords: Record<string, string[]>;
    /** Category to the industry keywords not found, most important first. */
    missingIndustryKeywords: Record<string, string[]>;
    /** Null when no job description was sent (or it named nothing to match). */
    jobDescription: { matched: string[]; missing: string[]; matchRate: number } | null;
  };
  metrics: {
    formattingIssues: string[];
    wordCount: number;
    pageCount: number | null;
    bulletCount: number;
    statementCount: number;
    actionVerbStatements: number;
    quantifiedStatements: number;
    fileType: ExtractedDocument['format'];
    scannedPages: number[];
    columns: number;
    ocrConfidence: number | null;
  };
  sections: { found: SectionKind[]; missing: SectionKind[] };
  contact: { name: string | null; email: string | null; phone: string | null; links: string[] };
  skills: string[];
  /** The scoring rules that gave these scores (score/version.ts). */
  scorerVersion: string;
  /** Each factor's points in ats_score with the evidence it was computed from (score/explain.ts). */
  factorDetails: FactorDetails;
  /** The ResumeAnalysed event that keeps the result in the student's history; null until recorded (http.ts). */
  analysis: { id: string; position: number } | null;
}

export interface AnalysisResult {
  response: AnalysisResponse;
  parsed: ParsedResume;
}

const CORE_SECTIONS: SectionKind[] = ['summary', 'education', 'experience', 'projects', 'skills', 'certifications'];
const round2 = (n: number) => Math.round(n * 100) / 100;

/** What a ResumeAnalysed event keeps of an analysis: the score, each factor's score and points, the scorer. */
export interface AnalysisScores {
  scorerVersion: string;
  fileType: ExtractedDocument['format'];
  atsScore: number;
  label: string;
  factors: Record<AtsFactor, { score: number; points: number }>;
}

/**
 * A scored document: the scores are known, the reply (recommendations, evidence) is built by
 * `describe`, so that the event keeping the scores can be appended while the reply is put together.
 */
export interface ScoredDocument {
  scores: AnalysisScores;
  parsed: ParsedResume;
  describe(): AnalysisResponse;
}

/** The event's part of a reply (the same numbers as its factorDetails). */
export const scoresOf = (response: AnalysisResponse): AnalysisScores => ({
  scorerVersion: response.scorerVersion,
  fileType: response.metrics.fileType,
  atsScore: response.ats_score,
  label: response.label,
  factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: response.factorDetails[f].score, points: response.factorDetails[f].points }])) as AnalysisScores['factors'],
});

/** Parsing and scoring of extracted lines. Pure and deterministic. */
export function analyzeDocument(document: ExtractedDocument, industry: Industry, jobDescription?: string): AnalysisResult {
  const scored = scoreDocument(document, industry, jobDescription);
  return { response: scored.describe(), parsed: scored.parsed };
}

/** Parsing and scoring: the scores at once, the reply on demand. Pure and deterministic. */
export function scoreDocument(document: ExtractedDocument, industry: Industry, jobDescription?: string): ScoredDocument {
  const parsed = parseResume(document);
  const resumeIndex = indexText(parsed.text);

  const lexicon = industryLexicon(industry);
  const industryKeywords: Record<string, string[]> = {};
  const missingIndustryKeywords: Record<string, string[]> = {};
  let industryFound = 0;
  for (const category of lexicon.categories) {
    const { found, missing } = partitionTerms(category.terms, resumeIndex);
    industryKeywords[category.name] = found.map((t) => t.display);
    missingIndustryKeywords[category.name] = missing.map((t) => t.display);
    industryFound += found.length;
  }

  const jobTerms = jobDescription ? extractJobTerms(jobDescription) : [];
  const job = jobTerms.length > 0 ? matchJobDescription(jobTerms, resumeIndex) : undefined;
  const jobRate = job?.rate;

  const verbLed = parsed.statements.filter((s) => s.verb);
  const quantified = parsed.statements.filter((s) => s.quantified).length;
  const contactFound = {
    email: Boolean(parsed.contact.email),
    phone: Boolean(parsed.contact.phone),
    name: Boolean(parsed.contact.name),
    link: parsed.contact.links.length > 0,
  };
  const issues = formattingIssues({
    format: document.format,
    sections: parsed.sectionKinds,
    bulletCount: parsed.statements.filter((s) => s.bullet).length,
    denseParagraphs: parsed.denseParagraphs,
    columns: document.columns,
    dateStyles: parsed.dateStyles,
    pageCount: document.pageCount,
    scannedPages: document.ocrPages,
    contactOnlyInHeaderFooter: parsed.contactOnlyInHeaderFooter,
    tables: document.tables,
    images: document.images,
    wordCount: parsed.wordCount,
    ocrConfidence: document.ocrConfidence,
  });
  const education = {
    section: parsed.education.sectionPresent,
    degree: Boolean(parsed.education.degree),
    institution: Boolean(parsed.education.institution),
    year: Boolean(parsed.education.year),
    grade: Boolean(parsed.education.grade),
  };

  const factors: FactorScores = {
    keyword_match: keywordMatchScore(industryFound, jobRate),
    format_score: formatScore(issues),
    word_count: wordCountScore(parsed.wordCount),
    action_verbs: actionVerbScore({
      statements: parsed.statements.length,
      verbLed: verbLed.length,
      distinctVerbs: new Set(verbLed.map((s) => s.verb!.toLowerCase())).size,
    }),
    file_format: fileFormatScore(document.format, document.pageCount, document.ocrPages.length),
    contact_info: contactInfoScore(contactFound),
    education_format: educationFormatScore(education),
  };
  const score = atsScore(factors);
  const label = atsLabel(score);
  const scores: AnalysisScores = {
    scorerVersion: SCORER_VERSION,
    fileType: document.format,
    atsScore: score,
    label,
    // As score/explain.ts reports them in factorDetails (score clamped to 0..1 and rounded, points).
    factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: round2(Math.min(1, Math.max(0, factors[f]))), points: factorPoints(f, factors[f]) }])) as AnalysisScores['factors'],
  };

  // The reply: recommendations and evidence, not needed for the scores.
  const describe = (): AnalysisResponse => {
    const allMissing = lexicon.categories.flatMap((c) => missingIndustryKeywords[c.name] ?? []);
    const response: AnalysisResponse = {
      success: true,
      error: null,
      ats_score: score,
      label,
      factorScores: Object.fromEntries(FACTORS.map((f) => [f, round2(factors[f])])) as FactorScores,
      recommendations: recommendations({
        industryLabel: lexicon.label,
        industryFound,
        industryMissing: allMissing,
        job: job && jobRate !== undefined ? { matched: job.matched, missing: job.missing, rate: jobRate } : undefined,
        contact: contactFound,
        statements: parsed.statements.length,
        verbLed: verbLed.length,
        weakExamples: parsed.statements.filter((s) => !s.verb).map((s) => s.text),
        quantified,
        wordCount: parsed.wordCount,
        format: document.format,
        issues,
        education,
      }),
      keywordAnalysis: {
        industry,
        industryKeywords,
        missingIndustryKeywords,
        jobDescription: job && jobRate !== undefined ? { matched: job.matched, missing: job.missing, matchRate: round2(jobRate) } : null,
      },
      metrics: {
        formattingIssues: issues.map((i) => i.message),
        wordCount: parsed.wordCount,
        pageCount: document.pageCount,
        bulletCount: parsed.bulletCount,
        statementCount: parsed.statements.length,
        actionVerbStatements: verbLed.length,
        quantifiedStatements: quantified,
        fileType: document.format,
        scannedPages: document.ocrPages,
        columns: document.columns,
        ocrConfidence: document.ocrConfidence === undefined ? null : Math.round(document.ocrConfidence),
      },
      sections: { found: parsed.sectionKinds, missing: CORE_SECTIONS.filter((k) => !parsed.sectionKinds.includes(k)) },
      contact: {
        name: parsed.contact.name ?? null,
        email: parsed.contact.email ?? null,
        phone: parsed.contact.phone ?? null,
        links: parsed.contact.links,
      },
      skills: parsed.skills,
      scorerVersion: SCORER_VERSION,
      factorDetails: explainFactors(factors, {
        industryFound: lexicon.categories.flatMap((c) => industryKeywords[c.name] ?? []),
        industryMissing: allMissing,
        job: job && jobRate !== undefined ? { matched: job.matched, missing: job.missing, rate: jobRate } : undefined,
        statements: parsed.statements,
        issues,
        wordCount: parsed.wordCount,
        fileType: document.format,
        pageCount: document.pageCount,
        scannedPages: document.ocrPages,
        contact: contactFound,
        education,
      }),
      analysis: null,
    };
    return response;
  };
  return { scores, parsed, describe };
}

/** An analysis as kept by the reply cache: the reply without its `analysis`, the scores, the word count. */
export interface CachedAnalysis {
  response: AnalysisResponse;
  scores: AnalysisScores;
  wordCount: number;
}

/**
 * Replies to repeated analyses (the same student sending the same file with the same industry and
 * job description, e.g. again after a reload): parsing and scoring are pure and deterministic, so the
 * key is what they read, the scorer version included. Bounded in entries and age; per student, so
 * nobody learns from a reply's speed that someone else sent the same file. Only the reply is cached:
 * every check is still recorded (http.ts).
 */
export class AnalysisCache {
  private readonly entries = new Map<string, { value: CachedAnalysis; storedAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  static key(parts: { studentId: string; fileHash: string; format: ExtractedDocument['format']; industry: Industry; jobDescriptionHash: string | null }): string {
    return [SCORER_VERSION, parts.studentId, parts.fileHash, parts.format, parts.industry, parts.jobDescriptionHash ?? ''].join('\u0000');
  }

  get(key: string): CachedAnalysis | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt > this.options.ttlMs) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: CachedAnalysis): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
