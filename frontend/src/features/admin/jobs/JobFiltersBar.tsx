import { useId, useState, type ChangeEvent } from 'react';
import { OFFER_TYPES, suggestCategories } from '@placement/domain';
import type { AdminJobFilters, JobStatusFilter } from './types';

const STATUS_OPTIONS: { value: JobStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

type TypedName = 'companyName' | 'profiles' | 'location' | 'skills' | 'category' | 'search';

const MAIN_FILTERS: { name: TypedName; label: string }[] = [
  { name: 'companyName', label: 'Company Name' },
  { name: 'profiles', label: 'Profile' },
];

const MORE_FILTERS: { name: TypedName; label: string }[] = [
  { name: 'location', label: 'Location' },
  { name: 'skills', label: 'Skills' },
  { name: 'category', label: 'Category' },
  { name: 'search', label: 'Search' },
];

/** Spec §2: company, profile and status; 'More Filters' reveals offer types, location, skills, category and a free search. */
export function JobFiltersBar({
  filters,
  onChange,
  onRefresh,
  onClear,
}: {
  filters: AdminJobFilters;
  onChange: (change: Partial<AdminJobFilters>) => void;
  onRefresh: () => void;
  onClear: () => void;
}) {
  const [more, setMore] = useState(false);
  const id = useId();
  const onText = (event: ChangeEvent<HTMLInputElement>) => onChange({ [event.target.name]: event.target.value });
  const toggleOffer = (type: string, on: boolean) => onChange({ offerType: on ? [...filters.offerType, type] : filters.offerType.filter((entry) => entry !== type) });

  const textFilter = ({ name, label }: { name: TypedName; label: string }) => (
    <label key={name} className="admin-filter">
      <span>{label}</span>
      <input
        type="search"
        className="admin-input"
        name={name}
        value={filters[name]}
        onChange={onText}
        list={name === 'category' ? `${id}-categories` : undefined}
      />
    </label>
  );

  return (
    <section className="admin-filters" aria-label="Job filters">
      <div className="admin-toolbar">
        {MAIN_FILTERS.map(textFilter)}
        <label className="admin-filter">
          <span>Status</span>
          <select className="admin-input" name="status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as JobStatusFilter })}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="admin-btn" aria-expanded={more} aria-controls={`${id}-more`} onClick={() => setMore(!more)}>
          <i className="pi pi-filter" aria-hidden="true" /> More Filters
        </button>
        <button type="button" className="admin-btn" onClick={onRefresh}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh
        </button>
        <button type="button" className="admin-btn" onClick={onClear}>
          <i className="pi pi-times" aria-hidden="true" /> Clear Filters
        </button>
      </div>
      <div id={`${id}-more`} className="admin-filters__more" hidden={!more}>
        <fieldset className="admin-filters__offers">
          <legend>Offer Type</legend>
          {OFFER_TYPES.map((type) => (
            <label key={type} className="admin-filters__check">
              <input type="checkbox" checked={filters.offerType.includes(type)} onChange={(event) => toggleOffer(type, event.target.checked)} />
              {type}
            </label>
          ))}
        </fieldset>
        <div className="admin-toolbar">{MORE_FILTERS.map(textFilter)}</div>
        <datalist id={`${id}-categories`}>
          {suggestCategories(filters.category, []).map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      </div>
    </section>
  );
}
