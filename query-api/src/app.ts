import type { Express } from 'express';
import { accountLookup, authenticate, mountRoutes, openApiDocument, QUERY_OPENAPI_PATH, type RouteSpec, type ServiceMetrics } from '@placement/platform';
import { answerCachingOf, reportAnswerCache } from './answer-cache';
import type { QueryApiDeps } from './deps';
import { applicationRoutes } from './applications/routes';
import { calendarRoutes } from './routes/calendar';
import { auditRoutes } from './routes/audit';
import { emailRoutes } from './email/routes';
import { experienceRoutes } from './experiences/routes';
import { fileRoutes } from './routes/files';
import { jobRoutes } from './jobs/routes';
import { placementRoutes } from './routes/placement';
import { resumeRoutes } from './routes/resumes';
import { systemRoutes } from './routes/system';
import { trainingRoutes } from './trainings/routes';
import { userRoutes } from './users/routes';
import { secondFactorRoutes } from './routes/second-factor';
import { statisticsRoutes } from './routes/statistics';

/** Every query endpoint, in one list: mounted, guarded by the permission matrix, documented. */
export function queryRoutes(deps: QueryApiDeps): RouteSpec[] {
  return [
    ...jobRoutes(deps),
    ...applicationRoutes(deps),
    ...calendarRoutes(deps),
    ...userRoutes(deps),
    ...secondFactorRoutes(deps),
    ...trainingRoutes(deps),
    ...experienceRoutes(deps),
    ...emailRoutes(deps),
    ...resumeRoutes(deps),
    ...statisticsRoutes(deps),
    ...placementRoutes(deps),
    ...fileRoutes(deps),
    ...auditRoutes(deps),
    ...systemRoutes(deps),
  ];
}

export function installQueryApi(app: Express, deps: QueryApiDeps, metrics?: ServiceMetrics): void {
  const routes = queryRoutes(deps);
  if (metrics) reportAnswerCache(metrics, answerCachingOf(deps));
  const document = openApiDocument(routes, { title: 'Placement Portal API — queries', version: '1.0.0' });
  app.get(QUERY_OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  mountRoutes(app, routes, authenticate({ secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN }, accountLookup(deps.store)));
}
