import { createLogger, openApiDocument } from '@placement/platform';
import { queryRoutes } from './app';
import type { QueryApiDeps } from './deps';

/**
 * Routes close over their dependencies (the answer cache keys itself by the database object), so the
 * document can be built without a running stack; the statistics routes' start-up read fails on the
 * empty database and says so to the logger.
 */
const document = openApiDocument(queryRoutes({ db: {}, env: {}, logger: createLogger('openapi-test', 'silent') } as unknown as QueryApiDeps), { title: 'test', version: '0' });

describe('the query OpenAPI document', () => {
  it.each([
    ['/api/auth/me', 'any signed-in account'],
    ['/api/profile/me', 'any signed-in account'],
    ['/profile/user/{id}', 'admin'],
    ['/api/admin/users', 'admin'],
    ['/api/admin/stats/users', 'admin'],
    ['/api/trainings', 'public'],
    ['/api/trainings/stats', 'staff, admin'],
    ['/api/interview-experiences', 'public'],
    ['/api/interview-experiences/manage', 'staff, admin'],
    ['/api/interview-experiences/stats', 'staff, admin'],
    ['/api/email/user-groups', 'staff, admin'],
    ['/api/email/templates', 'staff, admin'],
    ['/api/email/campaigns', 'staff, admin'],
    ['/api/email/campaigns/{id}', 'staff, admin'],
    ['/uploads/{key}', 'any signed-in account'],
    ['/api/audit/jobs/{id}', 'admin'],
    ['/api/audit/applications/{id}', 'student, admin'],
    ['/api/audit/users/{id}', 'admin'],
    ['/api/audit', 'admin'],
    ['/api/system/status', 'admin'],
  ])('documents GET %s for %s', (path, roles) => {
    const operation = (document.paths[path] as { get?: { 'x-roles': string; responses: Record<string, unknown> } } | undefined)?.get;
    expect(operation).toBeDefined();
    expect(operation!['x-roles']).toBe(roles);
    expect(operation!.responses['200']).toBeDefined();
  });

  it("documents every error reply, the services' and the gateway's, as problem details", () => {
    const operation = (document.paths['/api/audit'] as { get: { responses: { default: { content: Record<string, { schema: { $ref: string } }> } } } }).get;
    expect(Object.fromEntries(Object.entries(operation.responses.default.content).map(([type, { schema }]) => [type, schema.$ref]))).toEqual({
      'application/problem+json': '#/components/schemas/Problem',
    });
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'detail', 'message', 'correlationId']);
  });

  it('documents the query parameters of the lists', () => {
    const parameters = (path: string) => ((document.paths[path] as { get: { parameters: { name: string }[] } }).get.parameters ?? []).map((parameter) => parameter.name);
    expect(parameters('/api/admin/users')).toEqual(['role', 'search', 'sort', 'order', 'page', 'limit']);
    expect(parameters('/api/interview-experiences')).toEqual(['company', 'role', 'sort', 'page', 'limit']);
    expect(parameters('/api/trainings')).toEqual(['upcoming', 'order', 'page', 'limit']);
    expect(parameters('/api/audit')).toEqual(['actor', 'type', 'from', 'to', 'after', 'limit']);
    expect(parameters('/uploads/{key}')).toEqual(['key']);
  });
});
