/**
 * What the browser pays for the frontend, measured in headless Chromium through a real gateway:
 *  - the initial JavaScript of each route (every script loaded until the network is idle), raw, gzip
 *    (level 6, like `gzip`) and as the gateway sent it, split into the shell every route shares and the
 *    route's own chunks: the proof that routes are code-split;
 *  - time to interactive of /job-listings, from navigation to the first job card rendered and a key
 *    typed into the search box handled, over `loads` fresh page loads with 50 approved jobs (the
 *    baseline) and then with 5,000, in the same run.
 *
 * The data lives in a namespace of its own (an event-store schema and a read-model database), so the
 * running stack's listing is untouched: jobs are decided and appended by the job aggregate's command
 * handling, projected by the real projection runners, read by a real query-api process, and served
 * with the built frontend by a private nginx rendered from the gateway's own template.
 *
 * The landing page's initial JavaScript has a budget (LANDING_BUDGET_KIB, gzip): the run says whether
 * it holds, and exits non-zero when it does not.
 *
 *   npx tsx bench/frontend.ts [loads = 10] [jobs = 5000]    (needs `npm start`'s stack and `npm run build`)
 *   BENCH_FRONTEND_DIST=/some/dist npx tsx bench/frontend.ts 1 50    (another build, e.g. to compare before/after)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { JOB_EVENT_VERSIONS, jobDecider, jobStreamId } from '../domain/src';
import { jobFixtures } from '../domain/src/test-support';
import { connectMongo, createLogger, isolatedPostgresStore, loadEnv, runCommand, type EventStore, type MongoConnection } from '../platform/src';
import { signedInUser, type CommandApiUnderTest } from '../command-api/src/test-support';
import { ALL_PROJECTIONS } from '../projectors/src/projections';
import { ProjectionRunner } from '../projectors/src/runner';
import { nginxArgs, writeGatewayConfig } from '../infra/local/gateway-config';
import { nginx } from '../infra/local/servers/gateway';
import { launchBrowser } from '../tests/support/browser';
import { freePort, repoRoot, spawnService, waitForStatus, type ServiceProcess } from '../tests/support/processes';
import { assertLoopback, percentile } from './lib/measure';
import { useEphemeralJwtSecret } from '../tests/support/ephemeral-secret';

const BASELINE_JOBS = 50;
/** The landing page's initial JavaScript, gzip (issue 17). */
const LANDING_BUDGET_KIB = 120;
const FRONTEND_DIST = process.env.BENCH_FRONTEND_DIST ?? join(repoRoot, 'frontend', 'dist');
const APPEND_CONCURRENCY = 16;

interface Namespace {
  env: Record<string, string>;
  store: EventStore;
  mongo: MongoConnection;
  dispose: () => Promise<void>;
}

/** An event-store schema and a read-model database of their own, dropped afterwards. */
async function createNamespace(): Promise<Namespace> {
  const base = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
  assertLoopback(base.POSTGRES_URL);
  const isolated = await isolatedPostgresStore(base.POSTGRES_URL);
  const mongoUrl = new URL(base.MONGODB_URL);
  mongoUrl.pathname = `/bench_frontend_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const env = { POSTGRES_SCHEMA: isolated.schema, MONGODB_URL: mongoUrl.toString() };
  const mongo = await connectMongo(loadEnv({ ...process.env, ...env }));
  const dispose = async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
    await isolated.dispose();
  };
  return { env, store: isolated.store, mongo, dispose };
}

/** The job projections, in this process, following the namespace's log. */
async function startProjections(ns: Namespace): Promise<ProjectionRunner[]> {
  const logger = createLogger('bench-frontend', 'silent');
  const runners = ALL_PROJECTIONS.map((projection) => new ProjectionRunner(projection, ns.store, ns.mongo.db, logger));
  await Promise.all(runners.map((runner) => runner.start()));
  return runners;
}

/** Appends approved jobs through the job aggregate's decider, `APPEND_CONCURRENCY` at a time. */
async function postApprovedJobs(store: EventStore, count: number, offset: number): Promise<void> {
  const postOne = async (n: number) => {
    const jobId = randomUUID();
    const job = { ...structuredClone(jobFixtures.validJobForm), profiles: `Software Engineer ${n}`, companyName: `Company ${n % 400}` };
    await runCommand(store, {
      context: { now: new Date(), actor: { id: null, role: 'admin' } },
      causation: { correlationId: `bench-frontend-${jobId}`, causationId: null },
      streamId: jobStreamId(jobId),
      decider: jobDecider,
      versions: JOB_EVENT_VERSIONS,
      command: { type: 'PostJob', jobId, job, approveImmediately: true },
    });
  };
  for (let start = 0; start < count; start += APPEND_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(APPEND_CONCURRENCY, count - start) }, (_, i) => postOne(offset + start + i)));
  }
}

async function waitForListedJobs(queryApiUrl: string, count: number): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const reply = (await (await fetch(`${queryApiUrl}/api/jobs?limit=1`)).json()) as { count: number };
    if (reply.count >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${reply.count} of ${count} jobs projected after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Gateway {
  url: string;
  stop: () => Promise<void>;
}

/** nginx from the gateway's own template: the built frontend, and GETs to the namespace's query-api. */
async function startGateway(queryApiUrl: string): Promise<Gateway> {
  const prefixDir = mkdtempSync(join(tmpdir(), 'bench-frontend-gateway-'));
  const port = await freePort();
  // Nothing measured here writes: the other upstreams are a closed port, so a stray call answers 503.
  const closed = `127.0.0.1:${await freePort()}`;
  const options = {
    nginx: nginx(),
    prefixDir,
    errorLog: join(prefixDir, 'error.log'),
    accessLog: join(prefixDir, 'access.log'),
    variables: {
      GATEWAY_PORT: `127.0.0.1:${port}`,
      COMMAND_API_UPSTREAM: closed,
      QUERY_API_UPSTREAM: new URL(queryApiUrl).host,
      ATS_ENGINE_UPSTREAM: closed,
      NOTIFIER_UPSTREAM: closed,
      FRONTEND_ROOT: FRONTEND_DIST,
      // Plain http, as on the local stack: no Strict-Transport-Security.
      GATEWAY_HSTS: '',
    },
  };
  writeGatewayConfig(options);
  const child: ChildProcess = spawn(options.nginx, nginxArgs(options), { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitForStatus(`${url}/healthz`, 200);
  return {
    url,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefixDir, { recursive: true, force: true });
    },
  };
}

interface Script {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes on the wire as the gateway sent them (its own gzip). */
  served: number;
}

const fileOf = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

/** A browser context that is signed in as `token`'s student, or a visitor without one. */
async function freshPage(browser: Browser, token: string | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript((value) => (localStorage.setItem('token', value), localStorage.setItem('role', 'student')), token);
  return context.newPage();
}

interface RouteProbe {
  path: string;
  ready: string | RegExp;
}

/** Every script the route loads until its screen has rendered and the network is idle, with its sizes. */
async function initialScripts(browser: Browser, url: string, ready: string | RegExp, token: string | null): Promise<Script[]> {
  const page = await freshPage(browser, token);
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    // A busy machine can parse the shell for longer than the idle window: wait for the screen itself.
    await page.getByText(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await Promise.all(responses.map(sizesOf));
  } finally {
    await page.context().close();
  }
}

async function sizesOf(response: Response): Promise<Script> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return { url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 6 }).length, served: sizes.responseBodySize };
}

const sum = (scripts: Script[], size: keyof Omit<Script, 'url'>) => scripts.reduce((total, script) => total + script[size], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface RouteScripts {
  route: string;
  scripts: Script[];
}

function printInitialJavaScript(routes: RouteScripts[]): void {
  const landing = routes[0]!;
  const shell = new Set(landing.scripts.map((script) => fileOf(script.url)));
  console.log(`\nInitial JavaScript per route (all scripts until network idle; gzip = level 6, served = as the gateway sent it;\nown = the route's chunks beyond those of the landing page)`);
  console.log(`${'route'.padEnd(30)}${'files'.padStart(6)}${'raw'.padStart(12)}${'gzip'.padStart(12)}${'served'.padStart(12)}${'own gzip'.padStart(12)}`);
  for (const { route, scripts } of routes) {
    const own = route === landing.route ? [] : scripts.filter((script) => !shell.has(fileOf(script.url)));
    const sizes = [sum(scripts, 'raw'), sum(scripts, 'gzip'), sum(scripts, 'served'), sum(own, 'gzip')].map((bytes) => kb(bytes).padStart(12)).join('');
    console.log(`${route.padEnd(30)}${String(scripts.length).padStart(6)}${sizes}`);
    if (own.length > 0) console.log(`    own chunks: ${own.map((script) => `${fileOf(script.url)} ${kb(script.gzip)}`).join(', ')}`);
  }
  const listing = routes.find((entry) => entry.route === '/job-listings');
  const listingChunk = listing?.scripts.find((script) => fileOf(script.url).startsWith('JobListingsPage-'));
  const landingLoadsListing = landing.scripts.some((script) => fileOf(script.url).startsWith('JobListingsPage-'));
  console.log(`\ncode split: the landing page ${landingLoadsListing ? 'DOES load' : 'does not load'} the job listing's chunk${listingChunk ? ` (${fileOf(listingChunk.url)}, ${kb(listingChunk.gzip)} gzip)` : ''}`);
  console.log(`landing page files: ${landing.scripts.map((script) => `${fileOf(script.url)} ${kb(script.gzip)}`).join(', ')}`);
  const landingGzip = sum(landing.scripts, 'gzip');
  const within = landingGzip <= LANDING_BUDGET_KIB * 1024;
  console.log(`landing page initial JavaScript: ${kb(landingGzip)} gzip, budget ${LANDING_BUDGET_KIB} KiB: ${within ? 'within' : 'OVER BUDGET'} (${FRONTEND_DIST})`);
  if (!within) process.exitCode = 1;
}

interface Load {
  firstCardMs: number;
  interactiveMs: number;
  jobsApiMs: number;
}

/** Timings kept by the page itself, on its own clock (0 = navigation start). */
const TIMING_PROBE = () => {
  const probe = globalThis as unknown as { __bench: { card?: number; input?: number } };
  probe.__bench = {};
  const doc = (globalThis as unknown as { document: { querySelector: (selector: string) => unknown; addEventListener: (type: string, listener: () => void, capture: boolean) => void } }).document;
  const clock = (globalThis as unknown as { performance: { now: () => number } }).performance;
  const Observer = (globalThis as unknown as { MutationObserver: new (callback: () => void) => { observe: (target: unknown, options: object) => void; disconnect: () => void } }).MutationObserver;
  const observer = new Observer(() => {
    if (probe.__bench.card === undefined && doc.querySelector('.job-card')) {
      probe.__bench.card = clock.now();
      observer.disconnect();
    }
  });
  observer.observe(doc, { childList: true, subtree: true });
  doc.addEventListener('input', () => (probe.__bench.input ??= clock.now()), true);
};

/** One cold load of /job-listings: first card rendered, then a key typed into the search box handled. */
async function timeListingLoad(browser: Browser, gatewayUrl: string, token: string): Promise<Load> {
  const page = await freshPage(browser, token);
  try {
    await page.addInitScript(TIMING_PROBE);
    await page.goto(`${gatewayUrl}/job-listings`, { waitUntil: 'commit' });
    await page.locator('.job-card').first().waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).press('a');
    await page.waitForFunction(() => (globalThis as unknown as { __bench: { input?: number } }).__bench.input !== undefined);
    return await page.evaluate(() => {
      const { card, input } = (globalThis as unknown as { __bench: { card: number; input: number } }).__bench;
      const entries = (globalThis as unknown as { performance: { getEntriesByType: (type: string) => { name: string; responseEnd: number; startTime: number }[] } }).performance.getEntriesByType('resource');
      const jobs = entries.find((entry) => new URL(entry.name).pathname === '/api/jobs');
      return { firstCardMs: card, interactiveMs: input, jobsApiMs: jobs ? jobs.responseEnd - jobs.startTime : Number.NaN };
    });
  } finally {
    await page.context().close();
  }
}

async function timeListing(browser: Browser, gatewayUrl: string, token: string, loads: number): Promise<Load[]> {
  await timeListingLoad(browser, gatewayUrl, token); // warm-up: server caches and the projection's indexes
  const results: Load[] = [];
  for (let i = 0; i < loads; i++) results.push(await timeListingLoad(browser, gatewayUrl, token));
  return results;
}

function printTimes(phases: { name: string; loads: Load[] }[]): void {
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [percentile(sorted, 50), percentile(sorted, 99)];
  };
  console.log(`\nTime to interactive of /job-listings (cold page load each; ms from navigation)`);
  console.log(`${'phase'.padEnd(30)}${'loads'.padStart(6)}${'TTI p50'.padStart(10)}${'TTI p99'.padStart(10)}${'card p50'.padStart(10)}${'card p99'.padStart(10)}${'/api/jobs p50'.padStart(15)}${'vs baseline'.padStart(13)}`);
  const baseline = stats(phases[0]!.loads.map((load) => load.interactiveMs))[0]!;
  for (const { name, loads } of phases) {
    const [ttiP50, ttiP99] = stats(loads.map((load) => load.interactiveMs));
    const [cardP50, cardP99] = stats(loads.map((load) => load.firstCardMs));
    const [apiP50] = stats(loads.map((load) => load.jobsApiMs));
    const cells = [ttiP50!, ttiP99!, cardP50!, cardP99!].map((value) => value.toFixed(0).padStart(10)).join('');
    console.log(`${name.padEnd(30)}${String(loads.length).padStart(6)}${cells}${apiP50!.toFixed(0).padStart(15)}${`${(ttiP50! / baseline).toFixed(2)}x`.padStart(13)}`);
  }
}

/** Each route with a text that shows once its own screen has rendered (its lazy chunks have run). */
const PUBLIC_ROUTES: RouteProbe[] = [
  { path: '/', ready: 'Join Now' },
  { path: '/about', ready: 'Connecting students with the right opportunities' },
  { path: '/auth-Container', ready: 'Welcome Back' },
  { path: '/submit-interview-experience', ready: 'Submit Experience' },
  { path: '/post-job', ready: 'Companies can post an opening without an account.' },
];
const STUDENT_ROUTES: RouteProbe[] = [
  { path: '/dashboard', ready: 'Find Latest Jobs' },
  { path: '/job-listings', ready: /^Found \d+ job listings$/ },
  { path: '/my-applications', ready: 'No Applications!' },
  { path: '/cdc-trainings', ready: 'Career Development Centre Trainings' },
  { path: '/interview-insights', ready: 'Share Your Experience' },
  { path: '/profile', ready: 'No resume uploaded.' },
  { path: '/student-details', ready: 'Complete your profile' },
  { path: '/cv', ready: 'Check ATS Score' },
];

/** Rejects on Ctrl-C or SIGTERM, so that the namespace, the query-api and nginx are still cleaned up. */
const interrupted = new Promise<never>((_, reject) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => reject(new Error(`interrupted by ${signal}`)));
});

/** What a run starts, and must stop again whatever happens. */
interface Rig {
  ns: Namespace;
  runners: ProjectionRunner[];
  queryApi?: ServiceProcess;
  gateway?: Gateway;
  browser?: Browser;
}

async function measure(rig: Rig, loads: number, jobs: number): Promise<void> {
  rig.runners = await startProjections(rig.ns);
  const queryApi = (rig.queryApi = await spawnService('query-api', { ...rig.ns.env, LOG_LEVEL: 'warn' }));
  await waitForStatus(`${queryApi.url}/ready`, 200, 60_000);
  const gateway = (rig.gateway = await startGateway(queryApi.url));
  // Playwright's own Ctrl-C handling would exit before the namespace and the processes are cleaned up.
  const browser = (rig.browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false }));
  const env = loadEnv({ ...process.env, ...rig.ns.env, LOG_LEVEL: 'silent' });
  const student = await signedInUser({ deps: { store: rig.ns.store, env } } as unknown as CommandApiUnderTest, 'student', { fullName: 'Bench Student' });

  console.log(`namespace ${rig.ns.env.POSTGRES_SCHEMA}; gateway ${gateway.url}; posting ${BASELINE_JOBS} approved jobs…`);
  await postApprovedJobs(rig.ns.store, BASELINE_JOBS, 0);
  await waitForListedJobs(queryApi.url, BASELINE_JOBS);

  const routes: RouteScripts[] = [];
  for (const { path, ready } of PUBLIC_ROUTES) routes.push({ route: path, scripts: await initialScripts(browser, `${gateway.url}${path}`, ready, null) });
  for (const { path, ready } of STUDENT_ROUTES) routes.push({ route: path, scripts: await initialScripts(browser, `${gateway.url}${path}`, ready, student.token) });
  printInitialJavaScript(routes);

  console.log(`\n${loads} loads with ${BASELINE_JOBS} jobs…`);
  const baseline = await timeListing(browser, gateway.url, student.token, loads);
  console.log(`posting ${jobs - BASELINE_JOBS} more approved jobs…`);
  const started = Date.now();
  await postApprovedJobs(rig.ns.store, jobs - BASELINE_JOBS, BASELINE_JOBS);
  await waitForListedJobs(queryApi.url, jobs);
  console.log(`${jobs} jobs appended and projected in ${((Date.now() - started) / 1000).toFixed(0)} s; ${loads} loads…`);
  const large = await timeListing(browser, gateway.url, student.token, loads);
  printTimes([
    { name: `${BASELINE_JOBS} approved jobs (baseline)`, loads: baseline },
    { name: `${jobs} approved jobs`, loads: large },
  ]);
}

async function tearDown(rig: Rig): Promise<void> {
  await rig.browser?.close();
  await rig.gateway?.stop();
  if (rig.queryApi) {
    rig.queryApi.child.kill('SIGTERM');
    await rig.queryApi.exited;
  }
  await Promise.all(rig.runners.map((runner) => runner.stop()));
  await rig.ns.dispose();
}

async function main(): Promise<void> {
  useEphemeralJwtSecret();
  const loads = Number(process.argv[2] ?? 10);
  const jobs = Number(process.argv[3] ?? 5000);
  const rig: Rig = { ns: await createNamespace(), runners: [] };
  try {
    await Promise.race([measure(rig, loads, jobs), interrupted]);
  } finally {
    await tearDown(rig);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
