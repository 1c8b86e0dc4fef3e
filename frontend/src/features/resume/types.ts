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
}
