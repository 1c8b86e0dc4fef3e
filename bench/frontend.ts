/**
 * What the browser pays for the frontend, measured in headless Chromium through a real gateway:
 *  - the initial JavaScript of each route (every script loaded until the network is idle), raw, gzip
 *    (level 6, like `gzip`) and as the gateway sent it, split into the shell every route shares and the
 *    route's own chunks: the proof that routes are code-split;
 *  - time to interactive of /job-listings, from navigation to the first job card rendered and a key
 *    typed into the search box handled, over `loads` fresh page loads with 50 approved jobs (the
 *    baseline) and then with `jobs` (5,000 unless said), in the same run.
 *
 * The data lives in a namespace of its own (an event-store schema and a read-model database), so the
 * running stack's listing is untouched: jobs are decided and appended by the job aggregate's command
 * handling, projected by the real projection runners, read by a real query-api process, and served
 * with the built frontend by a private nginx rendered from the gateway's own template.
 *
 * The landing page's initial JavaScript has a budget (LANDING_BUDGET_KIB, gzip): the run says whether
 * it holds, and exits non-zero when it does not.
 *
 * Each load's breakdown is printed beside its time to interactive, on the page's clock (ms from
 * navigation start): the document's first byte, DOMContentLoaded, when /api/jobs was asked for and
 * answered, the first card, the key's keydown (card→key: the driver's own delay, its locator poll and
 * press, not the page's), and the long tasks (> 50 ms) before and after the first card; then every request
 * the page made (scripts, styles, fonts, each API call) with its start, first byte, end and duration, and
 * the load average before and after each phase.
 *
 *   npx tsx bench/frontend.ts [loads = 10] [jobs = 5000]    (needs `npm start`'s stack and `npm run build`)
 *   BENCH_FRONTEND_DIST=/some/dist npx tsx bench/frontend.ts 1 50    (another build)
 *   BENCH_FRONTEND_COMPARE=/tmp/before BENCH_FRONTEND_DIST=/tmp/after npx tsx bench/frontend.ts 7 50000
 *       (before/after in the same run: each build behind its own nginx, loads taken in turns; copy each
 *       dist aside first, as nginx serves the directory while the run lasts)
 *   BENCH_FRONTEND_TRACE=/tmp/trace …    (the last load of each phase and build saved as a Chromium trace,
 *       with the V8 sampling profile: /tmp/trace-<jobs>-<build>.json, for chrome://tracing or Perfetto)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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
/**
 * Other builds measured beside it in the same run, loads taken in turns (e.g. a copy of the dist before a
 * change): comma-separated dist directories, each named in the tables by its directory's name.
 */
const COMPARE_DISTS = (process.env.BENCH_FRONTEND_COMPARE ?? '').split(',').filter((dist) => dist !== '');
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
async function startGateway(queryApiUrl: string, frontendRoot: string): Promise<Gateway> {
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
      FRONTEND_ROOT: frontendRoot,
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

/** One request the page made, on the page's clock (0 = navigation start). */
interface Request {
  path: string;
  type: string;
  start: number;
  firstByte: number;
  end: number;
}

/** One cold load of /job-listings, on the page's clock (ms from navigation start). */
interface Load {
  /** The document's first byte (navigation responseStart). */
  firstByteMs: number;
  domContentLoadedMs: number;
  /** The first job card in the DOM. */
  firstCardMs: number;
  /** The typed key's keydown reached the page: the driver's own delay after the card is between the two. */
  keydownMs: number;
  /** The key's input event: time to interactive. */
  interactiveMs: number;
  /** Long tasks (> 50 ms of the main thread) before the first card, and between it and the input. */
  longTasksBeforeCardMs: number;
  longTasksAfterCardMs: number;
  requests: Request[];
}

/** Timings kept by the page itself, on its own clock (0 = navigation start); a script, as the bench has no DOM types. */
const TIMING_PROBE = `(() => {
  const bench = (window.__bench = { longTasks: [] });
  const observer = new MutationObserver(() => {
    if (bench.card === undefined && document.querySelector('.job-card')) {
      bench.card = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('keydown', () => (bench.keydown ??= performance.now()), true);
  document.addEventListener('input', () => (bench.input ??= performance.now()), true);
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => bench.longTasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** The probe's state in the page. */
interface Probe {
  __bench: { card?: number; input?: number };
}

/** What the probe kept, with the navigation's and every request's timing. */
const TIMING_READ = `(() => {
  const bench = window.__bench;
  const nav = performance.getEntriesByType('navigation')[0];
  const during = (from, to) => bench.longTasks.filter(([start]) => start >= from && start < to).reduce((total, [, duration]) => total + duration, 0);
  return {
    firstByteMs: nav.responseStart,
    domContentLoadedMs: nav.domContentLoadedEventEnd,
    firstCardMs: bench.card,
    keydownMs: bench.keydown,
    interactiveMs: bench.input,
    longTasksBeforeCardMs: during(0, bench.card),
    longTasksAfterCardMs: during(bench.card, bench.input),
    requests: performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      type: entry.initiatorType,
      start: entry.startTime,
      firstByte: entry.responseStart,
      end: entry.responseEnd,
    })),
  };
})()`;

/** With BENCH_FRONTEND_TRACE=<prefix>, the last load of each phase and build is saved as a Chromium trace (<prefix>-<jobs>-<build>.json). */
const TRACE_PREFIX = process.env.BENCH_FRONTEND_TRACE;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'];

/** One cold load of /job-listings: first card rendered, then a key typed into the search box handled. */
async function timeListingLoad(browser: Browser, gatewayUrl: string, token: string, tracePath?: string): Promise<Load> {
  const page = await freshPage(browser, token);
  try {
    await page.addInitScript({ content: TIMING_PROBE });
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    await page.goto(`${gatewayUrl}/job-listings`, { waitUntil: 'commit' });
    // Waited for in the page, every animation frame: a locator's waitFor retries after 0, 20, 50, 100, 100 and
    // then every 500 ms, which put up to 500 ms of the driver's own polling into the figure.
    // A function, not a string: the portal's Content-Security-Policy refuses eval.
    await page.waitForFunction(() => (globalThis as unknown as Probe).__bench.card !== undefined, undefined, { polling: 'raf', timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).press('a');
    await page.waitForFunction(() => (globalThis as unknown as Probe).__bench.input !== undefined, undefined, { polling: 'raf' });
    if (tracePath) await browser.stopTracing();
    return (await page.evaluate(TIMING_READ)) as Load;
  } finally {
    await page.context().close();
  }
}

/** A build of the frontend served by its own gateway: the one measured, and optionally the one compared with. */
interface Build {
  name: string;
  dist: string;
  gateway: Gateway;
}

/** `loads` loads of each build, taken in turns so that both see the same machine. */
async function timeListing(browser: Browser, builds: Build[], token: string, loads: number, jobs: number): Promise<Map<string, Load[]>> {
  const results = new Map(builds.map((build) => [build.name, [] as Load[]]));
  // Warm-up: server caches, the projection's indexes, nginx's open files.
  for (const build of builds) await timeListingLoad(browser, build.gateway.url, token);
  for (let i = 0; i < loads; i++) {
    for (const build of builds) {
      const tracePath = TRACE_PREFIX && i === loads - 1 ? `${TRACE_PREFIX}-${jobs}-${build.name}.json` : undefined;
      results.get(build.name)!.push(await timeListingLoad(browser, build.gateway.url, token, tracePath));
    }
  }
  return results;
}

const p50 = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const p99 = (values: number[]) => percentile([...values].sort((a, b) => a - b), 99);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');
/** The load average over the last minute, as `uptime` prints it. */
const loadAverage = () => `load ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;

interface Phase {
  name: string;
  build: string;
  loads: Load[];
  load: string;
}

/** A request's name in the breakdown: API calls by path, assets by their file without the hash. */
const requestName = (request: Request) =>
  request.path.startsWith('/api/') ? request.path : `${request.type} ${request.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}(\.\w+)$/, '$1')}`;

function printTimes(phases: Phase[]): void {
  console.log(`\nTime to interactive of /job-listings (cold page load each; ms from navigation; p50 unless said)`);
  console.log(
    `${'phase'.padEnd(34)}${'build'.padEnd(10)}${'loads'.padStart(6)}${'TTI p50'.padStart(9)}${'TTI p99'.padStart(9)}${'1st byte'.padStart(9)}${'DCL'.padStart(7)}${'jobs req'.padStart(9)}${'jobs end'.padStart(9)}${'card'.padStart(7)}${'card p99'.padStart(9)}${'keydown'.padStart(9)}${'card→key'.padStart(9)}${'long<card'.padStart(10)}${'long>card'.padStart(10)}${'vs base'.padStart(9)}  load average`,
  );
  const baseline = new Map<string, number>();
  for (const { name, build, loads, load } of phases) {
    const tti = p50(loads.map((entry) => entry.interactiveMs));
    if (!baseline.has(build)) baseline.set(build, tti);
    const jobsCall = (entry: Load) => entry.requests.find((request) => request.path === '/api/jobs');
    const cells = [
      [tti, 9],
      [p99(loads.map((entry) => entry.interactiveMs)), 9],
      [p50(loads.map((entry) => entry.firstByteMs)), 9],
      [p50(loads.map((entry) => entry.domContentLoadedMs)), 7],
      [p50(loads.map((entry) => jobsCall(entry)?.start ?? Number.NaN)), 9],
      [p50(loads.map((entry) => jobsCall(entry)?.end ?? Number.NaN)), 9],
      [p50(loads.map((entry) => entry.firstCardMs)), 7],
      [p99(loads.map((entry) => entry.firstCardMs)), 9],
      [p50(loads.map((entry) => entry.keydownMs)), 9],
      // Per load: the driver's delay between the card and the key (its locator poll and press), not the page's.
      [p50(loads.map((entry) => entry.keydownMs - entry.firstCardMs)), 9],
      [p50(loads.map((entry) => entry.longTasksBeforeCardMs)), 10],
      [p50(loads.map((entry) => entry.longTasksAfterCardMs)), 10],
    ] as const;
    const row = cells.map(([value, width]) => ms(value).padStart(width)).join('');
    console.log(`${name.padEnd(34)}${build.padEnd(10)}${String(loads.length).padStart(6)}${row}${`${(tti / baseline.get(build)!).toFixed(2)}x`.padStart(9)}  ${load}`);
  }
  console.log(`\nEvery request of the page (p50 over the loads that made it: start, first byte and end on the page's clock, duration = end - start)`);
  for (const { name, build, loads } of phases) {
    console.log(`${name} — ${build}`);
    const names = [...new Set(loads.flatMap((entry) => entry.requests.map(requestName)))];
    for (const request of names) {
      const made = loads.flatMap((entry) => entry.requests.filter((candidate) => requestName(candidate) === request));
      const cells = [p50(made.map((entry) => entry.start)), p50(made.map((entry) => entry.firstByte)), p50(made.map((entry) => entry.end)), p50(made.map((entry) => entry.end - entry.start))];
      console.log(`    ${request.padEnd(48)}${`×${made.length}`.padStart(5)}${cells.map((value) => ms(value).padStart(8)).join('')}`);
    }
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
  gateways: Gateway[];
  browser?: Browser;
}

async function measure(rig: Rig, loads: number, jobs: number): Promise<void> {
  rig.runners = await startProjections(rig.ns);
  const queryApi = (rig.queryApi = await spawnService('query-api', { ...rig.ns.env, LOG_LEVEL: 'warn' }));
  await waitForStatus(`${queryApi.url}/ready`, 200, 60_000);
  const builds: Build[] = [];
  // nginx serves the directory as it is: rebuilding the frontend during a run breaks the pages (copy the dist aside to measure it).
  for (const dist of [...COMPARE_DISTS, FRONTEND_DIST]) {
    const name = basename(dist);
    const gateway = await startGateway(queryApi.url, dist);
    rig.gateways.push(gateway);
    builds.push({ name, dist, gateway });
  }
  const gateway = builds[builds.length - 1]!.gateway;
  // Playwright's own Ctrl-C handling would exit before the namespace and the processes are cleaned up.
  const browser = (rig.browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false }));
  const env = loadEnv({ ...process.env, ...rig.ns.env, LOG_LEVEL: 'silent' });
  const student = await signedInUser({ deps: { store: rig.ns.store, env } } as unknown as CommandApiUnderTest, 'student', { fullName: 'Bench Student' });

  console.log(`namespace ${rig.ns.env.POSTGRES_SCHEMA}; builds ${builds.map((build) => `${build.name} ${build.dist} at ${build.gateway.url}`).join(', ')}; posting ${BASELINE_JOBS} approved jobs…`);
  await postApprovedJobs(rig.ns.store, BASELINE_JOBS, 0);
  await waitForListedJobs(queryApi.url, BASELINE_JOBS);

  const routes: RouteScripts[] = [];
  for (const { path, ready } of PUBLIC_ROUTES) routes.push({ route: path, scripts: await initialScripts(browser, `${gateway.url}${path}`, ready, null) });
  for (const { path, ready } of STUDENT_ROUTES) routes.push({ route: path, scripts: await initialScripts(browser, `${gateway.url}${path}`, ready, student.token) });
  printInitialJavaScript(routes);

  const phases: Phase[] = [];
  const timePhase = async (name: string, count: number) => {
    console.log(`\n${loads} loads of each build with ${count} jobs (${loadAverage()})…`);
    const before = loadAverage();
    const results = await timeListing(browser, builds, student.token, loads, count);
    for (const build of builds) phases.push({ name, build: build.name, loads: results.get(build.name)!, load: `${before} → ${loadAverage()}` });
  };
  try {
    await timePhase(`${BASELINE_JOBS} approved jobs (baseline)`, BASELINE_JOBS);
    console.log(`posting ${jobs - BASELINE_JOBS} more approved jobs…`);
    const started = Date.now();
    await postApprovedJobs(rig.ns.store, jobs - BASELINE_JOBS, BASELINE_JOBS);
    await waitForListedJobs(queryApi.url, jobs);
    console.log(`${jobs} jobs appended and projected in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await timePhase(`${jobs} approved jobs`, jobs);
  } finally {
    // What was measured before a failure is still printed.
    if (phases.length > 0) printTimes(phases);
  }
}

async function tearDown(rig: Rig): Promise<void> {
  await rig.browser?.close();
  for (const gateway of rig.gateways) await gateway.stop();
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
  const rig: Rig = { ns: await createNamespace(), runners: [], gateways: [] };
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
