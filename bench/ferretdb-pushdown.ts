/**
 * The read side's list and count queries on FerretDB as the stack had it (released build, equality
 * twins) and on the project's patched build (exact pushdown, exact-key twins), side by side: each a
 * server of its own over a fresh database with the same documents, shaped as the jobs and applications
 * read models (scale 0.1 = 5,000 jobs, 20,000 applications, 2,000 student accounts with their
 * eligibility and 200 other accounts), with the projections' declared indexes (and one on each text
 * filter's search… field, a trigram index on the local server).
 * One client, each query `rounds` times in turn; p50 and p99 in ms. `only` keeps the queries whose
 * name holds it (and seeds only their collections).
 *
 *   npx tsx bench/ferretdb-pushdown.ts [scale = 0.1] [rounds = 15] [only]
 */
import { performance } from 'node:perf_hooks';
import { MongoClient, type Db } from 'mongodb';
import { applicationsProjection } from '../projectors/src/projections/applications';
import { jobsProjection } from '../projectors/src/projections/jobs';
import { usersProjection } from '../projectors/src/projections/users';
import { eligibleStudentsFilter } from '../platform/src/readmodels/eligibility';
import { containing, findListed } from '../query-api/src/lists';
import { JOB_REPLY_PROJECTION } from '../query-api/src/job-replies';
import { NEWEST_FIRST, jobFilter } from '../query-api/src/jobs/queries';
import { startFerretdb, type FerretdbInstance } from '../tests/support/ferretdb-variants';
import { seededRandom } from '../tests/support/portal-load';

const scale = Number(process.argv[2] ?? 0.1);
const rounds = Number(process.argv[3] ?? 15);
const only = process.argv[4] ?? '';
const random = seededRandom(14);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];
const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();

const jobs = Array.from({ length: Math.round(50_000 * scale) }, (_, i) => {
  const companyName = `${pick(COMPANIES)} ${i}`;
  const location = pick(['Pune', 'Bengaluru', 'Remote', 'Chennai']);
  return {
    _id: `job-${i}`,
    status: pick(['approved', 'approved', 'approved', 'pending', 'rejected']),
    companyName,
    profiles: `Engineer ${i % 50}`,
    location,
    createdAt: day(i),
    joiningDay: day(i * 10).slice(0, 10),
    applicationCount: i % 40,
    offerType: [pick(['Full-Time', 'Internship'])],
    description: 'x'.repeat(600),
    lower: { companyName: companyName.toLowerCase(), profiles: `engineer ${i % 50}`, location: 'pune', skills: ['go', 'sql'], category: ['it'] },
    // the text filters' top-level copies (lower-cased, lists joined by U+001F), as the projection writes them
    searchCompanyName: companyName.toLowerCase(),
    searchProfiles: `engineer ${i % 50}`,
    searchLocation: location.toLowerCase(),
    searchSkills: ['go', 'sql', pick(['react', 'kubernetes', 'spark'])].join('\u001f'),
    searchCategory: 'it',
    sort: { companyName: companyName.toLowerCase(), profiles: `engineer ${i % 50}`, offerType: 'full-time', location: 'pune', ctcOrStipend: `${i % 30} lpa` },
  };
});
const applications = Array.from({ length: Math.round(200_000 * scale) }, (_, i) => ({
  _id: `app-${i}`,
  jobId: `job-${Math.floor(random() * jobs.length)}`,
  studentId: `student-${Math.floor(random() * 20_000 * scale)}`,
  status: pick(['pending', 'approved', 'rejected']),
  appliedDate: day(i),
  fullName: `Student ${i}`,
  email: `s${i}@example.org`,
  job: { companyName: 'Acme', profiles: 'Engineer', location: 'Pune', ctcOrStipend: '10 lpa', offerType: ['Full-Time'] },
  applicantSort: { fullNameKey: `student ${i}` },
  sort: { email: `s${i}@example.org` },
}));

/** Student accounts as the users read model holds them (`eligibility` null without a profile), and other roles. */
const SCHOOLS = ['engineering', 'management', 'sciences', 'law'];
const DEGREES = ['btech-cse', 'btech-ece', 'btech-me', 'mba', 'msc', 'bcom'];
const score = (low: number, high: number) => Math.round((low + random() * (high - low)) * 100) / 100;
const users = Array.from({ length: Math.round(22_000 * scale) }, (_, i) => {
  const role = i % 10 === 9 ? pick(['recruiter', 'admin']) : 'student';
  const hasProfile = role === 'student' && random() < 0.9;
  return {
    _id: `user-${i}`,
    role,
    status: 'active',
    verified: true,
    createdAt: day(i),
    fullName: `Student ${i}`,
    email: `u${i}@example.org`,
    profile: hasProfile ? { about: 'x'.repeat(400), skills: ['go', 'sql'], projects: [{ title: 'A project', description: 'y'.repeat(300) }] } : null,
    sort: { fullName: `student ${i}`, email: `u${i}@example.org`, rollNo: `r${i}` },
    searchFullName: `student ${i}`,
    searchEmail: `u${i}@example.org`,
    searchRollNo: `r${i}`,
    eligibility: hasProfile
      ? {
          tenthPercentage: score(50, 100),
          twelfthPercentage: score(50, 100),
          graduationCgpa: score(5, 10),
          graduationPercentage: score(50, 100),
          backlogs: pick([0, 0, 0, 1, 2]),
          passingYear: pick(['2025', '2026', '2027']),
          degreeKey: pick(DEGREES),
          school: pick(SCHOOLS),
        }
      : null,
  };
});
/** A job's rules as the admin job table counts them: minimums, backlogs, passing years and degrees. */
const ELIGIBILITY = { minTenthPercentage: 60, minTwelfthPercentage: 60, minGraduationCgpa: 7, minGraduationPercentage: null, maxBacklogs: 0, passingYears: ['2026'], degreeKeys: ['btech-cse', 'btech-ece', 'mba'], schools: null };

/** Half the jobs' joining days are this day or later. */
const ACTIVE_FROM = day(jobs.length * 5).slice(0, 10);
/** The text filters' fields get an index each (a trigram index on the local server), declared or not yet. */
const SEARCH_INDEXES = ['searchProfiles', 'searchCompanyName', 'searchLocation', 'searchSkills', 'searchCategory'].map((field) => ({ key: { [field]: 1 } }));
const JOB_INDEXES = [...jobsProjection.indexes.jobs!, ...SEARCH_INDEXES.filter(({ key }) => !jobsProjection.indexes.jobs!.some((index) => JSON.stringify(index.key) === JSON.stringify(key)))];

const QUERIES: [string, (db: Db) => Promise<unknown>][] = [
  ['job listing, page 1 (approved, newest first) + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved' }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing, page 50 + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved' }) as never, { sort: NEWEST_FIRST, page: { skip: 294, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing with free-text search, page 1 + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved', search: 'acme' }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing with search and location, page 1 + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved', search: 'acme', location: 'pune' }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing with a rare search term (no page filled), page 1 + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved', search: 'acme 123' }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing by company and two skills ($and), page 1 + count', (db) => findListed(db.collection('jobs'), { status: 'approved', searchCompanyName: containing('globex'), $and: [{ searchSkills: containing('go') }, { searchSkills: containing('spark') }] }, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ['job listing of one offer type (an array field, $in), page 1 + count', (db) => findListed(db.collection('jobs'), jobFilter({ status: 'approved', offerType: ['Internship'] }) as never, { sort: NEWEST_FIRST, page: { skip: 0, limit: 6 }, projection: JOB_REPLY_PROJECTION })],
  ["dashboard's active-jobs count (approved, joiningDay >= today)", (db) => db.collection('jobs').countDocuments({ status: 'approved', joiningDay: { $gte: ACTIVE_FROM } })],
  ['review job table by company, page 1 + count', (db) => findListed(db.collection('jobs'), {}, { sort: { 'sort.companyName': 1, _id: 1 }, page: { skip: 0, limit: 20 }, projection: JOB_REPLY_PROJECTION })],
  ['review job table by applicationCount desc + count', (db) => findListed(db.collection('jobs'), {}, { sort: { applicationCount: -1, _id: -1 }, page: { skip: 0, limit: 20 }, projection: JOB_REPLY_PROJECTION })],
  ['applications by status, page 1 + count', (db) => findListed(db.collection('applications'), { status: 'pending' }, { sort: { appliedDate: -1, _id: -1 }, page: { skip: 0, limit: 20 } })],
  ['applications pending or approved ($in), page 1 + count', (db) => findListed(db.collection('applications'), { status: { $in: ['pending', 'approved'] } }, { sort: { appliedDate: -1, _id: -1 }, page: { skip: 0, limit: 20 } })],
  ["one job's applications, newest first", (db) => findListed(db.collection('applications'), { jobId: 'job-7' }, { sort: { appliedDate: -1, _id: -1 }, page: null })],
  ["a student's applications", (db) => findListed(db.collection('applications'), { studentId: 'student-7' }, { sort: { appliedDate: -1, _id: -1 }, page: null })],
  ["admin job table: a job's eligible students (countDocuments of eligibleStudentsFilter)", (db) => db.collection('users').countDocuments(eligibleStudentsFilter(ELIGIBILITY))],
  ["admin job table: a job's eligible students, one override ($or of _id)", (db) => db.collection('users').countDocuments(eligibleStudentsFilter(ELIGIBILITY, ['user-3']))],
];
const SELECTED = QUERIES.filter(([name]) => name.includes(only));
const usesCollection = (collection: string) => SELECTED.some(([, run]) => new RegExp(`collection\\(["'\`]${collection}["'\`]\\)`).test(run.toString()));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seed(server: FerretdbInstance): Promise<MongoClient> {
  const client = await MongoClient.connect(server.url, { directConnection: true });
  const db = client.db('bench');
  const collections = [['jobs', JOB_INDEXES, jobs], ['applications', applicationsProjection.indexes.applications!, applications], ['users', usersProjection.indexes.users!, users]] as const;
  for (const [name, indexes, documents] of collections.filter(([name]) => usesCollection(name))) {
    for (const { key } of indexes) await db.collection(name).createIndex(key);
    for (let i = 0; i < documents.length; i += 1_000) await db.collection(name).insertMany(documents.slice(i, i + 1_000).map((doc) => ({ ...doc })) as never[]);
  }
  return client;
}

async function main(): Promise<void> {
  console.log(`${jobs.length} jobs, ${applications.length} applications, ${users.length} accounts; ${rounds} rounds of each query, one client`);
  const before = await startFerretdb('upstream', { exactKeys: false, poolSize: 40 });
  const after = await startFerretdb('patched', { poolSize: 40 });
  try {
    const clients = [await seed(before), await seed(after)];
    const timings = SELECTED.map(() => [[] as number[], [] as number[]]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [q, [, run]] of SELECTED.entries()) {
        for (const [s, client] of clients.entries()) {
          const started = performance.now();
          await run(client.db('bench'));
          timings[q]![s]!.push(performance.now() - started);
        }
      }
    }
    console.log(`| query | released p50 / p99 ms | patched p50 / p99 ms |\n|---|---|---|`);
    for (const [q, [name]] of SELECTED.entries()) {
      const [a, b] = timings[q]!.map((list) => [...list].sort((x, y) => x - y));
      console.log(`| ${name} | ${percentile(a!, 50).toFixed(1)} / ${percentile(a!, 99).toFixed(1)} | ${percentile(b!, 50).toFixed(1)} / ${percentile(b!, 99).toFixed(1)} |`);
    }
    await Promise.all(clients.map((client) => client.close()));
  } finally {
    await Promise.all([before.stop(), after.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
