import type { Collection, Document, Filter, Sort } from 'mongodb';
import { JOB_STATUSES, LIMITS, type JobStatus } from '@placement/domain';
import {
  admitsEveryStudent,
  APPLICATION_COLLECTIONS,
  CHECKPOINT_COLLECTION,
  collectionOf,
  eligibleJobsFilter,
  eligibleStudentsFilter,
  JOB_COLLECTIONS,
  JOB_STATS_ID,
  ReadModels,
  studentEligibilityOf,
  USER_COLLECTIONS,
  type ApplicationDocument,
  type JobApplicationCountDocument,
  type JobDocument,
  type JobSearchFields,
  type JobStatsDocument,
  type UserDocument,
  type UserStatsDocument,
  USER_STATS_ID,
} from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, normalizedQuery, sharedByPosition } from '../answer-cache';
import type { QueryApiDeps } from '../deps';
import { JOB_REPLY_PROJECTION, withApplicationCounts, type JobView } from '../job-replies';
import { allOf, anyFieldOrElementContaining, commaSeparated, containing, elementContaining, findListed, optionalText, pageOf, pagingQuery, sortByColumn, sortOrderQuery, type Page } from '../lists';

/** The jobs' read side: the query strings it accepts, its filters and sorts, and its reads of the read models. */

/** The job filter's 'All Types' choice: no offer-type filter. */
export const ALL_OFFER_TYPES = 'All Types';

/**
 * The job's top-level lower-cased `search…` copies (the jobs projection writes them; the local server
 * answers a `$regex` on them from trigram indexes; no reply shows them: JOB_INTERNAL_FIELDS). Skills
 * and categories are joined lists, beside their element-by-element copies for a term that holds the
 * separator (elementContaining).
 */
const SEARCH_PROFILES = 'searchProfiles' satisfies keyof JobSearchFields;
const SEARCH_COMPANY = 'searchCompanyName' satisfies keyof JobSearchFields;
const SEARCH_LOCATION = 'searchLocation' satisfies keyof JobSearchFields;
const SEARCH_SKILLS = ['searchSkills' satisfies keyof JobSearchFields, 'lower.skills'] as const;
const SEARCH_CATEGORY = ['searchCategory' satisfies keyof JobSearchFields, 'lower.category'] as const;

/**
 * The student listing's read model (the jobs projection's `job_listing`, projectors/src/projections/jobs.ts):
 * the approved jobs only, each with the fields the listing's filters and order read (no status), by job id.
 */
const JOB_LISTING = JOB_COLLECTIONS.listing;
/** The jobs projection's shape from which its generations hold JOB_LISTING (before: the jobs read model alone). */
const JOB_LISTING_SHAPE = 2;
/** How long the served listing (the jobs checkpoint's generation and shape) is taken as read. */
const SERVED_LISTING_TTL_MS = 250;
type ListedJob = Pick<JobDocument, '_id' | 'createdAt' | 'offerType' | keyof JobSearchFields | 'lower'>;

/** Filters of the student's job listing (all optional; the listing shows approved jobs only). */
const listingFilters = {
  search: optionalText(),
  location: optionalText(),
  offerType: commaSeparated(),
  skills: commaSeparated(),
  category: commaSeparated(),
};

export const publicJobsQuery = z.object({
  ...listingFilters,
  eligibleOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((flag) => flag === 'true')
    .describe("'Only jobs I am eligible for': with a student's token, only the jobs whose eligibility rules the student's profile meets"),
  ...pagingQuery,
});
export type PublicJobsQuery = z.output<typeof publicJobsQuery>;

export interface JobFilters {
  status?: JobStatus | undefined;
  search?: string | undefined;
  companyName?: string | undefined;
  profiles?: string | undefined;
  location?: string | undefined;
  offerType?: string[] | undefined;
  skills?: string[] | undefined;
  category?: string[] | undefined;
}

/** The admin table's sortable columns, and what each sorts by (text by its bounded, indexed key). */
export const ADMIN_JOB_SORTS = {
  company: 'sort.companyName',
  profile: 'sort.profiles',
  offerType: 'sort.offerType',
  location: 'sort.location',
  createdAt: 'createdAt',
  status: 'status',
} as const;
type AdminJobSort = keyof typeof ADMIN_JOB_SORTS;

export const adminJobsQuery = z.object({
  ...listingFilters,
  status: z.enum([...JOB_STATUSES, 'all']).optional(),
  companyName: optionalText(),
  profiles: optionalText(),
  sort: z.enum(Object.keys(ADMIN_JOB_SORTS) as [AdminJobSort, ...AdminJobSort[]]).default('createdAt'),
  order: sortOrderQuery,
  ...pagingQuery,
});
export type AdminJobsQuery = z.output<typeof adminJobsQuery>;

/**
 * The filter of a job list. Text filters match case-insensitive substrings; every listed skill and
 * every listed category must match one of the job's (each narrows the list); offer types match any
 * of those listed ('All Types' means no filter). Text filters read only the `search…` copies (and the
 * element copies of skills and categories for a term holding the separator): a job projected before
 * those copies existed matches no text filter until its read model is rebuilt.
 */
export function jobFilter(filters: JobFilters): Filter<JobDocument> {
  const conditions: Filter<JobDocument>[] = [];
  if (filters.status) conditions.push({ status: filters.status });
  if (filters.search) conditions.push(anyFieldOrElementContaining([SEARCH_PROFILES, SEARCH_COMPANY, SEARCH_LOCATION], [SEARCH_SKILLS, SEARCH_CATEGORY], filters.search));
  if (filters.companyName) conditions.push({ [SEARCH_COMPANY]: containing(filters.companyName) });
  if (filters.profiles) conditions.push({ [SEARCH_PROFILES]: containing(filters.profiles) });
  if (filters.location) conditions.push({ [SEARCH_LOCATION]: containing(filters.location) });
  const offerTypes = (filters.offerType ?? []).filter((type) => type !== ALL_OFFER_TYPES);
  if (offerTypes.length > 0) conditions.push({ offerType: { $in: offerTypes } } as Filter<JobDocument>);
  for (const skill of filters.skills ?? []) conditions.push(elementContaining(...SEARCH_SKILLS, skill));
  for (const category of filters.category ?? []) conditions.push(elementContaining(...SEARCH_CATEGORY, category));
  return allOf(conditions) as Filter<JobDocument>;
}

/** The admin list reads the rules' match and the overrides too, to count the students each job admits (and shows only the count). */
const { eligibilityMatch: _match, eligibilityOverrides: _overrides, ...ADMIN_LIST_PROJECTION } = JOB_REPLY_PROJECTION;

export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The UTC calendar day of `now`: a job whose joining day is this day or later is active. */
export const today = (now: Date): string => now.toISOString().slice(0, 10);

/** The reads of the jobs' read models. */
export function jobReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const jobs = () => readModels.collection<JobDocument>('jobs', JOB_COLLECTIONS.jobs);
  const applications = () => readModels.collection<ApplicationDocument>('applications', APPLICATION_COLLECTIONS.applications);
  const users = () => readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);
  const applicationCounts = () => readModels.collection<JobApplicationCountDocument>('applications', APPLICATION_COLLECTIONS.jobCounts);
  const caching = answerCachingOf(deps);

  /**
   * The listing read model of the served jobs generation and that generation's jobs, or null while it was
   * built by a shape before the listing (a projectors process of this version rebuilds it at its start;
   * meanwhile the listing filters the jobs read model, as before).
   */
  type ServedListing = { listing: Collection<ListedJob>; jobs: Collection<JobDocument> } | null;
  let served: { readAt: number; listing: Promise<ServedListing> } | undefined;
  function servedListing(): Promise<ServedListing> {
    if (served && Date.now() - served.readAt < SERVED_LISTING_TTL_MS) return served.listing;
    const listing = deps.db
      .collection<{ _id: string; generation?: number; shape?: number }>(CHECKPOINT_COLLECTION)
      .findOne({ _id: 'jobs' }, { projection: { generation: 1, shape: 1 } })
      .then((checkpoint): ServedListing => {
        if ((checkpoint?.shape ?? 0) < JOB_LISTING_SHAPE) return null;
        const generation = checkpoint?.generation ?? 0;
        return { listing: deps.db.collection<ListedJob>(collectionOf(JOB_LISTING, generation)), jobs: deps.db.collection<JobDocument>(collectionOf(JOB_COLLECTIONS.jobs, generation)) };
      });
    served = { readAt: Date.now(), listing };
    listing.catch(() => (served = undefined));
    return listing;
  }

  /** The jobs a student applied to (their live applications: a handful, by an index on studentId). */
  async function jobsAppliedBy(studentId: string): Promise<Set<string>> {
    const applied = await (await applications()).find({ studentId }, { projection: { jobId: 1 } }).toArray();
    return new Set(applied.map((application) => application.jobId));
  }

  /** The student's profile (as the rules read it) and the jobs an admin let them apply to despite the rules. */
  async function studentEligibility(studentId: string) {
    const [student, overridden] = await Promise.all([
      (await users()).findOne({ _id: studentId }, { projection: { profile: 1 } }),
      (await jobs()).find({ eligibilityOverrides: studentId }, { projection: { _id: 1 } }).toArray(),
    ]);
    return { profile: student?.profile ?? null, overridden: new Set(overridden.map((job) => job._id)) };
  }

  /**
   * The student's listing: approved jobs matching the filters, each with its live applications, and for
   * a student the jobs they applied to and their eligibility. A student's page is everyone's page under
   * their own marks: the page of job documents is shared (one query per jobs position for the whole
   * crowd), the counts of its jobs (from the applications projection, so they move without the jobs
   * position) and the marks are read per request (by index). Only 'eligible only' makes the page itself
   * the student's. The student's reads (eligibility, the jobs they applied to) go on beside the page's,
   * which waits for the eligibility only under 'eligible only'.
   */
  async function publicListing(query: PublicJobsQuery, studentId: string | null) {
    const listed = jobFilter({ ...query, status: 'approved' });
    const paging = pageOf(query, LIMITS.jobsPerPage);
    const listing = async (filter: Filter<JobDocument>) => pageOfJobs(filter, NEWEST_FIRST, paging, JOB_REPLY_PROJECTION);
    // With a filter, a page of the listing's read model (no status to check per job), then its jobs.
    const filtered = jobFilter(query) as Filter<ListedJob>;
    const everyone = async () => {
      const listedJobs = paging && Object.keys(filtered).length > 0 ? await servedListing() : null;
      return listedJobs && paging ? pageOfListed(listedJobs, filtered, paging) : listing(listed);
    };
    const eligibilityRead = studentId ? studentEligibility(studentId) : Promise.resolve(null);
    const pageRead = async () => {
      if (!studentId) return everyone();
      if (!query.eligibleOnly) return sharedByPosition(caching, 'jobs.listPublic', ['jobs'], normalizedQuery({ ...query, eligibleOnly: undefined }), everyone);
      const { profile } = (await eligibilityRead)!;
      return listing(allOf([listed, eligibleJobsFilter(studentEligibilityOf(profile), studentId)]) as Filter<JobDocument>);
    };
    const [eligibility, page, applied] = await Promise.all([eligibilityRead, pageRead(), studentId ? jobsAppliedBy(studentId) : null]);
    const items = await withApplicationCounts(await applicationCounts(), page.items);
    return { items: items as JobView[], total: page.total, student: applied && eligibility ? { applied, ...eligibility } : null };
  }

  /**
   * A page of the student listing with filters: the page's ids and the count from the listing's read
   * model (newest first, as the jobs' page), then those jobs from `jobs` of the same generation (one query
   * by id: sorted by id, which the local server answers from its index, and put back in the page's order).
   * A job deleted between the two reads is left out of the page.
   */
  async function pageOfListed({ listing, jobs }: NonNullable<ServedListing>, filter: Filter<ListedJob>, page: Page) {
    // The page's jobs are read as soon as its ids are known, beside the count (the slower read).
    const items = async () => {
      const ids = await listing.find(filter, { projection: { _id: 1 } }).sort(NEWEST_FIRST).skip(page.skip).limit(page.limit).toArray();
      const found = ids.length === 0 ? [] : await jobs.find({ _id: { $in: ids.map(({ _id }) => _id) } }, { projection: JOB_REPLY_PROJECTION }).sort({ _id: 1 }).toArray();
      const byId = new Map(found.map((job) => [job._id, job]));
      return ids.flatMap(({ _id }) => byId.get(_id) ?? []);
    };
    const [paged, total] = await Promise.all([items(), listing.countDocuments(filter)]);
    return { items: paged, total };
  }

  /**
   * A page of jobs. Filtered by status alone (or not at all), its total is the jobs projection's
   * counter: counting read every matching job (37,000 approved ones at scale 1, 60 ms).
   */
  async function pageOfJobs(filter: Filter<JobDocument>, sort: Sort, page: Page | null, projection: Document) {
    if (!page || !Object.keys(filter).every((field) => field === 'status')) return findListed(await jobs(), filter, { sort, page, projection });
    const [items, counters] = await Promise.all([
      (await jobs()).find(filter, { projection }).sort(sort).skip(page.skip).limit(page.limit).toArray(),
      (await readModels.collection<JobStatsDocument>('jobs', JOB_COLLECTIONS.stats)).findOne({ _id: JOB_STATS_ID }),
    ]);
    const counted = counters?.[(filter.status as JobStatus | undefined) ?? 'total'];
    return { items, total: typeof counted === 'number' ? counted : await (await jobs()).countDocuments(filter) };
  }

  /** The admin table's page, each job with the number of students its rules admit. */
  async function adminListing(query: AdminJobsQuery) {
    const { status, ...filters } = query;
    const filter = jobFilter({ ...filters, status: status === 'all' ? undefined : status });
    const { items, total } = await pageOfJobs(filter, sortByColumn(ADMIN_JOB_SORTS, query.sort, query.order, ['createdAt']), pageOf(query, LIMITS.jobsPerPage), ADMIN_LIST_PROJECTION);
    const [students, withCounts] = await Promise.all([users(), withApplicationCounts(await applicationCounts(), items)]);
    // Jobs with the same rules admit the same students: each distinct filter is counted once.
    const counts = new Map<string, Promise<number>>();
    const eligibleCount = (filter: Document) => {
      const key = JSON.stringify(filter);
      if (!counts.has(key)) counts.set(key, students.countDocuments(filter as Filter<UserDocument>));
      return counts.get(key)!;
    };
    // A job without rules (most) admits every student account, which the users projection counts.
    let everyStudent: Promise<number> | undefined;
    const studentAccounts = () => (everyStudent ??= studentCount().then((counted) => counted ?? eligibleCount(eligibleStudentsFilter(null))));
    const counted = await Promise.all(
      withCounts.map(async ({ eligibilityMatch, eligibilityOverrides, ...job }) => ({
        ...job,
        eligibleStudents: await (admitsEveryStudent(eligibilityMatch) ? studentAccounts() : eligibleCount(eligibleStudentsFilter(eligibilityMatch, eligibilityOverrides))),
      })),
    );
    return { items: counted, total };
  }

  /** The users projection's count of student accounts, or null before it has one. */
  async function studentCount(): Promise<number | null> {
    const counters = await (await readModels.collection<UserStatsDocument>('users', USER_COLLECTIONS.stats)).findOne({ _id: USER_STATS_ID });
    return typeof counters?.student === 'number' ? counters.student : null;
  }

  /** The job counters and the number of approved jobs not yet past their joining day. */
  async function jobCounts() {
    const [counters, activeJobs] = await Promise.all([
      (await readModels.collection<JobStatsDocument>('jobs', JOB_COLLECTIONS.stats)).findOne({ _id: JOB_STATS_ID }),
      (await jobs()).countDocuments({ status: 'approved', joiningDay: { $gte: today(deps.now()) } }),
    ]);
    return { counters, activeJobs };
  }

  return { publicListing, adminListing, jobCounts };
}
