import type { Express } from 'express';
import {
  accountLookup,
  authenticate,
  mountRoutes,
  ATS_OPENAPI_PATH,
  openApiDocument,
  QUERY_OPENAPI_PATH,
  setPagePolicy,
  type RouteSpec,
} from '@placement/platform';
import type { CommandApiDeps } from './deps';
import { DOCS_STYLE, docsPage, docsScript } from './docs-page';
import { applicationRoutes } from './applications/routes';
import { authRoutes } from './users/auth-routes';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { emailRoutes } from './email/routes';
import { experienceRoutes } from './experiences/routes';
import { jobRoutes } from './jobs/routes';
import { offerRoutes } from './offers/routes';
import { profileRoutes } from './users/profile-routes';
import { secondFactorRoutes } from './users/second-factor-routes';
import { projectionRoutes } from './routes/projections';
import { trainingRoutes } from './trainings/routes';
import { userRoutes } from './users/routes';

type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** One document for the whole API: the paths of the query side and of the ATS engine, read from each, merged into ours. */
async function withQueries(commands: OpenApiDocument, halves: { name: string; url: URL }[]): Promise<OpenApiDocument> {
  let merged = commands;
  for (const { name, url } of halves) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
      const other = (await response.json()) as OpenApiDocument;
      const paths = { ...merged.paths };
      for (const [path, operations] of Object.entries(other.paths)) paths[path] = { ...paths[path], ...operations };
      merged = { ...merged, paths };
    } catch {
      merged = { ...merged, info: { ...merged.info, description: `${merged.info.description} (The ${name} did not answer; its paths are missing.)` } };
    }
  }
  return merged;
}

/** Every command endpoint, in one list: mounted, guarded by the permission matrix, documented. */
export function commandRoutes(deps: CommandApiDeps): RouteSpec[] {
  return [...authRoutes(deps), ...secondFactorRoutes(deps), ...applicationRoutes(deps), ...offerRoutes(deps), ...calendarFeedRoutes(deps), ...profileRoutes(deps), ...userRoutes(deps), ...jobRoutes(deps), ...trainingRoutes(deps), ...experienceRoutes(deps), ...emailRoutes(deps), ...projectionRoutes(deps)];
}

const DOCS_SPEC_URL = '/api/openapi.json';

export function installCommandApi(app: Express, deps: CommandApiDeps): void {
  const routes = commandRoutes(deps);
  const commands = openApiDocument(routes, {
    title: 'Placement Portal API',
    version: '1.0.0',
    description:
      'Commands (every non-GET endpoint) reply with `position`; send it back as X-Consistency-Position on queries to read your own writes.',
  });
  app.get(DOCS_SPEC_URL, async (_req, res) => {
    res.json(
      await withQueries(commands, [
        { name: 'query side', url: new URL(QUERY_OPENAPI_PATH, deps.env.QUERY_API_URL) },
        { name: 'ATS engine', url: new URL(ATS_OPENAPI_PATH, deps.env.ATS_ENGINE_URL) },
      ]),
    );
  });
  app.get('/api/docs', (_req, res) => {
    setPagePolicy(res, { script: docsScript(DOCS_SPEC_URL), style: DOCS_STYLE });
    res.type('html').send(docsPage(DOCS_SPEC_URL));
  });
  mountRoutes(app, routes, authenticate({ secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN }, accountLookup(deps.store)));
}
