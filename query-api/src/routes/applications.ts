import type { Request, Response } from 'express';
import type { Filter } from 'mongodb';
import { APPLICATION_MESSAGES, APPLICATION_STATUSES, OFFER_TYPES } from '@placement/domain';
import {
  actorOf,
  APPLICATION_COLLECTIONS,
  HttpError,
  JOB_COLLECTIONS,
  MIME_TYPES,
  ReadModels,
  type ApplicationDocument,
  type JobDocument,
  type RouteSpec,
} from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { findListed, optionalText, pageOf, pagingQuery, sendList, sortByColumn, sortOrderQuery } from '../lists';
import { uploadUrl } from './files';
import { JOB_REPLY_PROJECTION, type JobView } from './jobs';

export const APPLICATION_QUERY_MESSAGES = {
  notFound: APPLICATION_MESSAGES.notFound,
  // Not worded by the spec:
  resumeNotFound: 'Resume not found',
} as const;

/** A client that pages an application list without a size gets this many. */
export const APPLICATIONS_PAGE_SIZE = 50;

/** The job an application shows (the spec's populated `jobId`), or null once the job is deleted. */
export const jobOfApplication = (application: ApplicationDocument) => (application.job ? { _id: application.jobId, ...application.job } : null);

/** A row of the student's My Applications table. */
export const ownApplicationView = (application: ApplicationDocument) => ({
  _id: application._id,
  status: application.status,
  appliedDate: application.appliedDate,
  jobId: jobOfApplication(application),
  interview: application.interview ?? null,
  offer: application.offer ?? null,
});

/**
 * Who applied, by the spec's precedence: the account's name before the form's; the form's e-mail and
 * phone before the account's. Null where neither has a value (the screens show 'N/A').
 */
export function applicantShown(application: ApplicationDocument) {
  const account = application.applicant;
  return {
    name: account?.fullName || application.fullName || null,
    email: application.email || account?.email || null,
    phone: application.phone || account?.phone || null,
    rollNo: account?.rollNo || null,
  };
}

/** An application as the review screen shows it: the form's fields, the applicant's account and the job nested. */
export const reviewedApplicationView = (application: ApplicationDocument) => ({
  _id: application._id,
  status: application.status,
  appliedDate: application.appliedDate,
  fullName: application.fullName,
  email: application.email,
  phone: application.phone,
  resume: uploadUrl(application.resumeKey),
  userId: application.applicant ? { _id: application.studentId, ...application.applicant } : null,
  jobId: jobOfApplication(application),
  applicant: applicantShown(application),
  interview: application.interview ?? null,
  offer: application.offer ?? null,
});

/** The review table's sortable columns, and what each sorts by. */
export const APPLICATION_SORTS = {
  name: 'applicantSort.fullNameKey',
  email: 'sort.email',
  status: 'status',
  appliedDate: 'appliedDate',
} as const;
type ApplicationSort = keyof typeof APPLICATION_SORTS;

const applicationsQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  jobId: optionalText(),
  sort: z.enum(Object.keys(APPLICATION_SORTS) as [ApplicationSort, ...ApplicationSort[]]).default('appliedDate'),
  order: sortOrderQuery,
  ...pagingQuery,
});
type ApplicationsQuery = z.output<typeof applicationsQuery>;
const jobApplicationsQuery = applicationsQuery.omit({ jobId: true });

/** The application review's job list columns, and what each sorts by. */
export const REVIEW_JOB_SORTS = {
  profile: 'sort.profiles',
  company: 'sort.companyName',
  ctcOrStipend: 'sort.ctcOrStipend',
  location: 'sort.location',
  applicationCount: 'applicationCount',
  createdAt: 'createdAt',
} as const;
type ReviewJobSort = keyof typeof REVIEW_JOB_SORTS;

const reviewJobsQuery = z.object({
  sort: z.enum(Object.keys(REVIEW_JOB_SORTS) as [ReviewJobSort, ...ReviewJobSort[]]).default('createdAt'),
  order: sortOrderQuery,
  ...pagingQuery,
});

const ownListQuery = z.object({ ...pagingQuery });

const jobColumnsSchema = z.object({ _id: z.string(), profiles: z.string(), companyName: z.string(), ctcOrStipend: z.string(), location: z.string(), offerType: z.array(z.enum(OFFER_TYPES)) });
/** The slot of a Scheduled application (null otherwise): start (ISO, UTC), minutes, place and/or meeting link, and when it was set. */
const interviewSchema = z.object({ startsAt: z.string(), durationMinutes: z.number(), location: z.string().optional(), meetingLink: z.string().optional(), scheduledAt: z.string() });
/** The offer of an Accepted application (null before any): CTC (annual) and stipend (monthly) in rupees, the tier, and the student's answer. */
const offerSchema = z.object({
  ctc: z.number().nullable(),
  stipend: z.number().nullable(),
  tier: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
  extendedAt: z.string(),
  answeredAt: z.string().nullable(),
});
const ownApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  appliedDate: z.string(),
  jobId: jobColumnsSchema.nullable(),
  interview: interviewSchema.nullable(),
  offer: offerSchema.nullable(),
});
const reviewedApplicationSchema = ownApplicationSchema.extend({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  resume: z.string().nullable(),
  userId: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), phone: z.string().nullable(), rollNo: z.string().nullable() }).nullable(),
  applicant: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), rollNo: z.string().nullable() }),
});
const reviewJobSchema = z.object({ _id: z.string(), profiles: z.string(), companyName: z.string(), ctcOrStipend: z.string(), location: z.string(), applicationCount: z.number() }).loose();

/** The file name a resume downloads as: resume-{id} with the extension of its type. */
export function resumeFileName(applicationId: string, contentType: string): string {
  const extension = Object.entries(MIME_TYPES).find(([, type]) => type === contentType)?.[0] ?? 'pdf';
  return `resume-${applicationId}.${extension}`;
}

export function applicationRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const applications = () => readModels.collection<ApplicationDocument>('applications', APPLICATION_COLLECTIONS.applications);
  const jobs = () => readModels.collection<JobDocument>('jobs', JOB_COLLECTIONS.jobs);
  const consistent = consistentWith(deps, ['applications']);
  const caching = answerCachingOf(deps);

  async function reviewedList(res: Response, query: ApplicationsQuery) {
    const filter: Filter<ApplicationDocument> = {};
    if (query.jobId) filter.jobId = query.jobId;
    if (query.status) filter.status = query.status;
    const { items, total } = await findListed(await applications(), filter, {
      sort: sortByColumn(APPLICATION_SORTS, query.sort, query.order, ['appliedDate']),
      page: pageOf(query, APPLICATIONS_PAGE_SIZE),
    });
    sendList(res, items.map(reviewedApplicationView), total);
  }

  async function ownList(res: Response) {
    const { items, total } = await findListed(await applications(), { studentId: actorOf(res).id! }, {
      sort: sortByColumn(APPLICATION_SORTS, 'appliedDate', 'desc'),
      page: pageOf(res.locals.query as z.output<typeof ownListQuery>, APPLICATIONS_PAGE_SIZE),
    });
    sendList(res, items.map(ownApplicationView), total);
  }

  async function reviewJobs(res: Response) {
    const query = res.locals.query as z.output<typeof reviewJobsQuery>;
    const { items, total } = await findListed(await jobs(), {}, {
      sort: sortByColumn(REVIEW_JOB_SORTS, query.sort, query.order, ['createdAt', 'applicationCount']),
      page: pageOf(query, APPLICATIONS_PAGE_SIZE),
      projection: JOB_REPLY_PROJECTION,
    });
    sendList(res, items as JobView[], total);
  }

  /** The application's resume key; 404 for an application that does not exist (or no longer does). */
  async function resumeKeyOf(req: Request): Promise<{ applicationId: string; resumeKey: string }> {
    const applicationId = String(req.params.applicationId);
    const application = await (await applications()).findOne({ _id: applicationId }, { projection: { resumeKey: 1 } });
    if (!application) throw new HttpError(404, APPLICATION_QUERY_MESSAGES.notFound);
    return { applicationId, resumeKey: application.resumeKey };
  }

  async function checkResume(req: Request, res: Response) {
    const { resumeKey } = await resumeKeyOf(req);
    const stored = await deps.files.describe(resumeKey);
    res.json({ isValid: stored?.contentType === MIME_TYPES.pdf });
  }

  async function downloadResume(req: Request, res: Response) {
    const { applicationId, resumeKey } = await resumeKeyOf(req);
    const stored = await deps.files.get(resumeKey);
    if (!stored) throw new HttpError(404, APPLICATION_QUERY_MESSAGES.resumeNotFound);
    res.setHeader('Content-Type', stored.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${resumeFileName(applicationId, stored.contentType)}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(stored.body);
  }

  return [
    {
      method: 'get',
      paths: ['/api/applications/my-applications'],
      action: 'applications.listOwn',
      summary:
        "The signed-in student's applications, newest first, each with its job's columns (jobId is null once the job is deleted); the whole list unless page or limit is given",
      tags: ['applications'],
      before: [consistent],
      query: ownListQuery,
      responds: { status: 200, description: 'A bare array (X-Total-Count: all of them)', schema: z.array(ownApplicationSchema) },
      handler: cachedByPosition(caching, 'applications.listOwn', { projections: ['applications'], identity: 'caller' }, (_req, res) => ownList(res)),
    },
    {
      method: 'get',
      paths: ['/applications/jobs'],
      action: 'applications.listAll',
      summary:
        'Jobs for the application review, each with its number of live applications; newest first, or by profile, company, ctcOrStipend, location or applicationCount; the whole list unless page or limit is given',
      tags: ['applications'],
      before: [consistentWith(deps, ['jobs'])],
      query: reviewJobsQuery,
      responds: { status: 200, description: 'A bare array of jobs (X-Total-Count: all of them)', schema: z.array(reviewJobSchema) },
      handler: cachedByPosition(caching, 'applications.reviewJobs', { projections: ['jobs'], identity: 'everyone' }, (_req, res) => reviewJobs(res)),
    },
    {
      method: 'get',
      paths: ['/applications/applications/:jobId'],
      action: 'applications.listAll',
      summary:
        "A job's applications with the applicant's account (userId) and the job (jobId) nested, and `applicant` by the spec's precedence; optional status filter; newest first, or by name, email or status; the whole list unless page or limit is given",
      tags: ['applications'],
      before: [consistent],
      query: jobApplicationsQuery,
      responds: { status: 200, description: 'A bare array (X-Total-Count: all matches)', schema: z.array(reviewedApplicationSchema) },
      handler: cachedByPosition(caching, 'applications.ofJob', { projections: ['applications'], identity: 'everyone' }, (req, res) =>
        reviewedList(res, { ...(res.locals.query as z.output<typeof jobApplicationsQuery>), jobId: String(req.params.jobId) }),
      ),
    },
    {
      method: 'get',
      paths: ['/api/applications'],
      action: 'applications.listAll',
      summary: 'Applications across jobs (the admin helper): optional status and jobId filters, sorts as for one job; the whole list unless page or limit is given',
      tags: ['applications'],
      before: [consistent],
      query: applicationsQuery,
      responds: { status: 200, description: 'A bare array (X-Total-Count: all matches)', schema: z.array(reviewedApplicationSchema) },
      handler: cachedByPosition(caching, 'applications.listAll', { projections: ['applications'], identity: 'everyone' }, (_req, res) => reviewedList(res, res.locals.query as ApplicationsQuery)),
    },
    {
      method: 'get',
      paths: ['/applications/resume/check/:applicationId'],
      action: 'applications.resume',
      summary: "Whether the application's resume can be downloaded as a PDF: the stored file exists and is a PDF",
      tags: ['applications'],
      before: [consistent],
      responds: { status: 200, description: '{ isValid }', schema: z.object({ isValid: z.boolean() }) },
      handler: checkResume,
    },
    {
      method: 'get',
      paths: ['/applications/resume/:applicationId'],
      action: 'applications.resume',
      summary: "The application's resume file, as an attachment named resume-{id}.pdf (or .doc/.docx, with its real type)",
      tags: ['applications'],
      before: [consistent],
      responds: { status: 200, description: 'The file (application/pdf for a PDF)' },
      handler: downloadResume,
    },
  ];
}
