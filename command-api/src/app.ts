import type { Express } from 'express';
import { authenticate, mountRoutes, openApiDocument, type RouteSpec } from '@placement/platform';
import { accountLookup } from './accounts';
import type { CommandApiDeps } from './deps';
import { docsPage } from './docs-page';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { emailRoutes } from './routes/email';
import { experienceRoutes } from './routes/experiences';
import { jobRoutes } from './routes/jobs';
import { profileRoutes } from './routes/profile';
import { trainingRoutes } from './routes/trainings';
import { userRoutes } from './routes/users';

/** Every command endpoint, in one list: mounted, guarded by the permission matrix, documented. */
export function commandRoutes(deps: CommandApiDeps): RouteSpec[] {
  return [...authRoutes(deps), ...applicationRoutes(deps), ...profileRoutes(deps), ...userRoutes(deps), ...jobRoutes(deps), ...trainingRoutes(deps), ...experienceRoutes(deps), ...emailRoutes(deps)];
}

export function installCommandApi(app: Express, deps: CommandApiDeps): void {
  const routes = commandRoutes(deps);
  const document = openApiDocument(routes, {
    title: 'Placement Portal API — commands',
    version: '1.0.0',
    description: 'Every endpoint that changes state. Replies carry `position`; send it back as X-Consistency-Position to read your own writes.',
  });
  app.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.get('/api/docs', (_req, res) => {
    res.type('html').send(docsPage('/api/openapi.json'));
  });
  mountRoutes(app, routes, authenticate({ secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN }, accountLookup(deps.store)));
}
