/**
 * docker-compose.yml cannot be started on the project's machines (no Docker engine), so this test
 * is what keeps it right: the services of the architecture, how each one is built, health checks and
 * start order, and each service's variables against the zod envSchema that the services parse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { notifierSettingsSchema } from '../notifier/src/settings';
import { envSchema, loadEnv } from '../platform/src/config/env';
import { TRUSTED_PROXIES_VARIABLE } from '../platform/src/http/client-address';
import { LOCAL_STACK, SERVICE_NAMES, type ServiceName } from '../platform/src/config/local-stack';
import { dockerfileInstructions, dockerfileStages } from './support/dockerfile';

const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const SERVICE_DOCKERFILE = 'infra/docker/service.Dockerfile';
const GATEWAY_DOCKERFILE = 'infra/docker/gateway.Dockerfile';
const GATEWAY_TEMPLATE = 'infra/gateway/portal.conf.template';
const NGINX_TEMPLATE_TARGET = '/etc/nginx/templates/portal.conf.template';
const TEMPLATE_VARIABLES = ['GATEWAY_PORT', 'COMMAND_API_UPSTREAM', 'QUERY_API_UPSTREAM', 'ATS_ENGINE_UPSTREAM', 'NOTIFIER_UPSTREAM', 'FRONTEND_ROOT'];

// ---------------------------------------------------------------------------------------------
// What the architecture says each service needs
// ---------------------------------------------------------------------------------------------

const INFRASTRUCTURE = ['eventstore', 'kafka', 'mongo', 'minio', 'minio-init', 'maildev'] as const;
const ONE_SHOT = new Set(['minio-init']);
const STATEFUL = ['eventstore', 'kafka', 'mongo', 'minio'];

/** HOST: 0.0.0.0 in a container (a service listens on loopback by default); TRUSTED_PROXIES: the gateway. */
const EVERY = ['NODE_ENV', 'LOG_LEVEL', 'PORT', 'HOST', 'JWT_SECRET', TRUSTED_PROXIES_VARIABLE];
const EVENT_STORE = ['EVENTSTORE_CONNECTION_STRING'];
const MONGO = ['MONGODB_URL'];
const KAFKA = ['KAFKA_BROKERS', 'KAFKA_CLIENT_ID'];
const S3 = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET'];
const SMTP = ['SMTP_HOST', 'SMTP_PORT'];
const UPLOAD_LIMITS = ['MAX_RESUME_BYTES', 'MAX_IMAGE_BYTES', 'MAX_ATTACHMENT_BYTES'];
/** The first admin command-api makes at start (off unless BOOTSTRAP_ADMIN_EMAIL is set). */
const FIRST_ADMIN = ['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_NAME', 'BOOTSTRAP_ADMIN_PASSWORD_FILE'];
/** Where the system status finds each service (their defaults are the local stack's loopback ports). */
const SERVICE_URLS = ['COMMAND_API_URL', 'QUERY_API_URL', 'ATS_ENGINE_URL', 'PROJECTORS_URL', 'NOTIFIER_URL'];

/** required: must be set; optional: may be set (tunables). Anything else is a variable the service does not need. */
const NEEDS: Record<ServiceName, { required: string[]; optional: string[] }> = {
  'command-api': {
    // The two services whose halves of the API description /api/openapi.json merges.
    required: [...EVERY, ...EVENT_STORE, ...MONGO, ...S3, 'QUERY_API_URL', 'ATS_ENGINE_URL'],
    optional: ['PUBLIC_URL', 'JWT_EXPIRES_IN', 'ALLOWED_EMAIL_DOMAINS', ...UPLOAD_LIMITS, ...FIRST_ADMIN],
  },
  'query-api': { required: [...EVERY, ...EVENT_STORE, ...MONGO, ...S3, ...KAFKA, ...SERVICE_URLS], optional: ['PUBLIC_URL'] },
  projectors: { required: [...EVERY, ...EVENT_STORE, ...MONGO, ...KAFKA], optional: [] },
  notifier: {
    required: [...EVERY, ...KAFKA, ...SMTP, ...S3, ...EVENT_STORE, ...MONGO, 'PUBLIC_URL'],
    optional: ['MAIL_FROM', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_SECURE', 'NOTIFIER_DELIVERY_LOG_URL'],
  },
  'ats-engine': { required: [...EVERY, ...EVENT_STORE], optional: ['MAX_RESUME_BYTES'] },
};

/** The variables that name another server, and so another compose service to wait for. */
const ADDRESS_VARIABLES = ['EVENTSTORE_CONNECTION_STRING', 'MONGODB_URL', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'SMTP_HOST'];

// ---------------------------------------------------------------------------------------------
// Reading the compose file
// ---------------------------------------------------------------------------------------------

type Scalar = string | number | boolean | null;

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
  interval?: string;
  timeout?: string;
  retries?: number;
  start_period?: string;
}

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, Scalar> | string[] };
  environment?: Record<string, Scalar> | string[];
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: Healthcheck;
  secrets?: (string | { source: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number; host_ip?: string; protocol?: string })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  restart?: string;
  user?: string;
}

interface ComposeFile {
  version?: unknown;
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string; environment?: string }>;
}

/** YAML merge keys (`<<`) are resolved, as Compose does. */
const readCompose = (text: string): ComposeFile => parse(text, { merge: true }) as ComposeFile;
const COMPOSE_TEXT = fs.readFileSync(COMPOSE_FILE, 'utf8');
const compose = readCompose(COMPOSE_TEXT);
const services = compose.services;

const OUR_SERVICES = [...SERVICE_NAMES];
const ALL_SERVICES = [...INFRASTRUCTURE, ...OUR_SERVICES, 'gateway'];

const read = (relative: string): string => fs.readFileSync(path.join(ROOT, relative), 'utf8');

function environmentOf(service: ComposeService): Record<string, string> {
  const raw = service.environment ?? {};
  const entries: [string, Scalar][] = Array.isArray(raw)
    ? raw.map((item): [string, Scalar] => {
        const at = item.indexOf('=');
        return at < 0 ? [item, null] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(raw);
  return Object.fromEntries(entries.map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/**
 * Compose variable interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error},
 * ${VAR:+replacement}, ${VAR+replacement}.
 */
function interpolate(value: string, variables: Record<string, string | undefined>): string {
  const result = value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, operator?: string, argument?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const current = variables[name];
      const unset = current === undefined || (operator?.startsWith(':') === true && current === '');
      if (operator?.endsWith('-')) return unset ? (argument ?? '') : current!;
      if (operator?.endsWith('+')) return unset ? '' : (argument ?? '');
      if (operator?.endsWith('?')) {
        if (unset) throw new Error(`required variable ${name} is missing: ${argument}`);
        return current!;
      }
      return current ?? '';
    },
  );
  if (result.includes('${')) throw new Error(`cannot interpolate ${value}`);
  return result;
}

/** What a service's process.env holds, with the operator having set only JWT_SECRET. */
const OPERATOR_ENV = { JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256' };
const resolvedEnvironmentOf = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(environmentOf(services[name]!)).map(([key, value]) => [key, interpolate(value, OPERATOR_ENV)]));

function dependsOn(service: ComposeService): Record<string, { condition?: string }> {
  const raw = service.depends_on ?? {};
  return Array.isArray(raw) ? Object.fromEntries(raw.map((name) => [name, {}])) : raw;
}

function buildOf(service: ComposeService): { context?: string; dockerfile?: string; args: Record<string, string> } {
  if (service.build === undefined) return { args: {} };
  if (typeof service.build === 'string') return { context: service.build, args: {} };
  const raw = service.build.args ?? {};
  const args = Array.isArray(raw)
    ? Object.fromEntries(raw.map((item) => [item.split('=')[0]!, item.split('=').slice(1).join('=')]))
    : Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, String(value)]));
  return { context: service.build.context, dockerfile: service.build.dockerfile, args };
}

interface PublishedPort {
  service: string;
  hostIp: string;
  published: number;
  target: number;
  protocol: string;
}

function publishedPorts(name: string): PublishedPort[] {
  return (services[name]!.ports ?? []).flatMap((port): PublishedPort[] => {
    if (typeof port === 'object') {
      if (port.published === undefined || port.target === undefined) return [];
      return [{ service: name, hostIp: port.host_ip ?? '', published: Number(port.published), target: port.target, protocol: port.protocol ?? 'tcp' }];
    }
    const [spec, protocol = 'tcp'] = String(port).split('/');
    const parts = spec!.split(':');
    if (parts.length === 1) return [];
    const [hostIp, published, target] = parts.length === 3 ? parts : ['', ...parts];
    return [{ service: name, hostIp: hostIp!, published: Number(published), target: Number(target), protocol }];
  });
}

const healthcheckText = (check: Healthcheck | undefined): string =>
  Array.isArray(check?.test) ? check.test.join(' ') : (check?.test ?? '');

/** Host names in a variable's value: URLs (esdb://, mongodb://, http://), host:port lists, or a bare host. */
function hostsIn(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^:/?,]+)/i.exec(item);
      return url ? url[1]! : item.split(':')[0]!;
    });
}

// The shared schema, plus the variables a service parses on its own.
const ENV_KEYS = new Set([...Object.keys(envSchema.shape), ...Object.keys(notifierSettingsSchema.shape), TRUSTED_PROXIES_VARIABLE]);

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('is a Compose-spec file with every service of the architecture', () => {
    expect(compose.version).toBeUndefined();
    expect(Object.keys(services).sort()).toEqual([...ALL_SERVICES].sort());
  });

  it('knows every Node service of the platform (LOCAL_STACK.services)', () => {
    expect(Object.keys(NEEDS).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  describe('builds', () => {
    const dockerfile = read(SERVICE_DOCKERFILE);
    const stages = dockerfileStages(dockerfile);

    it.each(OUR_SERVICES)('%s builds from the one service Dockerfile with SERVICE set to its folder', (name) => {
      const build = buildOf(services[name]!);
      expect(path.normalize(build.context ?? '')).toBe('.');
      expect(build.dockerfile).toBe(SERVICE_DOCKERFILE);
      expect(build.args.SERVICE).toBe(name);
      expect(services[name]!.image).toBeUndefined();
      expect(fs.existsSync(path.join(ROOT, name, 'tsconfig.json'))).toBe(true);
    });

    it('the service Dockerfile takes ARG SERVICE and builds, installs and runs that one workspace', () => {
      expect(fs.existsSync(path.join(ROOT, SERVICE_DOCKERFILE))).toBe(true);
      const instructions = dockerfileInstructions(dockerfile);
      expect(instructions).toContain('ARG SERVICE');
      // A build argument is scoped to its stage: every stage that uses SERVICE declares it first.
      for (const stage of stages) {
        const firstUse = stage.instructions.findIndex((i) => /\$\{?SERVICE\b/.test(i));
        if (firstUse < 0) continue;
        const declared = stage.instructions.findIndex((i) => /^ARG SERVICE(=|$)/.test(i));
        expect({ stage: stage.name, declaredBeforeUse: declared >= 0 && declared < firstUse }).toEqual({ stage: stage.name, declaredBeforeUse: true });
      }
      expect(instructions.some((i) => /^FROM node:24-bookworm-slim\b|^ARG NODE_IMAGE=node:24-bookworm-slim$/.test(i))).toBe(true);
      expect(instructions.some((i) => /^RUN .*\btsc -b "?\$\{SERVICE\}"?/.test(i))).toBe(true);
      expect(instructions.some((i) => /npm install .*--omit=dev .*--workspace="?\$\{SERVICE\}"?/.test(i) && /--include-workspace-root=false/.test(i))).toBe(true);
    });

    it('the runtime stage is unprivileged, carries only compiled output, checks /health and runs dist/main.js from the service folder', () => {
      const runtime = stages.at(-1)!.instructions;
      expect(runtime).toContain('USER node');
      expect(runtime).toContain('WORKDIR /app/${SERVICE}');
      expect(runtime.some((i) => /^HEALTHCHECK .*\/health\b/.test(i))).toBe(true);
      expect(runtime).toContain('CMD ["node", "dist/main.js"]');
      for (const workspace of ['domain', 'platform', '${SERVICE}']) {
        expect(runtime).toContain(`COPY --from=build /app/${workspace}/dist/ ${workspace}/dist/`);
      }
      // No sources and no dev dependencies: nothing is copied from the build context but the probe.
      const fromContext = runtime.filter((i) => /^COPY (?!--from=)/.test(i));
      expect(fromContext).toEqual(['COPY infra/docker/healthcheck.cjs /app/healthcheck.cjs']);
      expect(runtime.some((i) => /^COPY --from=deps\b/.test(i))).toBe(false);
      expect(fs.existsSync(path.join(ROOT, 'infra/docker/healthcheck.cjs'))).toBe(true);
    });

    it.each([SERVICE_DOCKERFILE, GATEWAY_DOCKERFILE])('%s copies the manifest of every workspace (npm needs them all)', (file) => {
      const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
      const instructions = dockerfileInstructions(read(file));
      expect(instructions).toContain('COPY package.json package-lock.json ./');
      for (const workspace of workspaces) expect(instructions).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    });

    it('.dockerignore keeps installed, built and local state out of the build context', () => {
      const ignored = read('.dockerignore').split(/\r?\n/).map((line) => line.trim());
      for (const pattern of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.local', '.git', '**/coverage', '.env']) {
        expect(ignored).toContain(pattern);
      }
      // The images need these; ignoring them would break the builds.
      for (const needed of ['infra', 'infra/docker', 'infra/gateway', 'package-lock.json', 'tsconfig.base.json']) {
        expect(ignored).not.toContain(needed);
      }
    });
  });

  describe('health checks and start order', () => {
    const longRunning = ALL_SERVICES.filter((name) => !ONE_SHOT.has(name));

    it.each(longRunning)('%s has a health check', (name) => {
      const check = services[name]!.healthcheck;
      expect(check).toBeDefined();
      expect(check!.disable).not.toBe(true);
      expect(healthcheckText(check)).not.toBe('');
      expect(check!.test).not.toEqual(['NONE']);
      expect(check!.interval).toBeDefined();
      expect(check!.timeout).toBeDefined();
      expect(check!.retries).toBeGreaterThan(0);
      expect(services[name]!.restart).toBe('unless-stopped');
    });

    it.each(OUR_SERVICES)('%s is healthy only when ready (GET /ready)', (name) => {
      const test = healthcheckText(services[name]!.healthcheck);
      expect(test).toMatch(/\/ready\b/);
      // node:24-bookworm-slim has neither curl nor wget.
      expect(test).not.toMatch(/\b(curl|wget)\b/);
    });

    it.each([...ONE_SHOT])('%s is a one-shot job', (name) => {
      expect(services[name]!.restart).toBe('no');
      expect(services[name]!.healthcheck).toBeUndefined();
    });

    it.each(ALL_SERVICES)('%s waits for what it depends on to be healthy (or, for jobs, done)', (name) => {
      const raw = services[name]!.depends_on;
      if (raw === undefined) return;
      expect(Array.isArray(raw)).toBe(false);
      for (const [dependency, spec] of Object.entries(dependsOn(services[name]!))) {
        expect(ALL_SERVICES).toContain(dependency);
        if (ONE_SHOT.has(dependency)) expect(spec.condition).toBe('service_completed_successfully');
        else if (services[dependency]?.healthcheck) expect(spec.condition).toBe('service_healthy');
        else expect(spec.condition).toBeDefined();
      }
    });
  });

  describe('each service gets exactly the variables it needs', () => {
    it.each(OUR_SERVICES)('%s: every variable is a key of envSchema', (name) => {
      const unknown = Object.keys(environmentOf(services[name]!)).filter((key) => !ENV_KEYS.has(key));
      expect(unknown).toEqual([]);
    });

    it.each(OUR_SERVICES)('%s: the variables it needs are set', (name) => {
      const environment = environmentOf(services[name]!);
      const missing = NEEDS[name].required.filter((key) => !(key in environment) || environment[key] === '');
      expect(missing).toEqual([]);
    });

    it.each(OUR_SERVICES)('%s: nothing it does not need', (name) => {
      const allowed = new Set([...NEEDS[name].required, ...NEEDS[name].optional]);
      const extra = Object.keys(environmentOf(services[name]!)).filter((key) => !allowed.has(key));
      expect(extra).toEqual([]);
    });

    it.each(OUR_SERVICES)('%s: values are strings or numbers (booleans are not valid Compose environment values)', (name) => {
      const raw = services[name]!.environment ?? {};
      const values: unknown[] = Array.isArray(raw) ? raw : Object.values(raw);
      expect(values.filter((value) => typeof value !== 'string' && typeof value !== 'number')).toEqual([]);
    });

    it.each(OUR_SERVICES.filter((name) => NEEDS[name].required.includes('EVENTSTORE_CONNECTION_STRING')))(
      '%s uses EventStoreDB, never PostgreSQL',
      (name) => {
        const environment = resolvedEnvironmentOf(name);
        expect(environment.EVENTSTORE_CONNECTION_STRING).toMatch(/^esdb(\+discover)?:\/\//);
        expect(environment.POSTGRES_URL).toBeUndefined();
      },
    );

    it.each(OUR_SERVICES)('%s listens on its LOCAL_STACK port', (name) => {
      expect(Number(resolvedEnvironmentOf(name).PORT)).toBe(LOCAL_STACK.services[name]);
    });

    it.each(OUR_SERVICES)('%s: loadEnv() accepts the environment as Compose renders it (production mode)', (name) => {
      const env = loadEnv(resolvedEnvironmentOf(name));
      expect(env.NODE_ENV).toBe('production');
      expect(env.JWT_SECRET).toBe(OPERATOR_ENV.JWT_SECRET);
    });

    it("command-api reads the first admin's password from a Compose secret, and only while BOOTSTRAP_ADMIN_EMAIL is set", () => {
      const secretTarget = '/run/secrets/bootstrap_admin_password';
      expect(services['command-api']!.secrets).toEqual(['bootstrap_admin_password']);
      const secret = compose.secrets?.bootstrap_admin_password;
      // Unset, an empty file stands in (Compose needs every secret's file to exist); it holds no password.
      const standIn = interpolate(secret?.file ?? '', {});
      expect(fs.readFileSync(path.join(ROOT, standIn), 'utf8')).toBe('');
      expect(interpolate(secret!.file!, { BOOTSTRAP_ADMIN_PASSWORD_SECRET: './admin-password' })).toBe('./admin-password');

      const off = loadEnv(resolvedEnvironmentOf('command-api'));
      expect([off.BOOTSTRAP_ADMIN_EMAIL, off.BOOTSTRAP_ADMIN_PASSWORD_FILE]).toEqual([undefined, undefined]);
      const operator = { ...OPERATOR_ENV, BOOTSTRAP_ADMIN_EMAIL: 'cdc@university.edu', BOOTSTRAP_ADMIN_NAME: 'Placement Office' };
      const rendered = Object.fromEntries(Object.entries(environmentOf(services['command-api']!)).map(([key, value]) => [key, interpolate(value, operator)]));
      expect(loadEnv(rendered)).toMatchObject({ BOOTSTRAP_ADMIN_EMAIL: 'cdc@university.edu', BOOTSTRAP_ADMIN_NAME: 'Placement Office', BOOTSTRAP_ADMIN_PASSWORD_FILE: secretTarget });
    });

    it('refuses to render without JWT_SECRET', () => {
      expect(() => interpolate(environmentOf(services['command-api']!).JWT_SECRET!, {})).toThrow(/JWT_SECRET/);
    });

    it.each(OUR_SERVICES)('%s: every server named in its variables is a compose service it waits for', (name) => {
      const environment = resolvedEnvironmentOf(name);
      const waitsFor = Object.keys(dependsOn(services[name]!));
      for (const variable of ADDRESS_VARIABLES.filter((key) => key in environment)) {
        for (const host of hostsIn(environment[variable]!)) {
          expect({ variable, host, isService: host in services, waitedFor: waitsFor.includes(host) }).toEqual({
            variable,
            host,
            isService: true,
            waitedFor: true,
          });
        }
      }
    });

    it.each(OUR_SERVICES.filter((name) => NEEDS[name].required.includes('S3_BUCKET')))(
      '%s starts after the bucket exists (minio-init)',
      (name) => {
        expect(dependsOn(services[name]!)['minio-init']?.condition).toBe('service_completed_successfully');
      },
    );

    it('the shared servers are addressed the same way by every service, and as those servers listen', () => {
      const values = (key: string) =>
        new Set(OUR_SERVICES.map(resolvedEnvironmentOf).filter((env) => key in env).map((env) => env[key]));
      for (const key of ['EVENTSTORE_CONNECTION_STRING', 'MONGODB_URL', 'KAFKA_BROKERS', ...S3]) expect(values(key).size).toBe(1);

      const kafka = environmentOf(services.kafka!);
      expect([...values('KAFKA_BROKERS')]).toEqual([kafka.KAFKA_ADVERTISED_LISTENERS!.replace(/^PLAINTEXT:\/\//, '')]);

      const minio = Object.fromEntries(Object.entries(environmentOf(services.minio!)).map(([k, v]) => [k, interpolate(v, {})]));
      const init = Object.fromEntries(Object.entries(environmentOf(services['minio-init']!)).map(([k, v]) => [k, interpolate(v, {})]));
      const notifier = resolvedEnvironmentOf('notifier');
      expect(notifier.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
      expect(notifier.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(init.S3_BUCKET).toBe(notifier.S3_BUCKET);
      expect(new Set(Object.values(dependsOn(services['minio-init']!)).map((spec) => spec.condition))).toEqual(new Set(['service_healthy']));

      expect(notifier.SMTP_PORT).toBe(environmentOf(services.maildev!).MAILDEV_SMTP_PORT);
    });
  });

  describe('gateway', () => {
    const gateway = services.gateway!;
    const environment = environmentOf(gateway);
    const dockerfile = read(GATEWAY_DOCKERFILE);
    const instructions = dockerfileInstructions(dockerfile);
    const nginxStage = dockerfileStages(dockerfile).at(-1)!.instructions;
    const imageEnv = Object.fromEntries(
      nginxStage
        .filter((i) => i.startsWith('ENV '))
        .flatMap((i) => [...i.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
    );

    it('builds from the gateway Dockerfile: frontend in a node stage, nginx with the template', () => {
      const build = buildOf(gateway);
      expect(path.normalize(build.context ?? '')).toBe('.');
      expect(build.dockerfile).toBe(GATEWAY_DOCKERFILE);
      expect(instructions.some((i) => /^FROM \S*node\S* AS frontend$|^ARG NODE_IMAGE=node:24-bookworm-slim$/.test(i))).toBe(true);
      expect(instructions.some((i) => /npm run build -w frontend/.test(i))).toBe(true);
      expect(nginxStage).toContain(`COPY ${GATEWAY_TEMPLATE} ${NGINX_TEMPLATE_TARGET}`);
      expect(nginxStage).toContain('COPY --from=frontend /app/frontend/dist/ ${FRONTEND_ROOT}/');
    });

    it('sets every template variable, with upstreams that are the services on their ports', () => {
      for (const variable of TEMPLATE_VARIABLES) expect(environment[variable]).toBeTruthy();
      const upstreams: Record<string, ServiceName> = {
        COMMAND_API_UPSTREAM: 'command-api',
        QUERY_API_UPSTREAM: 'query-api',
        ATS_ENGINE_UPSTREAM: 'ats-engine',
        NOTIFIER_UPSTREAM: 'notifier',
      };
      for (const [variable, service] of Object.entries(upstreams)) {
        expect(environment[variable]).toBe(`${service}:${resolvedEnvironmentOf(service).PORT}`);
        expect(dependsOn(gateway)[service]?.condition).toBe('service_healthy');
      }
      // The frontend is where the image put it.
      expect(environment.FRONTEND_ROOT).toBe(imageEnv.FRONTEND_ROOT);
    });

    it('is published on 8080, the port it listens on', () => {
      expect(environment.GATEWAY_PORT).toBe(String(LOCAL_STACK.gateway.port));
      expect(publishedPorts('gateway')).toEqual([
        expect.objectContaining({ published: LOCAL_STACK.gateway.port, target: Number(environment.GATEWAY_PORT) }),
      ]);
    });

    const template = fs.existsSync(path.join(ROOT, GATEWAY_TEMPLATE)) ? read(GATEWAY_TEMPLATE) : undefined;
    (template === undefined ? it.skip : it)(`provides every variable of ${GATEWAY_TEMPLATE}`, () => {
      // envsubst placeholders are upper case; nginx's own variables ($host, $uri, ...) are lower case.
      // Comments are left out: an unset ${VAR} there is harmless (envsubst only replaces variables that are set).
      const directives = template!
        .split(/\r?\n/)
        .filter((line) => !line.trim().startsWith('#'))
        .join('\n');
      const used = new Set([...directives.matchAll(/\$\{?([A-Z][A-Z0-9_]*)\}?/g)].map((m) => m[1]!));
      expect(used.size).toBeGreaterThan(0);
      expect([...used].filter((variable) => !(variable in environment))).toEqual([]);
    });

    (template === undefined ? it.skip : it)('health-checks a location the template serves', () => {
      const probe = /https?:\/\/[^/\s"]+(\/[^\s"|]*)/.exec(healthcheckText(gateway.healthcheck))?.[1];
      expect(probe).toBeDefined();
      if (probe !== '/') expect(template).toMatch(new RegExp(`location\\s+(=\\s+)?${probe!.replace(/[/.]/g, '\\$&')}\\s*\\{`));
    });
  });

  describe('ports, volumes and images', () => {
    it('publishes each host port once: the gateway on 8080 and the MailDev UI on 1080', () => {
      const all = ALL_SERVICES.flatMap(publishedPorts);
      const keys = all.map((port) => `${port.published}/${port.protocol}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(all.map(({ service, published, target }) => ({ service, published, target })).sort((a, b) => a.published - b.published)).toEqual([
        { service: 'maildev', published: 1080, target: 1080 },
        { service: 'gateway', published: 8080, target: 8080 },
      ]);
    });

    it('keeps the data of every stateful server in a declared named volume', () => {
      const declared = Object.keys(compose.volumes ?? {});
      const used = new Set<string>();
      for (const name of STATEFUL) {
        const named = (services[name]!.volumes ?? [])
          .map((volume) => (typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '')))
          .filter((source) => source !== '' && !source.startsWith('.') && !source.startsWith('/'));
        expect(named.length).toBeGreaterThan(0);
        for (const source of named) {
          expect(declared).toContain(source);
          used.add(source);
        }
      }
      expect(declared.filter((volume) => !used.has(volume))).toEqual([]);
    });

    it('pins every third-party image to a version', () => {
      for (const name of ALL_SERVICES.filter((service) => services[service]!.image !== undefined)) {
        const image = services[name]!.image!;
        expect({ name, image, tagged: /:[^/]+$/.test(image) && !image.endsWith(':latest') }).toEqual({ name, image, tagged: true });
      }
      expect(services.eventstore!.image).toBe('eventstore/eventstore:24.10');
      expect(services.kafka!.image).toBe('apache/kafka:3.9.1');
      expect(services.mongo!.image).toBe('mongo:7');
    });

    it('runs the MailDev major of the local stack, so that the mailbox API is the same everywhere', () => {
      const wanted = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies.maildev!;
      const major = /\d+/.exec(wanted)![0];
      expect(services.maildev!.image).toMatch(new RegExp(`^maildev/maildev:${major}(\\.|$)`));
    });
  });
});
