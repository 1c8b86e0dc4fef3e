import type { Filter } from 'mongodb';
import { APPLICATION_STATUSES } from '@placement/domain';
import {
  APPLICATION_COLLECTIONS,
  APPLICATION_STATS_ID,
  APPLICATION_STATUS_KEYS,
  JOB_COLLECTIONS,
  ReadModels,
  type ApplicationDocument,
  type ApplicationStatsDocument,
  type JobApplicationCountDocument,
  type JobDocument,
} from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { JOB_REPLY_PROJECTION, withApplicationCounts, type JobView } from '../job-replies';
import { findListed, optionalText, pageOf, pagingQuery, sortByColumn, sortOrderQuery } from '../lists';

/** The applications' read side: the query strings it accepts, its sorts, and its reads of the read models. */

/** A client that pages an application list without a size gets this many. */
export const APPLICATIONS_PAGE_SIZE = 50;

/** The review table's sortable columns, and what each sorts by. */
export const APPLICATION_SORTS = {
  name: 'applicantSort.fullNameKey',
  email: 'sort.email',
  status: 'status',
  appliedDate: 'appliedDate',
} as const;
type ApplicationSort = keyof typeof APPLICATION_SORTS;

export const applicationsQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  jobId: optionalText(),
  sort: z.enum(Object.keys(APPLICATION_SORTS) as [ApplicationSort, ...ApplicationSort[]]).default('appliedDate'),
  order: sortOrderQuery,
  ...pagingQuery,
});
export type ApplicationsQuery = z.output<typeof applicationsQuery>;
export const jobApplicationsQuery = applicationsQuery.omit({ jobId: true });
export type JobApplicationsQuery = z.output<typeof jobApplicationsQuery>;

/**
 * The application review's job list columns, and what each sorts by: a field of the job documents, or
 * for applicationCount the counts collection's (the applications projection keeps each job's count).
 */
export const REVIEW_JOB_SORTS = {
  profile: 'sort.profiles',
  company: 'sort.companyName',
  ctcOrStipend: 'sort.ctcOrStipend',
  location: 'sort.location',
  applicationCount: 'applicationCount',
  createdAt: 'createdAt',
} as const;
type ReviewJobSort = keyof typeof REVIEW_JOB_SORTS;

export const reviewJobsQuery = z.object({
  sort: z.enum(Object.keys(REVIEW_JOB_SORTS) as [ReviewJobSort, ...ReviewJobSort[]]).default('createdAt'),
  order: sortOrderQuery,
  ...pagingQuery,
});
export type ReviewJobsQuery = z.output<typeof reviewJobsQuery>;

export const ownListQuery = z.object({ ...pagingQuery });
export type OwnListQuery = z.output<typeof ownListQuery>;

/** The reads of the applications' read models (and of the jobs the review lists). */
export function applicationReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const applications = () => readModels.collection<ApplicationDocument>('applications', APPLICATION_COLLECTIONS.applications);
  const jobs = () => readModels.collection<JobDocument>('jobs', JOB_COLLECTIONS.jobs);
  const jobCounts = () => readModels.collection<JobApplicationCountDocument>('applications', APPLICATION_COLLECTIONS.jobCounts);

  /**
   * Applications across jobs or of one job, with the optional status filter, sorted by a review column.
   * A page across jobs takes its total from the projection's counters (all live applications, or those
   * of the status), not from a count: at scale 1 counting the 156,000 'Applied' applications took
   * 0.9 s on the local server and a rare status's 11,000 about 0.1 s, while a page takes milliseconds.
   * The counters move with the same events as the documents, in the same projection, so at the position
   * a reply is consistent with they agree with a count. One job's applications (a few) are counted.
   */
  async function reviewedListing(query: ApplicationsQuery) {
    const filter: Filter<ApplicationDocument> = {};
    if (query.jobId) filter.jobId = query.jobId;
    if (query.status) filter.status = query.status;
    const sort = sortByColumn(APPLICATION_SORTS, query.sort, query.order, ['appliedDate']);
    const page = pageOf(query, APPLICATIONS_PAGE_SIZE);
    const collection = await applications();
    if (!page || query.jobId) return findListed(collection, filter, { sort, page });
    const [items, counters] = await Promise.all([collection.find(filter).sort(sort).skip(page.skip).limit(page.limit).toArray(), applicationCounts()]);
    const counted = counters?.[query.status ? APPLICATION_STATUS_KEYS[query.status] : 'total'];
    // No counters yet (or of an older shape): counted as before.
    const total = typeof counted === 'number' ? counted : await collection.countDocuments(filter);
    return { items, total };
  }

  /** A student's own applications, newest first. */
  async function ownListing(studentId: string, query: OwnListQuery) {
    return findListed(await applications(), { studentId }, {
      sort: sortByColumn(APPLICATION_SORTS, 'appliedDate', 'desc'),
      page: pageOf(query, APPLICATIONS_PAGE_SIZE),
    });
  }

  /**
   * The jobs of the application review, each with its live applications. Sorted by a job column, a
   * page of jobs joins its counts by `$in`; sorted by applicationCount, a page of the counts collection
   * (by count, then id, in the order asked; its total is the number of counted jobs) fetches its jobs by
   * `$in` and keeps that order. A counted job the jobs projection does not hold (the two projections
   * stand at different positions for a moment) is left out of that page.
   */
  async function reviewJobs(query: ReviewJobsQuery): Promise<{ items: JobView[]; total: number }> {
    const sort = sortByColumn(REVIEW_JOB_SORTS, query.sort, query.order, ['createdAt', 'applicationCount']);
    const page = pageOf(query, APPLICATIONS_PAGE_SIZE);
    if (query.sort === 'applicationCount') {
      const counted = await findListed(await jobCounts(), {}, { sort, page, projection: { applicationCount: 1 } });
      // Sorted by id: the local FerretDB answers a sorted find in PostgreSQL, an unsorted `$in` by reading every job.
      const listed = await (await jobs()).find(page ? { _id: { $in: counted.items.map((count) => count._id) } } : {}, { projection: JOB_REPLY_PROJECTION }).sort({ _id: 1 }).toArray();
      const byId = new Map(listed.map((job) => [job._id, job]));
      const items = counted.items.flatMap(({ _id, applicationCount }) => {
        const job = byId.get(_id);
        return job ? [{ ...job, applicationCount } as JobView] : [];
      });
      return { items, total: page ? counted.total : items.length };
    }
    const { items, total } = await findListed(await jobs(), {}, { sort, page, projection: JOB_REPLY_PROJECTION });
    return { items: (await withApplicationCounts(await jobCounts(), items)) as JobView[], total };
  }

  /** The application's resume key, or null for an application that does not exist (or no longer does). */
  async function resumeKeyOf(applicationId: string): Promise<string | null> {
    const application = await (await applications()).findOne({ _id: applicationId }, { projection: { resumeKey: 1 } });
    return application ? application.resumeKey : null;
  }

  /** The application counters (live applications, in total and by status). */
  async function applicationCounts(): Promise<ApplicationStatsDocument | null> {
    return (await readModels.collection<ApplicationStatsDocument>('applications', APPLICATION_COLLECTIONS.stats)).findOne({ _id: APPLICATION_STATS_ID });
  }

  return { reviewedListing, ownListing, reviewJobs, resumeKeyOf, applicationCounts };
}
