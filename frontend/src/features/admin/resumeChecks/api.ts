import type { ResumeAnalysisHistory } from '@placement/domain';
import { http } from '../../../shared/api/http';

export const resumeChecksApi = {
  /** An admin's view of one student's resume checks. */
  studentHistory: (studentId: string) => http.get<ResumeAnalysisHistory>(`/api/admin/users/${encodeURIComponent(studentId)}/resume-analyses`),
};
