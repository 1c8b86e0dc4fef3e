import { useId, useState, type ChangeEvent } from 'react';
import { OFFER_TYPES } from '@placement/domain';
import { ALL_TYPES } from '../api';
import { ELIGIBILITY_TEXTS } from '../eligibility/EligibilityVerdict';
import type { JobFilters } from '../types';

const TEXT_FILTERS = [
  { name: 'search', label: 'Search', placeholder: 'Title, company, skill...' },
  { name: 'location', label: 'Location', placeholder: 'e.g. Bengaluru' },
  { name: 'skills', label: 'Skills', placeholder: 'e.g. React, SQL' },
  { name: 'category', label: 'Category', placeholder: 'e.g. Software Engineer' },
] as const;

/** Spec §2: the filter panel with Show/Hide Filters and Clear all filters. The list reloads 400 ms after the last change. */
export function JobFiltersPanel({ filters, onChange, onClear }: { filters: JobFilters; onChange: (change: Partial<JobFilters>) => void; onClear: () => void }) {
  const [shown, setShown] = useState(true);
  const panelId = useId();
  const { eligibleOnly, ...texts } = filters;
  const active = eligibleOnly || Object.values(texts).some((value) => value.trim() !== '' && value !== ALL_TYPES);
  const onInput = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ [event.target.name]: event.target.value });

  return (
    <section className="job-filters" aria-label="Job filters">
      <div className="job-filters__bar">
        <button type="button" className="p-button p-button-outlined p-button-sm" aria-expanded={shown} aria-controls={panelId} onClick={() => setShown(!shown)}>
          <i className="pi pi-filter" aria-hidden="true" />
          <span>{shown ? 'Hide Filters' : 'Show Filters'}</span>
        </button>
        {active && (
          <button type="button" className="link-button" onClick={onClear}>
            Clear all filters
          </button>
        )}
      </div>
      <div id={panelId} className="job-filters__grid" hidden={!shown}>
        {TEXT_FILTERS.map((filter) => (
          <div className="job-filters__field" key={filter.name}>
            <label htmlFor={`${panelId}-${filter.name}`}>{filter.label}</label>
            <input
              id={`${panelId}-${filter.name}`}
              className="p-inputtext p-component w-full"
              type="search"
              name={filter.name}
              value={filters[filter.name]}
              placeholder={filter.placeholder}
              onChange={onInput}
            />
          </div>
        ))}
        <div className="job-filters__field">
          <label htmlFor={`${panelId}-offerType`}>Offer Type</label>
          <select id={`${panelId}-offerType`} className="p-inputtext p-component w-full" name="offerType" value={filters.offerType || ALL_TYPES} onChange={onInput}>
            {[ALL_TYPES, ...OFFER_TYPES].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="job-filters__field job-filters__check">
          <label>
            <input type="checkbox" name="eligibleOnly" checked={eligibleOnly} onChange={(event) => onChange({ eligibleOnly: event.target.checked })} /> {ELIGIBILITY_TEXTS.onlyEligible}
          </label>
        </div>
      </div>
    </section>
  );
}
