import { useEffect, useState } from 'react';
import { ScoreOverTime } from '../../../shared/components/ScoreOverTime';
import type { ResumeAnalysisEntry } from '@placement/domain';
import { resumeChecksApi } from './api';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * An admin's view of a student's resume checks (User Management's student details and Application
 * Details): the scores in order, the latest with its scorer version, and the score over time.
 */
export function StudentResumeChecks({ studentId }: { studentId: string }) {
  const [analyses, setAnalyses] = useState<ResumeAnalysisEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    resumeChecksApi.studentHistory(studentId).then(
      (reply) => current && setAnalyses(Array.isArray(reply.data?.analyses) ? reply.data.analyses : []),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [studentId]);
  if (failed) return <>Could not be loaded</>;
  if (analyses === null) return <>Loading...</>;
  if (analyses.length === 0) return <>No checks yet</>;
  const latest = analyses.at(-1)!;
  return (
    <div className="resume-checks">
      <p>
        {analyses.length} check{analyses.length === 1 ? '' : 's'}: {analyses.map((a) => a.atsScore).join(' → ')}. Latest {latest.atsScore} ({latest.label}) on {shortDate(latest.analysedAt)}, scorer version{' '}
        {latest.scorerVersion}.
      </p>
      <ScoreOverTime analyses={analyses} height={160} />
    </div>
  );
}
