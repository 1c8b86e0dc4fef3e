import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { PERMISSIONS, type Action } from '@placement/domain';
import { badRequest, PROBLEM_CONTENT_TYPE, sendProblem } from './errors';
import { requirePermission } from './auth';
import { refuseUnsafeInput } from './input-guard';

/** Where query-api serves its half of the API description; command-api merges it into /api/openapi.json. */
export const QUERY_OPENAPI_PATH = '/api/openapi/queries.json';
/** Where the ATS engine serves its half (on its own port: the gateway routes only /ats/analyze there); its paths are the gateway's, under /ats. */
export const ATS_OPENAPI_PATH = '/openapi/ats.json';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One endpoint, declared once: Express mounts it, the permission matrix guards it, the OpenAPI
 * document describes it, and the authorization table test walks it.
 */
export interface RouteSpec {
  method: HttpMethod;
  /** Every path that reaches it (the spec records two spellings for some). Express syntax: `/api/jobs/:id`. */
  paths: string[];
  action: Action;
  summary: string;
  tags: string[];
  /** JSON body, validated before the handler runs. */
  body?: z.ZodType;
  /** Query string, validated before the handler runs. */
  query?: z.ZodType;
  /** Multipart parts, for the documentation (parsing happens in `before`). */
  multipart?: { fields?: Record<string, string>; files?: Record<string, string> };
  /** Middleware between authorization and validation (multipart parsing, rate limits). */
  before?: RequestHandler[];
  /** Success status and a short description of the reply, for the documentation. */
  responds: { status: number; description: string; schema?: z.ZodType };
  handler: (req: Request, res: Response) => Promise<void> | void;
}

/** Field errors in the API's error shape, from a zod failure. */
export const fieldErrors = (error: z.ZodError) =>
  error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));

/** The first problem's message leads, so a client that shows one line shows the spec's message. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

const validated =
  (route: RouteSpec): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    refuseUnsafeInput(req);
    if (route.body) res.locals.body = validate(route.body, req.body ?? {});
    if (route.query) res.locals.query = validate(route.query, req.query);
    next();
  };

/** Set to `enforce` (the test suite does, for every process it starts), every route's successful JSON replies are checked against its contract. */
export const REPLY_CONTRACTS_VARIABLE = 'REPLY_CONTRACTS';
const enforcingReplyContracts = () => process.env[REPLY_CONTRACTS_VARIABLE] === 'enforce';

/** The problem in a reply its contract does not allow, or null when the contract allows it (checked as it goes on the wire). */
export function replyContractProblem(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`).join('; ');
}

/** A successful reply outside the route's declared contract is answered 500 instead (and says why), so the route's own tests fail. */
const contractChecked =
  (route: RouteSpec): RequestHandler =>
  (req, res, next) => {
    const schema = route.responds.schema;
    if (!schema) return next();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const problem = res.statusCode < 300 ? replyContractProblem(schema, body) : null;
      if (problem === null) return json(body);
      sendProblem(req, res, { status: 500, message: `Reply outside the contract of ${route.method.toUpperCase()} ${route.paths[0]}: ${problem}` });
      return res;
    };
    next();
  };

export function mountRoutes(app: Express, routes: RouteSpec[], authenticate: RequestHandler): void {
  const checkReplies = enforcingReplyContracts();
  for (const route of routes) {
    for (const path of route.paths) {
      app[route.method](path, authenticate, requirePermission(route.action), ...(route.before ?? []), validated(route), ...(checkReplies ? [contractChecked(route)] : []), route.handler);
    }
  }
}

/** Express parameters (`:id`, and `*key` for the rest of the path) as OpenAPI's `{id}`, `{key}`. */
const toOpenApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function securityOf(action: Action) {
  const access = PERMISSIONS[action];
  if (access === 'public') return { security: [{}, { bearer: [] }], 'x-roles': 'public' };
  return { security: [{ bearer: [] }], 'x-roles': access === 'signed-in' ? 'any signed-in account' : access.join(', ') };
}

/**
 * Every error, the services' and the gateway's own (a request it cannot parse, an oversize body, a
 * service down): RFC 9457 problem details with the spec's `message` and the correlation id. The
 * gateway sends no `instance` (nginx has no safe way to quote the path into JSON).
 */
const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'message', 'correlationId'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    instance: { type: 'string' },
    correlationId: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

export interface OpenApiOptions {
  /** Where the gateway serves these paths (the ATS engine's `/analyze` is `/ats/analyze` there). */
  pathPrefix?: string;
  /** Members the service adds to its problem replies (`ServiceDefinition.problemExtensions`), documented beside the shared ones. */
  problemExtension?: z.ZodType;
}

/** OpenAPI 3.1 from the route declarations and their zod schemas. */
export function openApiDocument(routes: RouteSpec[], info: { title: string; version: string; description?: string }, options: OpenApiOptions = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  const problem = { $ref: '#/components/schemas/Problem' };
  const problemSchema = options.problemExtension ? { allOf: [problem, jsonSchema(options.problemExtension)] } : problem;
  for (const route of routes) {
    for (const servicePath of route.paths) {
      const path = `${options.pathPrefix ?? ''}${servicePath}`;
      const operation: Record<string, unknown> = {
        summary: route.summary,
        tags: route.tags,
        operationId: `${route.method}${toOpenApiPath(path).replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        ...securityOf(route.action),
        'x-action': route.action,
        parameters: [...path.matchAll(/[:*](\w+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          [route.responds.status]: {
            description: route.responds.description,
            ...(route.responds.schema ? { content: { 'application/json': { schema: jsonSchema(route.responds.schema) } } } : {}),
          },
          default: {
            description: 'Error: problem details (RFC 9457) with the message to show and the correlation id',
            content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
          },
        },
      };
      if (route.query) {
        const schema = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          (operation.parameters as unknown[]).push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
        }
      }
      if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } };
      if (route.multipart) {
        const properties = {
          ...Object.fromEntries(Object.entries(route.multipart.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }])),
          ...Object.fromEntries(Object.entries(route.multipart.files ?? {}).map(([name, description]) => [name, { type: 'string', format: 'binary', description }])),
        };
        operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
      }
      paths[toOpenApiPath(path)] = { ...paths[toOpenApiPath(path)], [route.method]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Problem: PROBLEM_SCHEMA },
    },
  };
}
