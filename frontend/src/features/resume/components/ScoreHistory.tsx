import { ATS_FACTORS, type ResumeAnalysisEntry } from '@placement/domain';
import { ScoreOverTime } from '../../../shared/components/ScoreOverTime';
import { humanize } from '../format';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A student's checks over time (ResumeAnalysed, oldest first): the score as a line, each check with
 * its scorer version and file, and the last two compared factor by factor, so a better resume and a
 * new scorer version can be told apart.
 */
export function ScoreHistory({ analyses, status }: { analyses: readonly ResumeAnalysisEntry[]; status: 'idle' | 'loading' | 'loaded' | 'failed' }) {
  const latest = analyses.at(-1);
  const previous = analyses.at(-2);
  const versions = new Set(analyses.map((a) => a.scorerVersion));
  return (
    <section className="student-card ats-history" aria-labelledby="ats-history-title">
      <h2 id="ats-history-title">Your Score Over Time</h2>
      {status === 'failed' && <p className="ats-empty">Your earlier checks could not be loaded.</p>}
      {status === 'loading' && analyses.length === 0 && <p className="ats-empty">Loading your earlier checks...</p>}
      {status === 'loaded' && analyses.length === 0 && <p className="ats-empty">No checks yet: your scores will appear here after your first check.</p>}
      <ScoreOverTime analyses={analyses} />
      {analyses.length > 0 && (
        <table className="ats-history__table">
          <caption className="visually-hidden">Your checks, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Score</th>
              <th scope="col">Change</th>
              <th scope="col">Scorer version</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {analyses.map((a, index) => {
              const before = analyses[index - 1];
              return (
                <tr key={a.analysisId}>
                  <td>{shortDate(a.analysedAt)}</td>
                  <td>
                    {a.atsScore} ({a.label})
                  </td>
                  <td>{before ? signed(a.atsScore - before.atsScore) : '—'}</td>
                  <td>{a.scorerVersion}</td>
                  <td>
                    <span title={a.fileHash}>{before?.fileHash === a.fileHash ? 'same file' : `${a.fileType.toUpperCase()} ${a.fileHash.slice(0, 8)}`}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {latest && previous && (
        <>
          <h3>Latest check against the one before, factor by factor</h3>
          {previous.scorerVersion !== latest.scorerVersion && (
            <p className="ats-history__note">
              The scorer changed from version {previous.scorerVersion} to {latest.scorerVersion} between these checks
              {previous.fileHash === latest.fileHash ? ': the file is the same, so the change is the scorer’s.' : '.'}
            </p>
          )}
          <table className="ats-history__table" aria-label="Points per factor, previous and latest check">
            <thead>
              <tr>
                <th scope="col">Factor</th>
                <th scope="col">Before</th>
                <th scope="col">Latest</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {ATS_FACTORS.map((factor) => {
                const was = previous.factors[factor]?.points ?? 0;
                const now = latest.factors[factor]?.points ?? 0;
                return (
                  <tr key={factor}>
                    <th scope="row">{humanize(factor)}</th>
                    <td>{was}</td>
                    <td>{now}</td>
                    <td>{signed(round1(now - was))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      {versions.size > 1 && previous?.scorerVersion === latest?.scorerVersion && (
        <p className="ats-history__note">Your checks span scorer versions {[...versions].join(', ')}; compare scores of the same version.</p>
      )}
    </section>
  );
}
