import type { FactorDetails } from '@placement/domain';

/** The reply of POST /ats/analyze (spec §3, plus the extras the engine sends). Every part is optional to the screen. */
export interface Recommendation {
  priority?: string;
  category?: string;
  recommendation: string;
}

export interface AnalysisResponse {
  success: boolean;
  error?: string | null;
  /** 0 to 100. */
  ats_score?: number;
  label?: string;
  factorScores?: Record<string, number>;
  recommendations?: Recommendation[];
  keywordAnalysis?: {
    industry?: string;
    industryKeywords?: Record<string, string[]>;
    missingIndustryKeywords?: Record<string, string[]>;
    jobDescription?: { matched: string[]; missing: string[]; matchRate: number } | null;
  };
  metrics?: { formattingIssues?: string[]; wordCount?: number; pageCount?: number | null };
  sections?: { found: string[]; missing: string[] };
  contact?: { name: string | null; email: string | null; phone: string | null; links: string[] };
  /** The version of the scoring rules that gave these scores. */
  scorerVersion?: string;
  /** Each factor's points in the score with its evidence (the reply's contract in the domain). */
  factorDetails?: FactorDetails;
  /** The ResumeAnalysed event that keeps this check in the student's history; null when not kept. */
  analysis?: { id: string; position: number } | null;
}

export type { ResumeAnalysisEntry, ResumeAnalysisHistory } from '@placement/domain';
