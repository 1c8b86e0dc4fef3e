import type { Response } from 'express';
import type { Filter } from 'mongodb';
import { eligibilityOf, eligibilityProfileOf, JOB_STATUSES, LIMITS, type JobStatus } from '@placement/domain';
import {
  actorOf,
  APPLICATION_COLLECTIONS,
  APPLICATION_STATS_ID,
  eligibleJobsFilter,
  eligibleStudentsFilter,
  JOB_COLLECTIONS,
  JOB_INTERNAL_FIELDS,
  JOB_STATS_ID,
  ReadModels,
  studentEligibilityOf,
  USER_COLLECTIONS,
  type ApplicationDocument,
  type ApplicationStatsDocument,
  type JobDocument,
  type JobStatsDocument,
  type RouteSpec,
  type UserDocument,
} from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition, normalizedQuery, sharedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import {
  allOf,
  anyFieldContaining,
  commaSeparated,
  containing,
  findListed,
  optionalText,
  pageOf,
  pagingQuery,
  sortByColumn,
  sortOrderQuery,
  TOTAL_COUNT_HEADER,
} from '../lists';

export const JOB_QUERY_MESSAGES = {
  // Not worded by the spec:
  listed: 'Jobs fetched successfully',
} as const;

/** The job filter's 'All Types' choice: no offer-type filter. */
export const ALL_OFFER_TYPES = 'All Types';

/** The fields the free search looks in. */
const SEARCHED_FIELDS = ['lower.profiles', 'lower.companyName', 'lower.location', 'lower.skills', 'lower.category'] as const;

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
type AdminJobsQuery = z.output<typeof adminJobsQuery>;

/**
 * The filter of a job list. Text filters match case-insensitive substrings; every listed skill and
 * every listed category must match one of the job's (each narrows the list); offer types match any
 * of those listed ('All Types' means no filter).
 */
export function jobFilter(filters: JobFilters): Filter<JobDocument> {
  const conditions: Filter<JobDocument>[] = [];
  if (filters.status) conditions.push({ status: filters.status });
  if (filters.search) conditions.push(anyFieldContaining(SEARCHED_FIELDS, filters.search));
  if (filters.companyName) conditions.push({ 'lower.companyName': containing(filters.companyName) });
  if (filters.profiles) conditions.push({ 'lower.profiles': containing(filters.profiles) });
  if (filters.location) conditions.push({ 'lower.location': containing(filters.location) });
  const offerTypes = (filters.offerType ?? []).filter((type) => type !== ALL_OFFER_TYPES);
  if (offerTypes.length > 0) conditions.push({ offerType: { $in: offerTypes } } as Filter<JobDocument>);
  for (const skill of filters.skills ?? []) conditions.push({ 'lower.skills': containing(skill) });
  for (const category of filters.category ?? []) conditions.push({ 'lower.category': containing(category) });
  return allOf(conditions) as Filter<JobDocument>;
}

/** What replies never show of a job document. */
export const JOB_REPLY_PROJECTION = Object.fromEntries(JOB_INTERNAL_FIELDS.map((field) => [field, 0]));

/** The admin list reads the rules' match and the overrides too, to count the students each job admits (and shows only the count). */
const { eligibilityMatch: _match, eligibilityOverrides: _overrides, ...ADMIN_LIST_PROJECTION } = JOB_REPLY_PROJECTION;

/** A job as the lists show it (the document without its internal fields). */
export type JobView = Omit<JobDocument, (typeof JOB_INTERNAL_FIELDS)[number]>;

export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The UTC calendar day of `now`: a job whose joining day is this day or later is active. */
export const today = (now: Date): string => now.toISOString().slice(0, 10);

/** Approval rate in percent to one decimal: approved / (approved + rejected), 0 when neither. */
export const approvalRate = (approved: number, rejected: number): number =>
  approved + rejected === 0 ? 0 : Math.round((approved / (approved + rejected)) * 1000) / 10;

export const jobViewSchema = z
  .object({
    _id: z.string(),
    companyName: z.string(),
    profiles: z.string(),
    offerType: z.array(z.string()),
    status: z.enum(JOB_STATUSES),
    createdAt: z.string(),
    applicationCount: z.number(),
    hasApplied: z.boolean().optional().describe("Only with a student's token: whether that student applied"),
    eligibilityVerdict: z
      .object({ eligible: z.boolean(), reasons: z.array(z.string()), overridden: z.boolean() })
      .optional()
      .describe("Only with a student's token: whether the student's profile meets the job's eligibility rules, every failing rule named, and whether an admin let the student apply anyway"),
    eligibleStudents: z.number().optional().describe('Only in the admin list: how many students the eligibility rules admit (overrides included)'),
  })
  .loose();
const publicListSchema = z.object({ success: z.literal(true), count: z.number(), data: z.array(jobViewSchema), message: z.string() });
const adminListSchema = z.object({ success: z.literal(true), count: z.number(), data: z.array(jobViewSchema) });
const jobStatsSchema = z.object({
  totalJobs: z.number(),
  activeJobs: z.number(),
  expiredJobs: z.number(),
  pendingJobs: z.number(),
  approvedJobs: z.number(),
  rejectedJobs: z.number(),
});
const applicationStatsSchema = z.object({
  totalApplications: z.number(),
  pendingReview: z.number(),
  approved: z.number(),
  rejected: z.number(),
  approvalRate: z.number().describe('Percent, one decimal'),
});

export function jobRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const jobs = () => readModels.collection<JobDocument>('jobs', JOB_COLLECTIONS.jobs);
  const applications = () => readModels.collection<ApplicationDocument>('applications', APPLICATION_COLLECTIONS.applications);
  const users = () => readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);
  const caching = answerCachingOf(deps);

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

  async function publicList(res: Response) {
    const query = res.locals.query as z.output<typeof publicJobsQuery>;
    const actor = actorOf(res);
    const studentId = actor.role === 'student' && actor.id ? actor.id : null;
    const eligibility = studentId ? await studentEligibility(studentId) : null;
    const listed = jobFilter({ ...query, status: 'approved' });
    const filter = eligibility && query.eligibleOnly ? allOf([listed, eligibleJobsFilter(studentEligibilityOf(eligibility.profile), studentId!)]) : listed;
    const listing = async () =>
      findListed(await jobs(), filter as Filter<JobDocument>, {
        sort: NEWEST_FIRST,
        page: pageOf(query, LIMITS.jobsPerPage),
        projection: JOB_REPLY_PROJECTION,
      });
    // A student's page is everyone's page under their own marks: the page itself is shared (one query
    // per jobs position for the whole crowd), the marks are read per student (by index). Only
    // 'eligible only' makes the page itself the student's.
    const { items, total } =
      studentId && !query.eligibleOnly ? await sharedByPosition(caching, 'jobs.listPublic', ['jobs'], normalizedQuery({ ...query, eligibleOnly: undefined }), listing) : await listing();
    const applied = studentId ? await jobsAppliedBy(studentId) : null;
    const profile = eligibility ? eligibilityProfileOf(eligibility.profile) : null;
    const data =
      applied && eligibility && profile
        ? items.map((job) => {
            const { eligible, reasons } = eligibilityOf(job.eligibilityRules, profile);
            return { ...job, hasApplied: applied.has(job._id), eligibilityVerdict: { eligible, reasons, overridden: eligibility.overridden.has(job._id) } };
          })
        : items;
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.json({ success: true, count: total, data, message: JOB_QUERY_MESSAGES.listed });
  }

  async function adminList(res: Response) {
    const query = res.locals.query as AdminJobsQuery;
    const { status, ...filters } = query;
    const { items, total } = await findListed(await jobs(), jobFilter({ ...filters, status: status === 'all' ? undefined : status }), {
      sort: sortByColumn(ADMIN_JOB_SORTS, query.sort, query.order, ['createdAt']),
      page: pageOf(query, LIMITS.jobsPerPage),
      projection: ADMIN_LIST_PROJECTION,
    });
    const students = await users();
    const data = await Promise.all(
      items.map(async ({ eligibilityMatch, eligibilityOverrides, ...job }) => ({
        ...job,
        eligibleStudents: await students.countDocuments(eligibleStudentsFilter(eligibilityMatch, eligibilityOverrides) as Filter<UserDocument>),
      })),
    );
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.json({ success: true, count: total, data });
  }

  async function jobStats(res: Response) {
    const collection = await jobs();
    const [counters, activeJobs] = await Promise.all([
      (await readModels.collection<JobStatsDocument>('jobs', JOB_COLLECTIONS.stats)).findOne({ _id: JOB_STATS_ID }),
      collection.countDocuments({ status: 'approved', joiningDay: { $gte: today(deps.now()) } }),
    ]);
    const approvedJobs = counters?.approved ?? 0;
    res.json({
      totalJobs: counters?.total ?? 0,
      activeJobs,
      expiredJobs: approvedJobs - activeJobs,
      pendingJobs: counters?.pending ?? 0,
      approvedJobs,
      rejectedJobs: counters?.rejected ?? 0,
    });
  }

  async function applicationStats(res: Response) {
    const stats = await (await readModels.collection<ApplicationStatsDocument>('applications', APPLICATION_COLLECTIONS.stats)).findOne({ _id: APPLICATION_STATS_ID });
    const count = (counter: Exclude<keyof ApplicationStatsDocument, '_id'>) => stats?.[counter] ?? 0;
    res.json({
      totalApplications: count('total'),
      pendingReview: count('applied') + count('underReview') + count('scheduled'),
      approved: count('accepted'),
      rejected: count('rejected'),
      approvalRate: approvalRate(count('accepted'), count('rejected')),
    });
  }

  return [
    {
      method: 'get',
      paths: ['/api/jobs'],
      action: 'jobs.listPublic',
      summary:
        "Approved jobs, newest first, with the job listing's filters (search, location, offerType, skills, category); the whole list unless page or limit is given (limit 6 by default); with a student's token each job says whether that student applied",
      tags: ['jobs'],
      before: [consistentWith(deps, ['jobs', 'applications', 'users'])],
      query: publicJobsQuery,
      responds: { status: 200, description: 'count is the number of all matches (also in X-Total-Count)', schema: publicListSchema },
      // A student's answer carries hasApplied and eligibility (their applications and profile); anyone else's is the same for all.
      handler: cachedByPosition(caching, 'jobs.listPublic', { projections: (actor) => (actor.role === 'student' ? ['jobs', 'applications', 'users'] : ['jobs']), identity: 'student' }, (_req, res) => publicList(res)),
    },
    {
      method: 'get',
      paths: ['/api/jobs/admin/jobs'],
      action: 'jobs.listAdmin',
      summary:
        'Every job for the admin table: filters status, companyName, profiles, offerType (comma-joined), location, skills, category, search; sort by company, profile, offerType, location, createdAt (default, newest first) or status; the whole list unless page or limit is given',
      tags: ['jobs'],
      before: [consistentWith(deps, ['jobs', 'users'])],
      query: adminJobsQuery,
      responds: { status: 200, description: 'count is the number of all matches (also in X-Total-Count)', schema: adminListSchema },
      handler: cachedByPosition(caching, 'jobs.listAdmin', { projections: ['jobs', 'users'], identity: 'everyone' }, (_req, res) => adminList(res)),
    },
    {
      method: 'get',
      paths: ['/api/jobs/stats'],
      action: 'jobs.stats',
      summary:
        'Job statistics. activeJobs: approved jobs whose date of joining is today (UTC) or later; expiredJobs: approved jobs whose date of joining has passed; pending and rejected jobs are neither',
      tags: ['jobs', 'statistics'],
      before: [consistentWith(deps, ['jobs'])],
      responds: { status: 200, description: 'The dashboard figures', schema: jobStatsSchema },
      // activeJobs depends on the day too.
      handler: cachedByPosition(caching, 'jobs.stats', { projections: ['jobs'], identity: 'everyone', clock: () => today(deps.now()) }, (_req, res) => jobStats(res)),
    },
    {
      method: 'get',
      paths: ['/api/jobs/stats/applications'],
      action: 'applications.stats',
      summary:
        'Application statistics: pendingReview counts Applied, Under Review and Scheduled; approved counts Accepted; approvalRate = approved / (approved + rejected) in percent to one decimal, 0 when neither',
      tags: ['applications', 'statistics'],
      before: [consistentWith(deps, ['applications'])],
      responds: { status: 200, description: 'The dashboard figures', schema: applicationStatsSchema },
      handler: cachedByPosition(caching, 'applications.stats', { projections: ['applications'], identity: 'everyone' }, (_req, res) => applicationStats(res)),
    },
  ];
}
