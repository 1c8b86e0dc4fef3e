import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { byPriority, humanize, percentOf, priorityOf } from '../format';
import type { AnalysisResponse } from '../types';
import { FactorBreakdown } from './FactorBreakdown';
import { ScoreCircle } from './ScoreCircle';

function KeywordGroups({ groups, empty, label }: { groups: Record<string, string[]> | undefined; empty: string; label: string }) {
  const entries = Object.entries(groups ?? {}).filter(([, words]) => Array.isArray(words) && words.length > 0);
  if (entries.length === 0) return <p className="ats-empty">{empty}</p>;
  return (
    <dl className="ats-keywords">
      {entries.map(([group, words]) => (
        <div key={group} className="ats-keywords__group">
          <dt>{humanize(group)}</dt>
          <dd>
            <ul className="tag-list" aria-label={`${label}: ${humanize(group)}`}>
              {words.map((word) => (
                <li key={word} className="tag">
                  {word}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function WordList({ words, label, tone }: { words: string[]; label: string; tone?: 'missing' }) {
  return (
    <ul className="tag-list" aria-label={label}>
      {words.map((word) => (
        <li key={word} className={tone === 'missing' ? 'tag ats-tag--missing' : 'tag'}>
          {word}
        </li>
      ))}
    </ul>
  );
}

/**
 * The analysis (spec §2, §3): score circle with its label, factor bars, prioritised recommendations,
 * industry keywords found and formatting issues, plus the extras the engine returns when present.
 */
export function AnalysisResults({ result, onReplace, onNew }: { result: AnalysisResponse; onReplace: () => void; onNew: () => void }) {
  const percent = percentOf(result.ats_score);
  const factors = Object.entries(result.factorScores ?? {});
  const recommendations = byPriority(result.recommendations ?? []);
  const issues = result.metrics?.formattingIssues ?? [];
  const job = result.keywordAnalysis?.jobDescription ?? null;
  const missingIndustry = result.keywordAnalysis?.missingIndustryKeywords;
  const contact = result.contact;

  return (
    <div className="ats-results">
      <div className="ats-results__actions">
        <Button type="button" label="Replace Resume" icon="pi pi-upload" className="p-button-outlined" onClick={onReplace} />
        <Button type="button" label="Analyze New Resume" icon="pi pi-refresh" onClick={onNew} />
      </div>

      <section className="student-card ats-summary" aria-labelledby="ats-summary-title">
        <h2 id="ats-summary-title" className="visually-hidden">
          Score
        </h2>
        <div className="ats-summary__score">
          <ScoreCircle percent={percent} />
          {result.scorerVersion && <p className="ats-summary__version">ATS scorer version {result.scorerVersion}</p>}
        </div>
        <div className="ats-factors">
          <h3>Factor Scores</h3>
          {factors.length === 0 ? (
            <p className="ats-empty">No factor scores available.</p>
          ) : (
            <ul className="ats-factors__list">
              {factors.map(([factor, value]) => {
                const factorPercent = Math.round(Math.min(1, Math.max(0, Number(value) || 0)) * 100);
                return (
                  <li key={factor} className="ats-factor">
                    <span id={`factor-${factor}`} className="ats-factor__name">
                      {humanize(factor)}
                    </span>
                    <span className="ats-factor__value">{factorPercent}%</span>
                    <ProgressBar value={factorPercent} showValue={false} aria-labelledby={`factor-${factor}`} className="ats-factor__bar" />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      {result.factorDetails && <FactorBreakdown details={result.factorDetails} scorerVersion={result.scorerVersion} />}

      <section className="student-card" aria-labelledby="ats-recommendations-title">
        <h2 id="ats-recommendations-title">Recommendations</h2>
        {recommendations.length === 0 ? (
          <p className="ats-empty">No recommendations: your resume covers the basics.</p>
        ) : (
          <ol className="ats-recommendations">
            {recommendations.map((item, index) => {
              const priority = priorityOf(item.priority);
              return (
                <li key={`${item.category ?? ''}-${index}`} className={`ats-recommendation ats-recommendation--${priority}`}>
                  <span className={`badge ats-priority ats-priority--${priority}`}>{priority.charAt(0).toUpperCase() + priority.slice(1)} priority</span>
                  {item.category && <span className="ats-recommendation__category">{item.category}</span>}
                  <p>{item.recommendation}</p>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {job && (
        <section className="student-card" aria-labelledby="ats-job-title">
          <h2 id="ats-job-title">Job Description Match{Number.isFinite(job.matchRate) ? ` (${Math.round(job.matchRate * (job.matchRate <= 1 ? 100 : 1))}%)` : ''}</h2>
          <h3>Matched keywords</h3>
          {job.matched.length > 0 ? <WordList words={job.matched} label="Matched job keywords" /> : <p className="ats-empty">None of the job description's keywords were found.</p>}
          <h3>Missing keywords</h3>
          {job.missing.length > 0 ? <WordList words={job.missing} label="Missing job keywords" tone="missing" /> : <p className="ats-empty">Every keyword of the job description was found.</p>}
        </section>
      )}

      <div className="ats-results__grid">
        <section className="student-card" aria-labelledby="ats-keywords-title">
          <h2 id="ats-keywords-title">Industry Keywords Found</h2>
          <KeywordGroups groups={result.keywordAnalysis?.industryKeywords} empty="No industry keywords found." label="Keywords found" />
          {missingIndustry && Object.values(missingIndustry).some((words) => words.length > 0) && (
            <>
              <h3>Keywords to consider</h3>
              <KeywordGroups groups={missingIndustry} empty="" label="Keywords to consider" />
            </>
          )}
        </section>

        <section className="student-card" aria-labelledby="ats-format-title">
          <h2 id="ats-format-title">Formatting Issues</h2>
          {issues.length === 0 ? (
            <p className="ats-empty">No formatting issues found.</p>
          ) : (
            <ul className="ats-issues">
              {issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {(result.sections || contact) && (
        <div className="ats-results__grid">
          {result.sections && (
            <section className="student-card" aria-labelledby="ats-sections-title">
              <h2 id="ats-sections-title">Sections</h2>
              <h3>Found</h3>
              {result.sections.found.length > 0 ? <WordList words={result.sections.found.map(humanize)} label="Sections found" /> : <p className="ats-empty">No standard sections recognised.</p>}
              {result.sections.missing.length > 0 && (
                <>
                  <h3>Missing</h3>
                  <WordList words={result.sections.missing.map(humanize)} label="Sections missing" tone="missing" />
                </>
              )}
            </section>
          )}
          {contact && (
            <section className="student-card" aria-labelledby="ats-contact-title">
              <h2 id="ats-contact-title">Contact Details</h2>
              <dl className="ats-contact">
                {(
                  [
                    ['Name', contact.name],
                    ['Email', contact.email],
                    ['Phone', contact.phone],
                    ['Links', contact.links.length > 0 ? contact.links.join(', ') : null],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd className={value ? undefined : 'ats-contact--missing'}>{value ?? 'Not found'}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
