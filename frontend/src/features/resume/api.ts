import { http } from '../../shared/api/http';
import type { AnalysisResponse, ResumeAnalysisHistory } from './types';

export interface AnalysisRequest {
  industry: string;
  jobDescription: string;
}

/** The resume-analysis service behind the gateway (spec §7: POST {service}/analyze). */
export const ANALYZE_PATH = '/ats/analyze';

export function analysisFormData(request: AnalysisRequest, resume: File): FormData {
  const body = new FormData();
  body.append('resume', resume);
  body.append('industry', request.industry);
  // Spec §5: the job description is sent only if it is not blank after trimming.
  if (request.jobDescription.trim() !== '') body.append('job_description', request.jobDescription.trim());
  return body;
}

/** The signed-in student's checks over time (query-api, from ResumeAnalysed). */
export const HISTORY_PATH = '/api/resume-analyses/me';

export const resumeApi = {
  analyze: (request: AnalysisRequest, resume: File) => http.post<AnalysisResponse>(ANALYZE_PATH, analysisFormData(request, resume)),
  history: () => http.get<ResumeAnalysisHistory>(HISTORY_PATH),
};
