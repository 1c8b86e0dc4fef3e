import { ATS_FACTORS, type AtsFactor, type FactorDetails } from '@placement/domain';
import { humanize } from '../format';

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const ITEM_LABELS: Record<string, string> = {
  email: 'E-mail address',
  phone: 'Phone number',
  name: 'Name',
  link: 'Profile or portfolio link',
  section: 'Education heading',
  degree: 'Degree',
  institution: 'Institution',
  year: 'Year',
  grade: 'Grade (CGPA or percentage)',
};

function Tags({ words, label, tone, max = 15 }: { words: readonly string[]; label: string; tone?: 'missing'; max?: number }) {
  if (words.length === 0) return <p className="ats-empty">None.</p>;
  const shown = words.slice(0, max);
  return (
    <ul className="tag-list" aria-label={label}>
      {shown.map((word) => (
        <li key={word} className={tone === 'missing' ? 'tag ats-tag--missing' : 'tag'}>
          {word}
        </li>
      ))}
      {words.length > max && <li className="tag ats-tag--more">and {words.length - max} more</li>}
    </ul>
  );
}

function Statements({ items, label, empty }: { items: readonly string[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="ats-empty">{empty}</p>;
  return (
    <ul className="ats-statements" aria-label={label}>
      {items.map((text, index) => (
        <li key={`${index}-${text}`}>{text}</li>
      ))}
    </ul>
  );
}

function Presence({ items, weight, label }: { items: readonly { item: string; found: boolean; weight: number }[]; weight: number; label: string }) {
  return (
    <ul className="ats-presence" aria-label={label}>
      {items.map(({ item, found, weight: share }) => (
        <li key={item} className={found ? 'ats-presence--found' : 'ats-presence--missing'}>
          <i className={found ? 'pi pi-check' : 'pi pi-times'} aria-hidden="true" /> {ITEM_LABELS[item] ?? humanize(item)}: {found ? 'found' : 'not found'} ({points(Math.round(share * weight * 1000) / 10)} points)
        </li>
      ))}
    </ul>
  );
}

/** What one factor's points were computed from. */
function Evidence({ factor, details }: { factor: AtsFactor; details: FactorDetails }) {
  switch (factor) {
    case 'keyword_match': {
      const { industryFound, industryMissing, industryTarget, jobDescription } = details.keyword_match.evidence;
      return (
        <>
          <p>
            {industryFound.length} of the {industryTarget} industry keywords that earn the full industry share were found.
            {jobDescription && ` The job description's keywords matched ${Math.round(jobDescription.matchRate * 100)}% (by weight).`}
          </p>
          <h5>Industry keywords found</h5>
          <Tags words={industryFound} label="Keyword match: industry keywords found" max={30} />
          <h5>Industry keywords missing</h5>
          <Tags words={industryMissing} label="Keyword match: industry keywords missing" tone="missing" />
          {jobDescription && (
            <>
              <h5>Job description keywords found</h5>
              <Tags words={jobDescription.matched} label="Keyword match: job keywords found" max={30} />
              <h5>Job description keywords missing</h5>
              <Tags words={jobDescription.missing} label="Keyword match: job keywords missing" tone="missing" max={30} />
            </>
          )}
        </>
      );
    }
    case 'format_score': {
      const { issues } = details.format_score.evidence;
      if (issues.length === 0) return <p>No formatting issue was found.</p>;
      return (
        <ul className="ats-statements" aria-label="Formatting: issues and their cost">
          {issues.map((issue) => (
            <li key={issue.id}>
              {issue.message} <strong>(−{points(Math.round(issue.penalty * details.format_score.weight * 1000) / 10)} points)</strong>
            </li>
          ))}
        </ul>
      );
    }
    case 'word_count': {
      const { words, idealMin, idealMax } = details.word_count.evidence;
      return (
        <p>
          {words} words; {idealMin} to {idealMax} words earn the full share.
        </p>
      );
    }
    case 'action_verbs': {
      const { statements, verbLed, distinctVerbs, withoutVerb, quantified } = details.action_verbs.evidence;
      return (
        <>
          <p>
            {verbLed.length} of {statements} statements open with an action verb ({distinctVerbs.length} different: {distinctVerbs.join(', ') || 'none'}); {quantified.length} are
            quantified.
          </p>
          <h5>Counted as quantified</h5>
          <Statements items={quantified} label="Action verbs: statements counted as quantified" empty="No statement states a number, percentage, amount or rank." />
          <h5>Without an action verb</h5>
          <Statements items={withoutVerb} label="Action verbs: statements without an action verb" empty="Every statement opens with an action verb." />
        </>
      );
    }
    case 'file_format': {
      const { fileType, pageCount, scannedPages } = details.file_format.evidence;
      return (
        <p>
          {fileType.toUpperCase()}
          {pageCount !== null && `, ${pageCount} page${pageCount === 1 ? '' : 's'}`}
          {scannedPages.length > 0 ? `; scanned (no text layer): page ${scannedPages.join(', ')}.` : '; every page has selectable text.'}
        </p>
      );
    }
    case 'contact_info':
      return <Presence items={details.contact_info.evidence.items} weight={details.contact_info.weight} label="Contact information: items" />;
    case 'education_format':
      return <Presence items={details.education_format.evidence.items} weight={details.education_format.weight} label="Education: items" />;
  }
}

/** Each factor's points in the score, with the evidence behind them (the reply's factorDetails). */
export function FactorBreakdown({ details, scorerVersion }: { details: FactorDetails; scorerVersion?: string }) {
  const total = ATS_FACTORS.reduce((sum, factor) => sum + (details[factor]?.points ?? 0), 0);
  return (
    <section className="student-card ats-breakdown" aria-labelledby="ats-breakdown-title">
      <h2 id="ats-breakdown-title">How Your Score Was Calculated</h2>
      <p className="ats-breakdown__intro">
        Each factor adds points up to its weight; together they make {points(Math.round(total * 10) / 10)} of 100 points.
        {scorerVersion && ` Scored with ATS scorer version ${scorerVersion}.`}
      </p>
      <ul className="ats-breakdown__list">
        {ATS_FACTORS.filter((factor) => details[factor]).map((factor) => (
          <li key={factor} className="ats-breakdown__factor">
            <details>
              <summary>
                <span className="ats-breakdown__name">{humanize(factor)}</span>{' '}
                <span className="ats-breakdown__points">
                  {points(details[factor].points)} / {points(details[factor].maxPoints)} points
                </span>
              </summary>
              <div className="ats-breakdown__evidence">
                <Evidence factor={factor} details={details} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
