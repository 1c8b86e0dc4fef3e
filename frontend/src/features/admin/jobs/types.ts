import type { JobStatus } from '@placement/domain';
import type { StoredJob } from '../../../shared/jobForm/jobFormValues';

/** A job as the admin table lists it (spec §3 Job). */
export type AdminJob = StoredJob & {
  _id: string;
  companyName: string;
  profiles: string;
  status: JobStatus;
  createdAt?: string | null;
  applicationCount?: number;
  /** How many students the eligibility rules admit (overrides included). */
  eligibleStudents?: number;
};

export type JobStatusFilter = 'all' | JobStatus;

/** The filters of the Job Management Dashboard (spec §2); offer types are ticked, the rest typed. */
export interface AdminJobFilters {
  companyName: string;
  profiles: string;
  status: JobStatusFilter;
  offerType: string[];
  location: string;
  skills: string;
  category: string;
  search: string;
}

export const NO_JOB_FILTERS: AdminJobFilters = { companyName: '', profiles: '', status: 'all', offerType: [], location: '', skills: '', category: '', search: '' };

/** Typed filters wait 500 ms for the typing to stop; the status and the offer-type boxes fetch at once. */
export const TYPED_JOB_FILTERS = ['companyName', 'profiles', 'location', 'skills', 'category', 'search'] as const satisfies readonly (keyof AdminJobFilters)[];

/** The table's sortable columns, as the server names its sorts (GET /api/jobs/admin/jobs?sort=). */
export type AdminJobSortField = 'company' | 'profile' | 'offerType' | 'location' | 'createdAt' | 'status';
