import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { InputText } from 'primereact/inputtext';
import { LIMITS, type ExperienceSort } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { PATHS } from '../../../shared/routes';
import { ExperienceCard } from '../components/ExperienceCard';
import { ExperienceDetailsDialog } from '../components/ExperienceDetailsDialog';
import { Pagination } from '../../../shared/components/Pagination';
import { SORT_OPTIONS, companyFilterChanged, experiencesRequested, pageChanged, roleFilterChanged, selectInterviews, sortChanged } from '../interviewsSlice';
import type { InterviewExperience } from '../types';
import '../interviews.css';

/**
 * /interview-insights (spec §2): 'Share Your Experience', company and role searches, four sorts,
 * 5 per page from the server, cards and a detail modal. A filter or sort change goes back to page 1.
 * The student layout supplies the header 'Student - Interview Insights'.
 */
export default function InterviewInsightsPage() {
  const dispatch = useAppDispatch();
  const { company, role, sort, page, items, total, status, error } = useAppSelector(selectInterviews);
  const [open, setOpen] = useState<InterviewExperience | null>(null);
  const pages = Math.max(1, Math.ceil(total / LIMITS.experiencesPerPage));

  useEffect(() => {
    dispatch(experiencesRequested());
  }, [dispatch]);

  const goTo = (next: number) => {
    dispatch(pageChanged(next));
    document.getElementById('experiences-title')?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <section className="insights" aria-labelledby="experiences-title">
      <div className="insights__top">
        <div>
          <h2 id="experiences-title" className="insights__title">
            Interview Experiences
          </h2>
          <p className="insights__intro">Learn from seniors' interviews: rounds, difficulty and outcomes.</p>
        </div>
        <Link to={PATHS.submitExperience} className="p-button p-component insights__share">
          <i className="pi pi-pencil" aria-hidden="true" />
          <span>Share Your Experience</span>
        </Link>
      </div>

      <div className="insights__filters" role="search" aria-label="Search interview experiences">
        <div className="form-field">
          <label htmlFor="insights-company" className="form-field__label">
            Search by company
          </label>
          <span className="p-input-icon-left insights__search">
            <i className="pi pi-search" aria-hidden="true" />
            <InputText id="insights-company" type="search" placeholder="Company name" value={company} onChange={(event) => dispatch(companyFilterChanged(event.target.value))} className="w-full" />
          </span>
        </div>
        <div className="form-field">
          <label htmlFor="insights-role" className="form-field__label">
            Search by role
          </label>
          <span className="p-input-icon-left insights__search">
            <i className="pi pi-search" aria-hidden="true" />
            <InputText id="insights-role" type="search" placeholder="Role" value={role} onChange={(event) => dispatch(roleFilterChanged(event.target.value))} className="w-full" />
          </span>
        </div>
        <div className="form-field">
          <label htmlFor="insights-sort" className="form-field__label">
            Sort by
          </label>
          <select id="insights-sort" value={sort} onChange={(event) => dispatch(sortChanged(event.target.value as ExperienceSort))} className="p-inputtext p-component w-full">
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {status === 'failed' && error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : (status === 'loading' || status === 'idle') && items.length === 0 ? (
        <PageSpinner label="Loading interview experiences" />
      ) : items.length === 0 ? (
        <p className="empty-state">{company.trim() || role.trim() ? 'No interview experiences match your search.' : 'No interview experiences shared yet.'}</p>
      ) : (
        <>
          <p className="insights__count" aria-live="polite">
            {total === 1 ? '1 experience' : `${total} experiences`}
            {status === 'loading' ? ' (updating...)' : ''}
          </p>
          <div className="insights__list" aria-busy={status === 'loading'}>
            {items.map((experience) => (
              <ExperienceCard key={experience._id} experience={experience} onOpen={setOpen} />
            ))}
          </div>
          <Pagination page={page} pages={pages} onPage={goTo} label="Interview experiences pages" previousLabel="Previous" />
        </>
      )}

      <ExperienceDetailsDialog experience={open} onClose={() => setOpen(null)} />
    </section>
  );
}
