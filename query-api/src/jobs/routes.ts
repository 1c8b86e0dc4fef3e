import { adminJobListSchema, jobStatsSchema, publicJobListSchema } from '@placement/domain';
import { actorOf, type RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { TOTAL_COUNT_HEADER } from '../lists';
import { adminJobsQuery, jobReads, publicJobsQuery, today, type AdminJobsQuery, type PublicJobsQuery } from './queries';
import { adminJobListReply, jobStatsReply, publicJobListReply } from './views';

/** The jobs' query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function jobRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = jobReads(deps);
  const caching = answerCachingOf(deps);
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
      responds: { status: 200, description: 'count is the number of all matches (also in X-Total-Count)', schema: publicJobListSchema },
      // Every answer carries each job's live applications (the applications projection keeps the counts); a
      // student's also hasApplied and eligibility (their applications and profile); anyone else's is the same for all.
      handler: cachedByPosition(caching, 'jobs.listPublic', { projections: (actor) => (actor.role === 'student' ? ['jobs', 'applications', 'users'] : ['jobs', 'applications']), identity: 'student' }, async (_req, res) => {
        const actor = actorOf(res);
        const { items, total, student } = await reads.publicListing(res.locals.query as PublicJobsQuery, actor.role === 'student' && actor.id ? actor.id : null);
        res.setHeader(TOTAL_COUNT_HEADER, String(total));
        res.json(publicJobListReply(items, total, student));
      }),
    },
    {
      method: 'get',
      paths: ['/api/jobs/admin/jobs'],
      action: 'jobs.listAdmin',
      summary:
        'Every job for the admin table: filters status, companyName, profiles, offerType (comma-joined), location, skills, category, search; sort by company, profile, offerType, location, createdAt (default, newest first) or status; the whole list unless page or limit is given',
      tags: ['jobs'],
      // The jobs, their live applications (the applications projection's counts) and their eligible students.
      before: [consistentWith(deps, ['jobs', 'applications', 'users'])],
      query: adminJobsQuery,
      responds: { status: 200, description: 'count is the number of all matches (also in X-Total-Count)', schema: adminJobListSchema },
      handler: cachedByPosition(caching, 'jobs.listAdmin', { projections: ['jobs', 'applications', 'users'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.adminListing(res.locals.query as AdminJobsQuery);
        res.setHeader(TOTAL_COUNT_HEADER, String(total));
        res.json(adminJobListReply(items, total));
      }),
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
      handler: cachedByPosition(caching, 'jobs.stats', { projections: ['jobs'], identity: 'everyone', clock: () => today(deps.now()) }, async (_req, res) => {
        const { counters, activeJobs } = await reads.jobCounts();
        res.json(jobStatsReply(counters, activeJobs));
      }),
    },
  ];
}
