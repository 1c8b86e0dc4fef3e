import type { Request } from 'express';
import { applicationStatsSchema, ownApplicationListSchema, resumeCheckSchema, reviewedApplicationListSchema, reviewJobListSchema } from '@placement/domain';
import { actorOf, HttpError, MIME_TYPES, type RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { sendList } from '../lists';
import {
  applicationReads,
  applicationsQuery,
  jobApplicationsQuery,
  ownListQuery,
  reviewJobsQuery,
  type ApplicationsQuery,
  type JobApplicationsQuery,
  type OwnListQuery,
  type ReviewJobsQuery,
} from './queries';
import { APPLICATION_QUERY_MESSAGES, applicationStatsReply, ownApplicationView, resumeFileName, reviewedApplicationView } from './views';

/** The applications' query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function applicationRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = applicationReads(deps);
  const consistent = consistentWith(deps, ['applications']);
  const caching = answerCachingOf(deps);

  /** The application's resume key; 404 for an application that does not exist (or no longer does). */
  async function resumeOf(req: Request): Promise<{ applicationId: string; resumeKey: string }> {
    const applicationId = String(req.params.applicationId);
    const resumeKey = await reads.resumeKeyOf(applicationId);
    if (resumeKey === null) throw new HttpError(404, APPLICATION_QUERY_MESSAGES.notFound);
    return { applicationId, resumeKey };
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
      responds: { status: 200, description: 'A bare array (X-Total-Count: all of them)', schema: ownApplicationListSchema },
      handler: cachedByPosition(caching, 'applications.listOwn', { projections: ['applications'], identity: 'caller' }, async (_req, res) => {
        const { items, total } = await reads.ownListing(actorOf(res).id!, res.locals.query as OwnListQuery);
        sendList(res, items.map(ownApplicationView), total);
      }),
    },
    {
      method: 'get',
      paths: ['/applications/jobs'],
      action: 'applications.listAll',
      summary:
        'Jobs for the application review, each with its number of live applications; newest first, or by profile, company, ctcOrStipend, location or applicationCount; the whole list unless page or limit is given',
      tags: ['applications'],
      // The jobs (jobs projection) and their live applications (the applications projection's counts).
      before: [consistentWith(deps, ['jobs', 'applications'])],
      query: reviewJobsQuery,
      responds: { status: 200, description: 'A bare array of jobs (X-Total-Count: all of them)', schema: reviewJobListSchema },
      handler: cachedByPosition(caching, 'applications.reviewJobs', { projections: ['jobs', 'applications'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.reviewJobs(res.locals.query as ReviewJobsQuery);
        sendList(res, items, total);
      }),
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
      responds: { status: 200, description: 'A bare array (X-Total-Count: all matches)', schema: reviewedApplicationListSchema },
      handler: cachedByPosition(caching, 'applications.ofJob', { projections: ['applications'], identity: 'everyone' }, async (req, res) => {
        const { items, total } = await reads.reviewedListing({ ...(res.locals.query as JobApplicationsQuery), jobId: String(req.params.jobId) });
        sendList(res, items.map(reviewedApplicationView), total);
      }),
    },
    {
      method: 'get',
      paths: ['/api/applications'],
      action: 'applications.listAll',
      summary: 'Applications across jobs (the admin helper): optional status and jobId filters, sorts as for one job; the whole list unless page or limit is given',
      tags: ['applications'],
      before: [consistent],
      query: applicationsQuery,
      responds: { status: 200, description: 'A bare array (X-Total-Count: all matches)', schema: reviewedApplicationListSchema },
      handler: cachedByPosition(caching, 'applications.listAll', { projections: ['applications'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.reviewedListing(res.locals.query as ApplicationsQuery);
        sendList(res, items.map(reviewedApplicationView), total);
      }),
    },
    {
      method: 'get',
      paths: ['/api/jobs/stats/applications'],
      action: 'applications.stats',
      summary:
        'Application statistics: pendingReview counts Applied, Under Review and Scheduled; approved counts Accepted; approvalRate = approved / (approved + rejected) in percent to one decimal, 0 when neither',
      tags: ['applications', 'statistics'],
      before: [consistent],
      responds: { status: 200, description: 'The dashboard figures', schema: applicationStatsSchema },
      handler: cachedByPosition(caching, 'applications.stats', { projections: ['applications'], identity: 'everyone' }, async (_req, res) => {
        res.json(applicationStatsReply(await reads.applicationCounts()));
      }),
    },
    {
      method: 'get',
      paths: ['/applications/resume/check/:applicationId'],
      action: 'applications.resume',
      summary: "Whether the application's resume can be downloaded as a PDF: the stored file exists and is a PDF",
      tags: ['applications'],
      before: [consistent],
      responds: { status: 200, description: '{ isValid }', schema: resumeCheckSchema },
      handler: async (req, res) => {
        const { resumeKey } = await resumeOf(req);
        const stored = await deps.files.describe(resumeKey);
        res.json({ isValid: stored?.contentType === MIME_TYPES.pdf });
      },
    },
    {
      method: 'get',
      paths: ['/applications/resume/:applicationId'],
      action: 'applications.resume',
      summary: "The application's resume file, as an attachment named resume-{id}.pdf (or .doc/.docx, with its real type)",
      tags: ['applications'],
      before: [consistent],
      responds: { status: 200, description: 'The file (application/pdf for a PDF)' },
      handler: async (req, res) => {
        const { applicationId, resumeKey } = await resumeOf(req);
        const stored = await deps.files.get(resumeKey);
        if (!stored) throw new HttpError(404, APPLICATION_QUERY_MESSAGES.resumeNotFound);
        res.setHeader('Content-Type', stored.contentType);
        res.setHeader('Content-Disposition', `attachment; filename="${resumeFileName(applicationId, stored.contentType)}"`);
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.send(stored.body);
      },
    },
  ];
}
