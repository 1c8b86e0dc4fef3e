import { Suspense, lazy } from 'react';
import { CompanyLogo } from '../../../shared/components/CompanyLogo';
import { joined, postedLabel, truncate, vacanciesLabel } from '../format';
import { EligibilityVerdict } from '../eligibility/EligibilityVerdict';
import type { MyPlacement } from '../placement/usePlacement';
import type { Job } from '../types';

/**
 * The placement policy's verdict needs the domain's policy module, and with it zod: a chunk loaded only
 * for a student who holds accepted offers, so that the listing's first render does not wait for it
 * (issue 14, docs/decisions.md). The verdict appears once the student's placement has been read anyway.
 */
const PlacementVerdict = lazy(() => import('../placement/PlacementVerdict').then((module) => ({ default: module.PlacementVerdict })));

/** One card of the grid (spec §2). */
export function JobCard({ job, onView, placement = null }: { job: Job; onView: (id: string) => void; placement?: MyPlacement | null }) {
  const headingId = `job-${job._id}-title`;
  return (
    <article className="job-card" aria-labelledby={headingId}>
      <header className="job-card__head">
        <CompanyLogo src={job.companyLogo} company={job.companyName} />
        <div className="job-card__titles">
          <h2 id={headingId} className="job-card__title">
            {job.profiles}
          </h2>
          <p className="job-card__company">{job.companyName}</p>
        </div>
        {job.hasApplied && <span className="badge badge--success">Already Applied</span>}
      </header>
      <ul className="job-card__facts">
        <li>
          <i className="pi pi-map-marker" aria-hidden="true" /> <span className="visually-hidden">Location: </span>
          {job.location || 'N/A'}
        </li>
        <li>
          <i className="pi pi-briefcase" aria-hidden="true" /> <span className="visually-hidden">Offer type: </span>
          {joined(job.offerType) || 'N/A'}
        </li>
        <li>
          <i className="pi pi-users" aria-hidden="true" /> <span className="visually-hidden">Vacancies: </span>
          {vacanciesLabel(job.vacancies)}
        </li>
        <li>
          <i className="pi pi-wallet" aria-hidden="true" /> <span className="visually-hidden">Pay: </span>
          {job.ctcOrStipend || 'N/A'}
        </li>
      </ul>
      {job.skills && job.skills.length > 0 && (
        <ul className="tag-list" aria-label="Skills">
          {job.skills.map((skill) => (
            <li key={skill} className="tag">
              {skill}
            </li>
          ))}
        </ul>
      )}
      {job.eligibility && (
        <p className="job-card__eligibility">
          <strong>Eligibility:</strong> {truncate(job.eligibility)}
        </p>
      )}
      <EligibilityVerdict verdict={job.eligibilityVerdict} compact />
      {placement && placement.held.length > 0 && (
        <Suspense fallback={null}>
          <PlacementVerdict placement={placement} job={job} />
        </Suspense>
      )}
      <footer className="job-card__foot">
        <span className="job-card__posted">{postedLabel(job.createdAt)}</span>
        <button type="button" className="p-button p-button-sm" onClick={() => onView(job._id)} aria-label={`View Details: ${job.profiles} at ${job.companyName}`}>
          View Details
        </button>
      </footer>
    </article>
  );
}
