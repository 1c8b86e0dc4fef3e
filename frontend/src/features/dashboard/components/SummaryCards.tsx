import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/routes';
import { breakdownText, type StatusBreakdown } from '../breakdown';

interface Props {
  jobCount: number | null;
  breakdown: StatusBreakdown | null;
}

const loadingOr = (value: number | string | null) => (value === null ? '…' : value);

/** Spec §2: Find Latest Jobs (job count), Application Status (total and breakdown), CV Insights. */
export function SummaryCards({ jobCount, breakdown }: Props) {
  return (
    <div className="summary-cards">
      <Link to={PATHS.jobListings} className="summary-card">
        <i className="pi pi-briefcase summary-card__icon" aria-hidden="true" />
        <h2 className="summary-card__title">Find Latest Jobs</h2>
        <p className="summary-card__figure">{loadingOr(jobCount)}</p>
        <p className="summary-card__text">{jobCount === 1 ? 'job open for you' : 'jobs open for you'}</p>
      </Link>
      <Link to={PATHS.myApplications} className="summary-card">
        <i className="pi pi-chart-bar summary-card__icon" aria-hidden="true" />
        <h2 className="summary-card__title">Application Status</h2>
        <p className="summary-card__figure">{loadingOr(breakdown ? breakdown.total : null)}</p>
        <p className="summary-card__text">{breakdown ? breakdownText(breakdown) : 'Loading...'}</p>
      </Link>
      <Link to={PATHS.resumeInsights} className="summary-card">
        <i className="pi pi-file-check summary-card__icon" aria-hidden="true" />
        <h2 className="summary-card__title">CV Insights</h2>
        <p className="summary-card__text">Check how well your resume suits automated screening (ATS).</p>
      </Link>
    </div>
  );
}
