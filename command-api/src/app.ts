import type { Express } from 'express';
import {
  accountLookup,
  authenticate,
  mountRoutes,
  openApiDocument,
  QUERY_OPENAPI_PATH,
  setPagePolicy,
  type RouteSpec,
} from '@placement/platform';
import { atsOpenApiPaths } from './ats-openapi';
import type { CommandApiDeps } from './deps';
import { DOCS_STYLE, docsPage, docsScript } from './docs-page';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { emailRoutes } from './routes/email';
import { experienceRoutes } from './routes/experiences';
import { jobRoutes } from './routes/jobs';
import { profileRoutes } from './routes/profile';
import { secondFactorRoutes } from './routes/second-factor';
import { projectionRoutes } from './routes/projections';
import { trainingRoutes } from './routes/trainings';
import { userRoutes } from './routes/users';

type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** One document for the whole API: the query side's paths, read from query-api, merged into ours. */
async function withQueries(commands: OpenApiDocument, queryApiUrl: string): Promise<OpenApiDocument> {
  try {
    const response = await fetch(new URL(QUERY_OPENAPI_PATH, queryApiUrl), { signal: AbortSignal.timeout(1500) });
    const queries = (await response.json()) as OpenApiDocument;
    const paths = { ...commands.paths };
    for (const [path, operations] of Object.entries(queries.paths)) paths[path] = { ...paths[path], ...operations };
    return { ...commands, paths };
  } catch {
    return { ...commands, info: { ...commands.info, description: `${commands.info.description} (The query side did not answer; its paths are missing.)` } };
  }
}

/** Every command endpoint, in one list: mounted, guarded by the permission matrix, documented. */
export function commandRoutes(deps: CommandApiDeps): RouteSpec[] {
  return [...authRoutes(deps), ...secondFactorRoutes(deps), ...applicationRoutes(deps), ...profileRoutes(deps), ...userRoutes(deps), ...jobRoutes(deps), ...trainingRoutes(deps), ...experienceRoutes(deps), ...emailRoutes(deps), ...projectionRoutes(deps)];
}

const DOCS_SPEC_URL = '/api/openapi.json';

export function installCommandApi(app: Express, deps: CommandApiDeps): void {
  const routes = commandRoutes(deps);
  const described = openApiDocument(routes, {
    title: 'Placement Portal API',
    version: '1.0.0',
    description:
      'Commands (every non-GET endpoint) reply with `position`; send it back as X-Consistency-Position on queries to read your own writes.',
  });
  const commands = { ...described, paths: { ...described.paths, ...atsOpenApiPaths() } };
  app.get(DOCS_SPEC_URL, async (_req, res) => {
    res.json(await withQueries(commands, deps.env.QUERY_API_URL));
  });
  app.get('/api/docs', (_req, res) => {
    setPagePolicy(res, { script: docsScript(DOCS_SPEC_URL), style: DOCS_STYLE });
    res.type('html').send(docsPage(DOCS_SPEC_URL));
  });
  mountRoutes(app, routes, authenticate({ secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN }, accountLookup(deps.store)));
}
