import { randomUUID } from 'node:crypto';
import {
  APPLICATION_EVENT_VERSIONS,
  APPLICATION_STATUSES,
  EMAIL_CLAIM_EVENT_VERSIONS,
  JOB_CATEGORY_SUGGESTIONS,
  JOB_EVENT_VERSIONS,
  OFFER_TYPES,
  USER_EVENT_VERSIONS,
  applicationDecider,
  applicationStreamId,
  emailClaimDecider,
  jobDecider,
  jobFixtures,
  jobStreamId,
  userDecider,
  userStreamId,
  type CommandContext,
  type JobFormInput,
  type Role,
} from '@placement/domain';
import { emailStreamOf, runCommand, type EventStore } from '@placement/platform';

/**
 * A portal of any size written through the command side: every account, job, application and status
 * change is a command decided by the domain's deciders and appended with its expected revision, as
 * command-api does after parsing a request (minus HTTP, so that 300,000 commands load in minutes).
 * Values vary the way the screens' filters need: companies, locations, offer types, categories, skills,
 * job statuses and application statuses. Deterministic for a given seed.
 */
export interface PortalSize {
  users: number;
  jobs: number;
  applications: number;
  /** Status changes spread over the applications (each one an event). */
  statusChanges: number;
}

export interface LoadedPortal {
  studentIds: string[];
  jobIds: string[];
  approvedJobIds: string[];
  applicationIds: string[];
  commands: number;
  seconds: number;
}

const COMPANIES = ['Acme Analytics', 'Beta Bank', 'Gamma Games', 'Delta Design', 'Epsilon Energy', 'Zeta Systems', 'Eta Health', 'Theta Motors', 'Iota Retail', 'Kappa Logistics', 'Lambda Labs', 'Mu Media'];
const LOCATIONS = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'Delhi', 'Remote', 'Kolkata'];
const PROFILES = ['Data Analyst', 'Software Engineer', 'Product Intern', 'Business Analyst', 'QA Engineer', 'Sales Associate', 'UI Designer'];
const SKILLS = ['SQL', 'Python', 'Java', 'React', 'Excel', 'Communication', 'Figma', 'Go', 'Kubernetes', 'Tableau'];

/** A small deterministic generator (mulberry32), so that two loads of the same size are the same portal. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

export function syntheticJobForm(random: () => number, n: number): JobFormInput {
  const company = pick(random, COMPANIES);
  return {
    ...structuredClone(jobFixtures.validJobForm),
    companyName: `${company} ${1 + (n % 400)}`,
    profiles: pick(random, PROFILES),
    location: pick(random, LOCATIONS),
    offerType: [pick(random, OFFER_TYPES)],
    category: [pick(random, JOB_CATEGORY_SUGGESTIONS)],
    skills: [pick(random, SKILLS), pick(random, SKILLS)].filter((skill, index, all) => all.indexOf(skill) === index),
    vacancies: 1 + Math.floor(random() * 20),
    ctcOrStipend: `${3 + Math.floor(random() * 30)} LPA`,
  };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; reports progress as it goes. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>, onDone?: (done: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        await task(i);
        done++;
        if (onDone && (done % 1000 === 0 || done === count)) onDone(done);
      }
    }),
  );
}

export interface LoadOptions {
  concurrency?: number;
  seed?: number;
  /** Called with a phase name and how many of its commands are done. */
  onProgress?: (phase: string, done: number, total: number) => void;
}

export async function loadPortal(store: EventStore, size: PortalSize, options: LoadOptions = {}): Promise<LoadedPortal> {
  const random = seededRandom(options.seed ?? 42);
  const concurrency = options.concurrency ?? 16;
  const progress = (phase: string, total: number) => (done: number) => options.onProgress?.(phase, done, total);
  const started = performance.now();
  let commands = 0;
  const causation = () => ({ correlationId: `load-${randomUUID()}`, causationId: null });
  const as = (role: Role): CommandContext => ({ now: new Date(), actor: { id: null, role } });

  const studentIds = Array.from({ length: size.users }, () => randomUUID());
  await inParallel(
    size.users,
    concurrency,
    async (n) => {
      const userId = studentIds[n]!;
      const email = `student.${userId.slice(0, 13)}@university.edu`;
      await runCommand(store, { context: as('admin'), causation: causation(), streamId: emailStreamOf(email), decider: emailClaimDecider, versions: EMAIL_CLAIM_EVENT_VERSIONS, command: { type: 'ClaimEmail', userId } });
      await runCommand(store, {
        context: as('admin'),
        causation: causation(),
        streamId: userStreamId(userId),
        decider: userDecider,
        versions: USER_EVENT_VERSIONS,
        command: { type: 'CreateUserByAdmin', userId, fullName: `Student ${n + 1}`, email, mobileNo: null, rollNo: `R${100000 + n}`, passwordHash: 'not-a-password-hash', role: 'student', status: 'active' },
      });
      commands += 2;
    },
    progress('users', size.users),
  );

  // Three in four jobs approved, the rest left pending or rejected, as a real board looks.
  const jobIds = Array.from({ length: size.jobs }, () => randomUUID());
  const jobStatuses = jobIds.map(() => (random() < 0.75 ? 'approved' : random() < 0.6 ? 'pending' : 'rejected'));
  const jobForms = jobIds.map((_, n) => syntheticJobForm(random, n));
  await inParallel(
    size.jobs,
    concurrency,
    async (n) => {
      const jobId = jobIds[n]!;
      const status = jobStatuses[n]!;
      await runCommand(store, { context: as('admin'), causation: causation(), streamId: jobStreamId(jobId), decider: jobDecider, versions: JOB_EVENT_VERSIONS, command: { type: 'PostJob', jobId, job: jobForms[n]!, approveImmediately: status === 'approved' } });
      commands++;
      if (status === 'rejected') {
        await runCommand(store, { context: as('admin'), causation: causation(), streamId: jobStreamId(jobId), decider: jobDecider, versions: JOB_EVENT_VERSIONS, command: { type: 'ChangeJobStatus', jobId, status: 'rejected' } });
        commands++;
      }
    },
    progress('jobs', size.jobs),
  );
  const approvedJobIds = jobIds.filter((_, n) => jobStatuses[n] === 'approved');

  const applicationIds = Array.from({ length: size.applications }, () => randomUUID());
  const applicants = applicationIds.map((_, n) => ({ studentIndex: Math.floor(random() * size.users), jobId: approvedJobIds[n % approvedJobIds.length]! }));
  await inParallel(
    size.applications,
    concurrency,
    async (n) => {
      const { studentIndex, jobId } = applicants[n]!;
      const studentId = studentIds[studentIndex]!;
      const applicationId = applicationIds[n]!;
      await runCommand(store, {
        context: { now: new Date(), actor: { id: studentId, role: 'student' } },
        causation: causation(),
        streamId: applicationStreamId(applicationId),
        decider: applicationDecider,
        versions: APPLICATION_EVENT_VERSIONS,
        command: { type: 'SubmitApplication', applicationId, jobId, studentId, jobStatus: 'approved', fullName: `Student ${studentIndex + 1}`, email: `student.${studentId.slice(0, 13)}@university.edu`, phone: '9876543210', resumeKey: `resumes/${applicationId}.pdf` },
      });
      commands++;
    },
    progress('applications', size.applications),
  );

  const changed = Array.from({ length: size.statusChanges }, () => applicationIds[Math.floor(random() * applicationIds.length)]!);
  const targets = changed.map(() => pick(random, APPLICATION_STATUSES.filter((status) => status !== 'Applied')));
  await inParallel(
    size.statusChanges,
    concurrency,
    async (n) => {
      const applicationId = changed[n]!;
      await runCommand(store, { context: as('admin'), causation: causation(), streamId: applicationStreamId(applicationId), decider: applicationDecider, versions: APPLICATION_EVENT_VERSIONS, command: { type: 'ChangeApplicationStatus', applicationId, status: targets[n]! } });
      commands++;
    },
    progress('status changes', size.statusChanges),
  );

  return { studentIds, jobIds, approvedJobIds, applicationIds, commands, seconds: (performance.now() - started) / 1000 };
}
