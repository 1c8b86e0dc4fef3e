/**
 * The read side at size: a portal of 20,000 students, 50,000 jobs and 200,000 applications (plus status
 * changes) written through the command side into a namespace of its own, then
 *   1. the projectors process builds every read model from the start: catch-up rate (events/s);
 *   2. 50 concurrent clients on the query-api process: the job listing with filters, the admin
 *      application review (job table, one job's applications, all applications by status) and the
 *      admin dashboard (its three figure calls at once), the admin job table (with each job's eligible
 *      students), the user table with a search and User Management's pages, the bulk e-mail's
 *      recipients, p50/p99, each beside a baseline of the same MongoDB queries issued directly by the
 *      driver;
 *   3. projection lag (events and seconds behind, sampled every 250 ms from the projectors' /metrics)
 *      while 50 clients change application statuses through the command-api process, in two rounds:
 *      commands never held (COMMAND_READ_SIDE_BUDGET_MS=0, the baseline), then held while a
 *      projection is far behind (ReadSidePace, command-api's default);
 *
 *   4. (stage `season`) the placement season's screens (issue 16): the admin statistics as of a day and
 *      for the season, the public headline, the placement policy, a student's placement and My
 *      Applications with offers and slots, and the calendar feed, each beside the same reads issued
 *      directly (the driver on the read models, the event store for the two stream-backed routes).
 *
 *   5. (stage `rebuild`) every read model rebuilt at once from the log (`npm run rebuild -- all`'s path:
 *      one read of the log folded in memory, inserted into a new generation, indexes built), with its
 *      progress, beside the catch-up of step 1.
 *
 *   npx tsx bench/read-side.ts [scale = 1] [seconds per phase = 15] [clients = 50] [after the build = queries,lag,rebuild]
 *   (needs `npm start`'s servers and `npm run build`)
 *
 * The services (projectors, query-api, command-api) run each in a session of its own, as `npm start` runs
 * them (`SpawnOptions` in tests/support/processes.ts); BENCH_SERVICE_SESSION=bench leaves them in this
 * bench's session, where they share one session's CPU with its 50 clients (the way of runs before
 * 2026-11-30).
 *
 * BENCH_NAMESPACE='{"MONGODB_URL": …, "POSTGRES_SCHEMA": …}' runs on a namespace an earlier run kept
 * (its `keep` stage prints that line) instead of a new one: the load only plans (its ids are the same
 * for a scale) and appends nothing; step 1 waits only for what is not yet projected.
 *
 * scale multiplies the issue's sizes (0.1 = 2,000 students, 5,000 jobs, 20,000 applications). The
 * last argument names what runs after the build, comma-separated: `queries` (every pair), a pair by its
 * name (listing, review-jobs, job-applications, my-applications, by-status, dashboard, admin-jobs, users,
 * user-management, recipients, experiences, trainings, cache), `season`
 * (the season's pairs: statistics-as-of, statistics-season, headline, placement-policy, placement-mine,
 * my-offers, calendar-feed; each also by its name), `lag`, `rebuild`, and `keep` (leave the loaded
 * namespace in place and print its settings, to look at its queries by hand; drop it with psql). The
 * pairs other than `cache` run on a query-api with its answer cache off (QUERY_ANSWER_CACHE_MB=0), so
 * that they measure the queries; `cache` puts the same calls to a query-api with the cache on beside
 * it (stored answers, and 304s to clients that send If-None-Match) and prints what the cache holds. On the
 * local FerretDB a list query decodes every document its equality filters leave, so at scale 1 one
 * round of 50 clients of the listing, review-jobs, by-status or dashboard pair takes minutes.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from 'mongodb';
import { APPLICATION_STATUSES, LIMITS, PLACEMENT_POLICY_STREAM_ID, placementStreamId, statisticsPageOf } from '@placement/domain';
import { APPLICATION_COLLECTIONS, CALENDAR_FEED_COLLECTION, CHECKPOINT_COLLECTION, EXPERIENCE_COLLECTIONS, PROJECTIONS, collectionOf, JOB_COLLECTIONS, STATISTICS_COLLECTIONS, TRAINING_COLLECTIONS, USER_COLLECTIONS, hashToken, issueToken, type ExperienceDocument } from '@placement/platform';
import { signedInUser, type CommandApiUnderTest } from '../command-api/src/test-support';
import { findListed } from '../query-api/src/lists';
import { JOB_REPLY_PROJECTION, withApplicationCounts } from '../query-api/src/job-replies';
import { NEWEST_FIRST, jobFilter } from '../query-api/src/jobs/queries';
import { userReads, usersListQuery } from '../query-api/src/users/queries';
import { experiencesListQuery, listFilter as experienceListFilter } from '../query-api/src/experiences/queries';
import { createNamespace, envOf, kill, reopenNamespace } from '../tests/notifier/support';
import { loadPortal, seededRandom } from '../tests/support/portal-load';
import { spawnService, waitForStatus, type ServiceProcess } from '../tests/support/processes';
import { assertLoopback, percentile, printTable, runClients, type PhaseResult } from './lib/measure';
import { useEphemeralJwtSecret } from '../tests/support/ephemeral-secret';
import { ALL_PROJECTIONS } from '../projectors/src/projections';
import { rebuildProjections } from '../projectors/src/rebuild';
import { statusChangeBody } from './lib/status-change';

const LOCATIONS = ['Pune', 'Bengaluru', 'Remote', 'Chennai'];
const SEARCHES = ['analyst', 'engineer', 'acme', 'bank', 'design'];
/** Searches of the user table: part of a name, of a roll number, every student's e-mail domain. */
const USER_SEARCHES = ['student 12', 'r1099', 'university'];
/** The query stage's pairs (a phase through query-api beside its driver baseline), by the name that selects one. */
const QUERY_PAIRS = ['listing', 'review-jobs', 'job-applications', 'my-applications', 'by-status', 'dashboard', 'admin-jobs', 'users', 'user-management', 'recipients', 'experiences', 'trainings', 'cache'] as const;
/** Searches of the interview experiences: the insights page's company and role boxes, and the admin's one box. */
const EXPERIENCE_SEARCHES = [
  { company: 'acme', role: 'analyst', search: 'student 12' },
  { company: 'bank', role: 'engineer', search: 'gamma' },
  { company: 'zeta 1', role: '', search: 'designer' },
];
/** The placement season's pairs (issue 16), selected together by the stage name `season`. */
const SEASON_PAIRS = ['statistics-as-of', 'statistics-season', 'headline', 'placement-policy', 'placement-mine', 'my-offers', 'calendar-feed'] as const;
type QueryPair = (typeof QUERY_PAIRS)[number] | (typeof SEASON_PAIRS)[number];

async function main(): Promise<void> {
  useEphemeralJwtSecret();
  const scale = Number(process.argv[2] ?? 1);
  const seconds = Number(process.argv[3] ?? 15);
  const clients = Number(process.argv[4] ?? 50);
  const afterBuild = new Set((process.argv[5] ?? 'queries,lag,rebuild').split(','));
  // The issue sizes students, jobs, applications and status changes; experiences (one student in ten
  // shares one) and trainings (about a hundred a year over five) are sized here.
  const size = {
    users: Math.round(20_000 * scale),
    jobs: Math.round(50_000 * scale),
    applications: Math.round(200_000 * scale),
    statusChanges: Math.round(50_000 * scale),
    experiences: Math.round(2_000 * scale),
    trainings: Math.round(500 * scale),
  };
  const settings = { LOG_LEVEL: 'warn', PUBLIC_SUBMISSIONS_PER_HOUR: '1000000' };
  const kept = process.env.BENCH_NAMESPACE;
  const ns = kept ? await reopenNamespace(JSON.parse(kept) as Record<string, string>, settings) : await createNamespace(settings);
  const env = envOf(ns);
  assertLoopback(env.POSTGRES_URL);
  const processes: ServiceProcess[] = [];
  const ownSession = process.env.BENCH_SERVICE_SESSION !== 'bench';
  // Children in sessions of their own are stopped on exit: make a signal end this process by exiting.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const spawnHere = async (service: string, extra: Record<string, string> = {}) => {
    const spawned = await spawnService(service, { ...ns.env, LOG_LEVEL: 'warn', ...extra }, { ownSession });
    processes.push(spawned);
    await waitForStatus(`${spawned.url}/ready`, 200, 120_000).catch((error: unknown) => {
      throw new Error(`${service} did not get ready: ${String(error)}\n${spawned.output()}`);
    });
    return spawned;
  };
  try {
    console.log(`loading ${size.users} students, ${size.jobs} jobs, ${size.applications} applications, ${size.statusChanges} status changes, ${size.experiences} interview experiences and ${size.trainings} trainings through the deciders…`);
    let lastReport = 0;
    const loaded = await loadPortal(ns.store, size, {
      planOnly: Boolean(kept),
      onProgress: (phase, done, total) => {
        if (Date.now() - lastReport > 5000 || done === total) {
          lastReport = Date.now();
          console.log(`  ${phase}: ${done}/${total}`);
        }
      },
    });
    const head = await ns.store.headPosition();
    console.log(`loaded ${loaded.commands} commands (${head} events) in ${loaded.seconds.toFixed(0)} s: ${(loaded.commands / loaded.seconds).toFixed(0)} commands/s`);

    console.log('\n1. the projectors process builds every read model from the start…');
    const buildStarted = performance.now();
    const projectors = await spawnHere('projectors');
    const perProjection = await followCatchUp(projectors.url, head, buildStarted);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    for (const [projection, at] of Object.entries(perProjection)) console.log(`  ${projection.padEnd(14)} at the head after ${at.toFixed(0)} s: ${(head / at).toFixed(0)} events/s`);
    console.log(`  all read models built: ${head} events in ${buildSeconds.toFixed(0)} s, ${(head / buildSeconds).toFixed(0)} events/s per projection (six at once)`);

    const admin = await signedInUser({ deps: { store: ns.store, env } } as unknown as CommandApiUnderTest, 'admin');
    const max = 1_000_000;
    const queryPairs: QueryPair[] = [
      ...QUERY_PAIRS.filter((pair) => afterBuild.has('queries') || afterBuild.has(pair)),
      ...SEASON_PAIRS.filter((pair) => afterBuild.has('season') || afterBuild.has(pair)),
    ];
    if (queryPairs.length > 0) await measureQueries(queryPairs);
    if (afterBuild.has('lag')) await measureLag();
    if (afterBuild.has('rebuild')) await measureRebuild();

    async function measureRebuild() {
      console.log(`\n4. every read model rebuilt at once into a new generation (npm run rebuild -- all)…`);
      const started = performance.now();
      let lastReport = 0;
      const results = await rebuildProjections(ALL_PROJECTIONS, ns.store, ns.mongo.db, (progress) => {
        if (performance.now() - lastReport < 5000) return;
        lastReport = performance.now();
        const writing = progress.written === undefined ? '' : `, ${progress.written}/${progress.documents} documents`;
        console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${progress.phase ?? ''} ${progress.projection ?? ''} ${progress.applied} events (${progress.eventsPerSecond.toFixed(0)}/s)${writing}`);
      });
      const rebuildSeconds = (performance.now() - started) / 1000;
      const rebuiltHead = Math.max(...[...results.values()].map((result) => result.position));
      console.log(`  every read model rebuilt (${[...results.values()].map((result) => result.method).join('/')}): ${rebuildSeconds.toFixed(0)} s, ${(rebuiltHead / rebuildSeconds).toFixed(0)} events/s of the log; catch-up of step 1 took ${buildSeconds.toFixed(0)} s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB after`);
    }

    async function measureQueries(pairs: QueryPair[]) {
      console.log(`\n2. queries at ${clients} concurrent clients, ${seconds} s each (${pairs.join(', ')})…`);
      // The query pairs measure the queries: this query-api keeps no answers.
      const queryApi = await spawnHere('query-api', { QUERY_ANSWER_CACHE_MB: '0' });
      const studentToken = (n: number) => issueToken({ secret: env.JWT_SECRET, expiresIn: env.JWT_EXPIRES_IN }, { id: loaded.studentIds[n % loaded.studentIds.length]!, role: 'student', sessionVersion: 0 });
      const student = studentToken(0);
      // The driver reads what query-api serves: a runner far behind rebuilds at its start, into generation 1.
      const db = await servedReadModels(ns.mongo.db);
      const random = seededRandom(1);
      const jobQuery = (n: number) => ({ location: LOCATIONS[n % LOCATIONS.length]!, search: SEARCHES[n % SEARCHES.length]! });
      const someJob = () => loaded.approvedJobIds[Math.floor(random() * loaded.approvedJobIds.length)]!;
      const someStudent = () => Math.floor(random() * loaded.studentIds.length);
      /** A student with offers answered, or (for My Applications) one with an interview slot, token and id. */
      const offerStudent = (n: number) => loaded.offerStudentIds[n % loaded.offerStudentIds.length]!;
      const tokenOf = (studentId: string) => issueToken({ secret: env.JWT_SECRET, expiresIn: env.JWT_EXPIRES_IN }, { id: studentId, role: 'student', sessionVersion: 0 });
      const seasonStudents = [...new Set([...loaded.offerStudentIds, ...loaded.scheduledStudentIds])];
      const seasonStudentTokens = new Map<string, string>();
      const seasonStudent = (n: number) => {
        const id = seasonStudents[n % seasonStudents.length]!;
        if (!seasonStudentTokens.has(id)) seasonStudentTokens.set(id, tokenOf(id));
        return { id, token: seasonStudentTokens.get(id)! };
      };
      /** The day the load's facts fall on (it writes them all now): as of it, the statistics read every fact. */
      const today = new Date().toISOString().slice(0, 10);
      console.log(`  season: ${loaded.offerStudentIds.length} students answered offers, ${loaded.scheduledStudentIds.length} have interview slots and a calendar feed`);
      const get = async (path: string, token: string, url = queryApi.url) => {
        const response = await fetch(`${url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        await response.arrayBuffer();
        return response.ok;
      };
      let cachedApi: ServiceProcess | undefined;
      const cached = async () => (cachedApi ??= await spawnHere('query-api'));
      /** A client that keeps the last answer of each path and sends its ETag back: 304 while it holds. */
      const revalidating = () => {
        const tags = new Map<string, string>();
        return async (url: string, path: string, token?: string) => {
          const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
          const tag = tags.get(path);
          if (tag) headers['If-None-Match'] = tag;
          const response = await fetch(`${url}${path}`, { headers });
          await response.arrayBuffer();
          const etag = response.headers.get('etag');
          if (etag) tags.set(path, etag);
          return response.status === 200 || response.status === 304;
        };
      };
      const DASHBOARD = ['/api/jobs/stats', '/api/jobs/stats/applications', '/api/admin/stats/users'];
      const LISTING = '/api/jobs?page=1&limit=6';
      /** The students who open the listing at once (each has answers of their own: applied, eligibility). */
      const CROWD = 200;
      const phase = (name: string, operation: (client: number, iteration: number) => Promise<boolean>) => runClients(name, clients, seconds, max, operation);
      const measure: Record<QueryPair, () => Promise<PhaseResult[]>> = {
        listing: async () => [
          await phase('driver: job listing query', async (c, i) => {
            const { location, search } = jobQuery(c + i);
            const { items } = await findListed(db.collection<{ _id: string }>(JOB_COLLECTIONS.jobs), jobFilter({ location, search, status: 'approved' }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION });
            // The page's live-application counts, joined as the query side does.
            await withApplicationCounts(db.collection(APPLICATION_COLLECTIONS.jobCounts), items);
            return true;
          }),
          await phase('GET /api/jobs (filters, page 1)', async (c, i) => {
            const { location, search } = jobQuery(c + i);
            return get(`/api/jobs?location=${location}&search=${search}&page=1&limit=6`, student);
          }),
        ],
        'review-jobs': async () => [
          await phase('driver: review job table', async () => {
            const { items } = await findListed(db.collection<{ _id: string }>(JOB_COLLECTIONS.jobs), {}, { sort: { createdAt: -1, _id: -1 }, page: { skip: 0, limit: 20 }, projection: JOB_REPLY_PROJECTION });
            await withApplicationCounts(db.collection(APPLICATION_COLLECTIONS.jobCounts), items);
            return true;
          }),
          await phase('GET /applications/jobs (page 1)', async () => get('/applications/jobs?page=1&limit=20', admin.token)),
        ],
        'job-applications': async () => [
          await phase("driver: one job's applications", async () => {
            await db.collection(APPLICATION_COLLECTIONS.applications).find({ jobId: someJob() }).sort({ appliedDate: -1 }).toArray();
            return true;
          }),
          await phase('GET /applications/applications/:job', async () => get(`/applications/applications/${someJob()}`, admin.token)),
        ],
        'my-applications': async () => [
          await phase("driver: a student's applications", async () => {
            await db.collection(APPLICATION_COLLECTIONS.applications).find({ studentId: loaded.studentIds[someStudent()] }).sort({ appliedDate: -1, _id: -1 }).toArray();
            return true;
          }),
          await phase('GET /api/applications/my-applications', async () => get('/api/applications/my-applications', studentToken(someStudent()))),
        ],
        'by-status': async () => [
          await phase('driver: applications by status', async (c, i) => {
            await findListed(db.collection(APPLICATION_COLLECTIONS.applications), { status: APPLICATION_STATUSES[(c + i) % APPLICATION_STATUSES.length] }, { sort: { appliedDate: -1 }, page: { skip: 0, limit: 20 } });
            return true;
          }),
          await phase('GET /api/applications?status (page 1)', async (c, i) => get(`/api/applications?status=${encodeURIComponent(APPLICATION_STATUSES[(c + i) % APPLICATION_STATUSES.length]!)}&page=1&limit=20`, admin.token)),
        ],
        dashboard: async () => [
          await phase('driver: dashboard figures', async () => {
            await dashboardQueries(db);
            return true;
          }),
          await phase('GET dashboard (3 calls at once)', async () => (await Promise.all(['/api/jobs/stats', '/api/jobs/stats/applications', '/api/admin/stats/users'].map((path) => get(path, admin.token)))).every(Boolean)),
        ],
        'admin-jobs': async () => [
          await phase('driver: admin job table page (no eligible-student counts)', async () => {
            const { items } = await findListed(db.collection<{ _id: string }>(JOB_COLLECTIONS.jobs), {}, { sort: { createdAt: -1, _id: -1 }, page: { skip: 0, limit: 20 } });
            await withApplicationCounts(db.collection(APPLICATION_COLLECTIONS.jobCounts), items);
            return true;
          }),
          await phase('GET /api/jobs/admin/jobs (page 1)', async () => get('/api/jobs/admin/jobs?page=1&limit=20', admin.token)),
        ],
        users: async () => [
          await phase('driver: user table, search', async (c, i) => {
            // The route's own reads (count first, then the page the cheaper way), on the served generation.
            await userReads({ db: ns.mongo.db } as never).listing(usersListQuery.parse({ search: USER_SEARCHES[(c + i) % USER_SEARCHES.length]!, page: '1', limit: '20' }));
            return true;
          }),
          await phase('GET /api/admin/users (search, page 1)', async (c, i) => get(`/api/admin/users?search=${encodeURIComponent(USER_SEARCHES[(c + i) % USER_SEARCHES.length]!)}&page=1&limit=20`, admin.token)),
        ],
        'user-management': async () => {
          // User Management's first page as the screen asks for it (50, newest first) and by name, beside the
          // driver's read of that page and the whole list the screen fetched before it was paged.
          const PAGE = { page: '1', limit: '50' };
          return [
            await phase('driver: user table page (newest first)', async () => {
              await userReads({ db: ns.mongo.db } as never).listing(usersListQuery.parse({ ...PAGE, sort: 'createdAt', order: 'desc' }));
              return true;
            }),
            await phase('GET /api/admin/users (page 1 of 50, newest first)', async () => get('/api/admin/users?page=1&limit=50&sort=createdAt&order=desc', admin.token)),
            await phase('GET /api/admin/users (page 1 of 50, by name)', async () => get('/api/admin/users?page=1&limit=50&sort=fullName&order=asc', admin.token)),
            await phase('GET /api/admin/users (every account: the screen before)', async () => get('/api/admin/users', admin.token)),
          ];
        },
        experiences: async () => {
          const searches = (n: number) => EXPERIENCE_SEARCHES[n % EXPERIENCE_SEARCHES.length]!;
          const insights = (n: number) => {
            const { company, role } = searches(n);
            return `/api/interview-experiences?company=${encodeURIComponent(company)}&role=${encodeURIComponent(role)}&sort=dateDesc&page=1`;
          };
          return [
            await phase('driver: insights page (company, role)', async (c, i) => {
              const { company, role } = searches(c + i);
              await findListed(db.collection<ExperienceDocument>(EXPERIENCE_COLLECTIONS.experiences), experienceListFilter(experiencesListQuery.parse({ company, role })), { sort: { postedDate: -1, _id: -1 }, page: { skip: 0, limit: LIMITS.experiencesPerPage } });
              return true;
            }),
            await phase('GET /api/interview-experiences (company, role, page 1)', async (c, i) => get(insights(c + i), '')),
            await phase('GET /api/interview-experiences (company A-Z, page 1)', async () => get('/api/interview-experiences?sort=companyAsc&page=1', '')),
            await phase('GET …/manage (page 1 of 50: the screen)', async () => get('/api/interview-experiences/manage?page=1&limit=50', admin.token)),
            await phase('GET …/manage (search, page 1 of 50)', async (c, i) => get(`/api/interview-experiences/manage?search=${encodeURIComponent(searches(c + i).search)}&page=1&limit=50`, admin.token)),
            await phase('GET …/manage (every experience: the screen before)', async () => get('/api/interview-experiences/manage', admin.token)),
            await phase('GET /api/interview-experiences/stats', async () => get('/api/interview-experiences/stats', admin.token)),
          ];
        },
        trainings: async () => [
          await phase('driver: every training by date', async () => {
            await db.collection(TRAINING_COLLECTIONS.trainings).find({}).sort({ date: 1, _id: 1 }).toArray();
            return true;
          }),
          await phase('GET /api/trainings (page 1 of 50, latest first: the admin screen)', async () => get('/api/trainings?page=1&limit=50&order=desc', admin.token)),
          await phase('GET /api/trainings (every training: the screens before)', async () => get('/api/trainings', admin.token)),
          await phase('GET /api/trainings?upcoming=true (dashboard, students\' page)', async (c, i) => get('/api/trainings?upcoming=true', studentToken(c + i))),
          await phase('GET /api/trainings/stats', async () => get('/api/trainings/stats', admin.token)),
        ],
        recipients: async () => {
          // The query-api holds the list and reads only what was written since (query-api/src/email/recipient-mirror.ts):
          // beside the read the route made before (the driver's), the route with the list unchanged, and with a
          // student's name edited (through the user decider, as the admin's edit would) before each request, which is
          // timed once the users projection has applied the edit, so it reads and applies the changes since its last read.
          const { runCommand } = await import('@placement/platform');
          const { userDecider, userStreamId, USER_EVENT_VERSIONS } = await import('@placement/domain');
          const nameOf = (n: number, edited: boolean) => `Student ${n + 1}${edited ? ' (edited)' : ''}`;
          const rename = async (n: number, edited: boolean) => {
            const userId = loaded.studentIds[n]!;
            const outcome = await runCommand(ns.store, {
              context: { now: new Date(), actor: { id: admin.id, role: 'admin' } },
              causation: { correlationId: `bench-recipients-${userId}-${Date.now()}`, causationId: null },
              streamId: userStreamId(userId),
              decider: userDecider,
              versions: USER_EVENT_VERSIONS,
              command: { type: 'ChangeUserDetails', userId, fullName: nameOf(n, edited), email: `student.${userId.slice(0, 13)}@university.edu`, mobileNo: null, rollNo: `R${100000 + n}` },
            });
            return outcome.position;
          };
          const usersAt = async (position: number) => {
            const checkpoints = ns.mongo.db.collection<{ _id: string; position: number }>(CHECKPOINT_COLLECTION);
            while (((await checkpoints.findOne({ _id: 'users' }))?.position ?? 0) < position) await new Promise((resolve) => setTimeout(resolve, 5));
          };
          const editedPhase = async (name: string): Promise<PhaseResult> => {
            const latenciesMs: number[] = [];
            let failures = 0;
            const begin = performance.now();
            const deadline = begin + seconds * 1000;
            await Promise.all(
              Array.from({ length: clients }, async (_, client) => {
                for (let iteration = 0; performance.now() < deadline; iteration++) {
                  // Each client edits a student of its own (one stream each), toggling the name.
                  await usersAt(await rename(client, iteration % 2 === 0));
                  const t0 = performance.now();
                  const ok = await get('/api/email/user-groups', admin.token).catch(() => false);
                  latenciesMs.push(performance.now() - t0);
                  if (!ok) failures += 1;
                }
                // The student's name as the load wrote it (no event when it is already).
                await rename(client, false);
              }),
            );
            return { name, operations: latenciesMs.length, failures, seconds: (performance.now() - begin) / 1000, latenciesMs };
          };
          // The query-api reads the list whole at its start; the phases begin once it holds it (the first answer waits for it).
          const warm = performance.now();
          await get('/api/email/user-groups', admin.token);
          console.log(`  recipients: the first answer came ${(performance.now() - warm).toFixed(0)} ms after the query-api was ready (it reads the list whole at its start)`);
          return [
            await phase('driver: e-mail recipients', async () => {
              await db.collection(USER_COLLECTIONS.recipients).find({ status: 'active', verified: 1 }, { projection: { fullName: 1, email: 1, role: 1, school: 1, rollNo: 1 } }).sort({ sortName: 1, _id: 1 }).toArray();
              return true;
            }),
            await phase('GET /api/email/user-groups', async () => get('/api/email/user-groups', admin.token)),
            await editedPhase('GET user-groups, an edit before each'),
          ];
        },
        'statistics-as-of': async () => [
          await (async () => {
            const cold = await statisticsPagesCold(db);
            console.log(`  statistics: a query-api holding no facts yet reads all ${cold.pages} pages once, ${cold.ms.toFixed(0)} ms by the driver`);
            return phase(`driver: statistics checkpoint + page`, async () => {
              await statisticsFacts(db);
              return true;
            });
          })(),
          await phase('GET /api/admin/statistics?asOf', async () => get(`/api/admin/statistics?asOf=${today}`, admin.token)),
        ],
        'statistics-season': async () => [
          await phase('driver: statistics checkpoint + page', async () => {
            await statisticsFacts(db);
            return true;
          }),
          await phase('GET /api/admin/statistics', async () => get('/api/admin/statistics', admin.token)),
        ],
        headline: async () => [
          await phase('driver: statistics checkpoint + page', async () => {
            await statisticsFacts(db);
            return true;
          }),
          await phase('GET /api/statistics/headline', async () => get('/api/statistics/headline', '')),
        ],
        'placement-policy': async () => [
          await phase('store: the policy stream', async () => {
            await ns.store.readStream(PLACEMENT_POLICY_STREAM_ID);
            return true;
          }),
          await phase('GET /api/placement-policy', async () => get('/api/placement-policy', admin.token)),
        ],
        'placement-mine': async () => [
          await phase("store: policy + a student's placement", async (c, i) => {
            await Promise.all([ns.store.readStream(PLACEMENT_POLICY_STREAM_ID), ns.store.readStream(placementStreamId(offerStudent(c * 7919 + i)))]);
            return true;
          }),
          await phase('GET /api/placement/mine', async (c, i) => get('/api/placement/mine', tokenOf(offerStudent(c * 7919 + i)))),
        ],
        'my-offers': async () => [
          await phase("driver: applications with offers/slots", async (c, i) => {
            await db.collection(APPLICATION_COLLECTIONS.applications).find({ studentId: seasonStudent(c * 7919 + i).id }).sort({ appliedDate: -1, _id: -1 }).toArray();
            return true;
          }),
          await phase('GET my-applications (offers, slots)', async (c, i) => get('/api/applications/my-applications', seasonStudent(c * 7919 + i).token)),
        ],
        'calendar-feed': async () => {
          // One feed per request in turn: a feed may be fetched 120 times an hour.
          let next = 0;
          const feed = () => next++ % loaded.calendarTokens.length;
          return [
            await phase('driver: feed, interviews, trainings', async () => {
              const n = feed();
              const found = await db.collection(CALENDAR_FEED_COLLECTION).findOne({ tokenHash: hashToken(loaded.calendarTokens[n]!) });
              await Promise.all([
                db.collection(APPLICATION_COLLECTIONS.applications).find({ studentId: found?._id, status: 'Scheduled', interview: { $ne: null } }).sort({ 'interview.startsAt': 1 }).toArray(),
                db.collection(TRAINING_COLLECTIONS.trainings).find({ date: { $gte: new Date(Date.now() - 90 * 86_400_000).toISOString() } }).sort({ date: 1 }).toArray(),
              ]);
              return found !== null;
            }),
            await phase('GET /api/calendar/<token>.ics', async () => get(`/api/calendar/${loaded.calendarTokens[feed()]!}.ics`, '')),
          ];
        },
        cache: async () => {
          const url = (await cached()).url;
          const visitors = revalidating();
          const listing = [
            await phase('uncached: GET /api/jobs page 1', async () => get(LISTING, '', queryApi.url)),
            await phase('cached: GET /api/jobs page 1', async () => get(LISTING, '', url)),
            await phase('cached, If-None-Match: 304', async () => visitors(url, LISTING)),
          ];
          printTable(listing);
          const admins = revalidating();
          const crowd = [
            await phase(`uncached: listing, ${CROWD} students`, async (c, i) => get(LISTING, studentToken((c * 31 + i) % CROWD), queryApi.url)),
            await phase(`cached: listing, ${CROWD} students`, async (c, i) => get(LISTING, studentToken((c * 31 + i) % CROWD), url)),
          ];
          printTable(crowd);
          // The issue's 'job listing with filters, 50 clients': the listing pair's filters, a crowd of students.
          const filtered = (c: number, i: number) => {
            const { location, search } = jobQuery(c + i);
            return `/api/jobs?location=${location}&search=${search}&page=1&limit=6`;
          };
          printTable([
            await phase(`uncached: filters, ${CROWD} students`, async (c, i) => get(filtered(c, i), studentToken((c * 31 + i) % CROWD), queryApi.url)),
            await phase(`cached: filters, ${CROWD} students`, async (c, i) => get(filtered(c, i), studentToken((c * 31 + i) % CROWD), url)),
          ]);
          // One revalidating client per student: the ETag a student holds is theirs.
          const perStudent = Array.from({ length: CROWD }, () => revalidating());
          printTable([crowd[0]!, await phase(`cached, If-None-Match, ${CROWD} st.`, async (c, i) => {
            const n = (c * 31 + i) % CROWD;
            return perStudent[n]!(url, LISTING, studentToken(n));
          })]);
          const dashboard = [
            await phase('uncached: dashboard (3 calls)', async () => (await Promise.all(DASHBOARD.map((path) => get(path, admin.token, queryApi.url)))).every(Boolean)),
            await phase('cached: dashboard (3 calls)', async () => (await Promise.all(DASHBOARD.map((path) => get(path, admin.token, url)))).every(Boolean)),
            await phase('cached, If-None-Match: 304 (3)', async () => (await Promise.all(DASHBOARD.map((path) => admins(url, path, admin.token)))).every(Boolean)),
          ];
          const held = await cacheMetricsOf(url);
          const rss = async (base: string) => ((await cacheMetricsOf(base)).get('process_resident_memory_bytes') ?? 0) / 2 ** 20;
          console.log(
            `\n  answer cache after these phases: ${held.get('entries')} answers, ${((held.get('bytes') ?? 0) / 1024).toFixed(0)} KiB held (bound ${((held.get('max_bytes') ?? 0) / 2 ** 20).toFixed(0)} MiB); ` +
              `${held.get('hits')} hits, ${held.get('not_modified')} 304s, ${held.get('computed')} handler runs; resident memory: cached query-api ${(await rss(url)).toFixed(0)} MiB, uncached ${(await rss(queryApi.url)).toFixed(0)} MiB`,
          );
          return dashboard;
        },
      };
      // Each pair is printed as soon as it is measured: at scale 1 a run takes long enough to be cut short.
      for (const pair of pairs) printTable(await measure[pair]());
    }

    async function measureLag() {
      console.log(`\n3. projection lag while ${clients} clients change application statuses through command-api for ${seconds * 2} s, without and with commands held for the read side (ReadSidePace)…`);
      const rounds: { name: string; env: Record<string, string> }[] = [
        { name: 'change status, no pace', env: { COMMAND_READ_SIDE_BUDGET_MS: '0' } },
        { name: 'change status, paced', env: {} },
      ];
      const measured: { writes: PhaseResult; lag: LagSamples; held: { count: number; seconds: number } }[] = [];
      for (const round of rounds) {
        await projectionsCaughtUp(projectors.url);
        const commandApi = await spawnHere('command-api', round.env);
        const sampling = sampleLag(projectors.url);
        const writes = await runClients(round.name, clients, seconds * 2, max, async (c, i) => {
          const applicationId = loaded.applicationIds[(c * 7919 + i * 31) % loaded.applicationIds.length]!;
          const response = await fetch(`${commandApi.url}/api/applications/${applicationId}`, {
            method: 'PUT',
            headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(statusChangeBody(APPLICATION_STATUSES[(c + i) % APPLICATION_STATUSES.length]!)),
          });
          await response.arrayBuffer();
          return response.ok;
        });
        const lag = await sampling.stop();
        const held = await commandsHeld(commandApi.url);
        await kill(commandApi, 'SIGTERM');
        measured.push({ writes, lag, held });
      }
      printTable(measured.map(({ writes }) => writes));
      for (const { writes, lag, held } of measured) {
        const events = [...lag.events].sort((a, b) => a - b);
        const lagSeconds = [...lag.seconds].sort((a, b) => a - b);
        // Whether the lag grows: the same percentile over the first and the last third of the phase.
        const third = Math.floor(lag.seconds.length / 3);
        const p99Of = (values: number[]) => percentile([...values].sort((a, b) => a - b), 99).toFixed(2);
        console.log(`\n  ${writes.name}: projection lag (worst projection per sample, ${events.length} samples): events p50 ${percentile(events, 50)} p99 ${percentile(events, 99)} max ${events.at(-1)}; seconds p50 ${percentile(lagSeconds, 50).toFixed(2)} p99 ${percentile(lagSeconds, 99).toFixed(2)} max ${lagSeconds.at(-1)?.toFixed(2)}; p99 first third ${p99Of(lag.seconds.slice(0, third))} s, last third ${p99Of(lag.seconds.slice(-third))} s`);
        const perProjection = [...lag.byProjection].map(([projection, values]) => {
          const sorted = [...values].sort((a, b) => a - b);
          return `${projection} ${percentile(sorted, 50).toFixed(2)}/${percentile(sorted, 99).toFixed(2)}`;
        });
        console.log(`  lag in seconds by projection, p50/p99: ${perProjection.join(', ')}`);
        console.log(`  commands held for the read side: ${held.count} of ${writes.operations} (${held.count > 0 ? ((held.seconds / held.count) * 1000).toFixed(0) : 0} ms each on average)`);
      }
    }
  } finally {
    for (const spawned of processes) if (spawned.child.exitCode === null) await kill(spawned, 'SIGTERM');
    if (afterBuild.has('keep') || kept) console.log(`\nkept the namespace for further work: ${JSON.stringify(ns.env)}`);
    // A reopened namespace's dispose only closes; a new one kept is closed without being dropped.
    if (kept || !afterBuild.has('keep')) await ns.dispose();
    else await Promise.all([ns.store.close(), ns.mongo.close()]);
  }
}

type ReadModelsDb = Pick<Db, 'collection'>;

/** Each read-model collection of the generation its projection serves (as query-api's ReadModels resolves it). */
async function servedReadModels(db: Db): Promise<ReadModelsDb> {
  const checkpoints = await db.collection<{ _id: string; generation?: number }>(CHECKPOINT_COLLECTION).find({}).sort({ _id: 1 }).toArray();
  const generationOf = new Map<string, number>();
  for (const [projection, { collections }] of Object.entries(PROJECTIONS)) {
    const generation = checkpoints.find((checkpoint) => checkpoint._id === projection)?.generation ?? 0;
    for (const collection of collections) generationOf.set(collection, generation);
  }
  console.log(`  the driver reads the served generations: ${[...new Set(checkpoints.map((checkpoint) => `${checkpoint._id} ${checkpoint.generation ?? 0}`))].join(', ')}`);
  return { collection: ((name: string) => db.collection(collectionOf(name, generationOf.get(name) ?? 0))) as Db['collection'] };
}

/** The dashboard's figures as query-api reads them: three counter documents and the active-jobs count. */
async function dashboardQueries(db: ReadModelsDb): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  await Promise.all([
    db.collection(JOB_COLLECTIONS.stats).findOne({}),
    db.collection(JOB_COLLECTIONS.jobs).countDocuments({ status: 'approved', joiningDay: { $gte: today } }),
    db.collection(APPLICATION_COLLECTIONS.stats).findOne({}),
    db.collection(USER_COLLECTIONS.stats).findOne({}),
  ]);
}

/**
 * The statistics route's reads (query-api's routes/statistics.ts) once it holds the season's facts: the
 * statistics checkpoint, and the page of its position (read again whenever the position moves). A
 * query-api that holds nothing yet reads every page once (`statisticsPagesCold`).
 */
async function statisticsFacts(db: ReadModelsDb): Promise<void> {
  const checkpoint = await db.collection<{ _id: string; position: number }>(CHECKPOINT_COLLECTION).findOne({ _id: 'statistics' });
  await db.collection<{ _id: string }>(STATISTICS_COLLECTIONS.pages).findOne({ _id: statisticsPageOf(checkpoint?.position ?? 0) });
}

/** What a query-api that holds no statistics facts yet reads once: every page. */
async function statisticsPagesCold(db: ReadModelsDb): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  const pages = await db.collection(STATISTICS_COLLECTIONS.pages).find({}).toArray();
  return { pages: pages.length, ms: performance.now() - started };
}

type Metrics = Map<string, number>;

/** The query-api's answer-cache figures (query_answer_cache by measure) and its resident memory. */
async function cacheMetricsOf(url: string): Promise<Metrics> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values: Metrics = new Map();
  for (const line of text.split('\n')) {
    const cache = /^query_answer_cache\{[^}]*measure="([a-z_]+)"[^}]*\} (\S+)$/.exec(line);
    if (cache) values.set(cache[1]!, Number(cache[2]));
    const rss = /^process_resident_memory_bytes(?:\{[^}]*\})? (\S+)$/.exec(line);
    if (rss) values.set('process_resident_memory_bytes', Number(rss[1]));
  }
  return values;
}

async function metricsOf(url: string): Promise<Metrics> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values: Metrics = new Map();
  for (const line of text.split('\n')) {
    const match = /^(projection_lag_events|projection_lag_seconds|projection_position)\{projection="([^"]+)"[^}]*\} (\S+)$/.exec(line);
    if (match) values.set(`${match[1]}:${match[2]}`, Number(match[3]));
  }
  return values;
}

/** Seconds from `started` until each projection reached `head`, printed as they arrive. */
async function followCatchUp(url: string, head: number, started: number): Promise<Record<string, number>> {
  const reached: Record<string, number> = {};
  let lastPrint = 0;
  for (;;) {
    const metrics = await metricsOf(url);
    const positions = [...metrics].filter(([key]) => key.startsWith('projection_position:')).map(([key, value]) => [key.split(':')[1]!, value] as const);
    const elapsed = (performance.now() - started) / 1000;
    for (const [projection, position] of positions) if (position >= head && reached[projection] === undefined) reached[projection] = elapsed;
    if (positions.length > 0 && positions.every(([projection]) => reached[projection] !== undefined)) return reached;
    if (elapsed - lastPrint >= 15) {
      lastPrint = elapsed;
      console.log(`  ${elapsed.toFixed(0)} s: ${positions.map(([projection, position]) => `${projection} ${Math.round((position / head) * 100)}%`).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface LagSamples {
  events: number[];
  seconds: number[];
  byProjection: Map<string, number[]>;
}

/** Waits until every projection is at the head (a round starts from no lag), for at most ten minutes. */
async function projectionsCaughtUp(url: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const lags = [...(await metricsOf(url))].filter(([key]) => key.startsWith('projection_lag_events:'));
    if (lags.length > 0 && lags.every(([, value]) => value === 0)) return;
    if (Date.now() > deadline) throw new Error(`projections not at the head after ten minutes: ${lags.map(([key, value]) => `${key} ${value}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** How many commands the command-api held for the read side, and for how long in all (its /metrics). */
async function commandsHeld(url: string): Promise<{ count: number; seconds: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { count: value('command_held_for_read_side_seconds_count'), seconds: value('command_held_for_read_side_seconds_sum') };
}

/** Samples the worst projection's lag every 250 ms until stopped. */
function sampleLag(url: string): { stop: () => Promise<LagSamples> } {
  const events: number[] = [];
  const seconds: number[] = [];
  /** Each projection's lag in seconds, sample by sample: which one is behind. */
  const byProjection = new Map<string, number[]>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const metrics = await metricsOf(url);
      const worst = (name: string) => Math.max(0, ...[...metrics].filter(([key]) => key.startsWith(`${name}:`)).map(([, value]) => value));
      events.push(worst('projection_lag_events'));
      seconds.push(worst('projection_lag_seconds'));
      for (const [key, value] of metrics) {
        if (!key.startsWith('projection_lag_seconds:')) continue;
        const projection = key.slice('projection_lag_seconds:'.length);
        byProjection.set(projection, [...(byProjection.get(projection) ?? []), value]);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { events, seconds, byProjection };
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
