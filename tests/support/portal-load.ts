import { createHash } from 'node:crypto';
import {
  APPLICATION_EVENT_VERSIONS,
  APPLICATION_STATUSES,
  CALENDAR_FEED_EVENT_VERSIONS,
  calendarFeedDecider,
  calendarFeedStreamId,
  EMAIL_CLAIM_EVENT_VERSIONS,
  JOB_CATEGORY_SUGGESTIONS,
  JOB_EVENT_VERSIONS,
  OFFER_TYPES,
  USER_EVENT_VERSIONS,
  applicationDecider,
  applicationStreamId,
  emailClaimDecider,
  jobDecider,
  jobStreamId,
  NO_ELIGIBILITY_CHECK,
  PLACEMENT_EVENT_VERSIONS,
  PLACEMENT_POLICY_EVENT_VERSIONS,
  PLACEMENT_POLICY_STREAM_ID,
  placementDecider,
  placementPolicyDecider,
  placementStreamId,
  TRAINING_EVENT_VERSIONS,
  trainingDecider,
  trainingStreamId,
  userDecider,
  userStreamId,
  type ApplicationCommand,
  type ApplicationStatus,
  type JobFormInput,
  type OpenOffer,
  type PlacementCommand,
  type PlacementPolicy,
} from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import { emailStreamOf, hashToken, type EventStore } from '@placement/platform';
import { demoId, seededRandom } from '../../command-api/src/demo/season';
import { experiencePlan } from '../../command-api/src/demo/plans';
import { streamPlan, syncStreams, type AnyStreamPlan, type PlanNaming, type PlannedStep } from '../../command-api/src/demo/streams';

export { seededRandom };

/**
 * A portal of any size written through the command side, for benchmarks and tests that need bulk:
 * every account, job, application and status change is a command decided by the domain's deciders
 * and appended with its expected revision, by the demo season's stream runner (`npm run demo`'s
 * `syncStreams`, one plan per stream) minus HTTP, so that 300,000 commands load in minutes. Values
 * vary the way the screens' filters need: companies, locations, offer types, categories, skills, job
 * statuses and application statuses. Deterministic for a given seed, ids included.
 *
 * The placement season comes with it (issue 16): a published placement policy (Regular and Dream tiers),
 * an interview slot on every change to Scheduled, an offer (CTCs spread over 3-32 LPA) on every change
 * to Accepted, each student's answers (the first offer still extended accepted, the rest declined),
 * and a calendar feed for every student with a slot, whose token is returned. Interview experiences and
 * trainings, when asked for, come last, from a random sequence of their own (the rest keeps its ids).
 */
export interface PortalSize {
  users: number;
  jobs: number;
  applications: number;
  /** Status changes spread over the applications (each one an event). */
  statusChanges: number;
  /** Interview experiences shared by students, three in four approved (none unless said). */
  experiences?: number;
  /** Trainings, dated from two years back to one year ahead (none unless said). */
  trainings?: number;
}

export interface LoadedPortal {
  studentIds: string[];
  jobIds: string[];
  approvedJobIds: string[];
  applicationIds: string[];
  /** Students who answered an offer (one accepted, any others declined). */
  offerStudentIds: string[];
  /** Students with an interview slot (an application whose status changed to Scheduled). */
  scheduledStudentIds: string[];
  /** The calendar feed tokens (their URLs' secret) of the students with a slot, in the same order. */
  calendarTokens: string[];
  commands: number;
  seconds: number;
}

const COMPANIES = ['Acme Analytics', 'Beta Bank', 'Gamma Games', 'Delta Design', 'Epsilon Energy', 'Zeta Systems', 'Eta Health', 'Theta Motors', 'Iota Retail', 'Kappa Logistics', 'Lambda Labs', 'Mu Media'];
const LOCATIONS = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'Delhi', 'Remote', 'Kolkata'];
const PROFILES = ['Data Analyst', 'Software Engineer', 'Product Intern', 'Business Analyst', 'QA Engineer', 'Sales Associate', 'UI Designer'];
const SKILLS = ['SQL', 'Python', 'Java', 'React', 'Excel', 'Communication', 'Figma', 'Go', 'Kubernetes', 'Tableau'];

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

/** The season's policy: Dream from 20 LPA; after an accepted Regular offer only Dream jobs stay open. */
export const LOAD_PLACEMENT_POLICY: Omit<PlacementPolicy, 'version'> = {
  tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 2_000_000 }],
  maxAcceptedOffers: 1,
  openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }],
};

/** An offer's annual CTC in the load: 3 to 32 LPA by application. */
const loadCtcOf = (n: number): number => (3 + (n % 30)) * 100_000;
const loadTierOf = (ctc: number): string => (ctc >= LOAD_PLACEMENT_POLICY.tiers[1]!.minCtc! ? 'Dream' : 'Regular');

/** A calendar feed token as the command side makes them (43 base64url characters), here derived from the seed. */
const loadFeedToken = (seed: number, studentId: string): string => createHash('sha256').update(`calendar-feed:${seed}:${studentId}`).digest('base64url');

export interface LoadOptions {
  concurrency?: number;
  seed?: number;
  /** Called with a phase name and how many of its streams are done. */
  onProgress?: (phase: string, done: number, total: number) => void;
  /**
   * Plan as usual but append nothing: the same ids and tokens, for a store an earlier load with the
   * same size and seed already filled (the plans are deterministic).
   */
  planOnly?: boolean;
}

export async function loadPortal(store: EventStore, size: PortalSize, options: LoadOptions = {}): Promise<LoadedPortal> {
  const seed = options.seed ?? 42;
  const random = seededRandom(seed);
  const started = performance.now();
  const now = new Date();
  const id = (name: string) => demoId(`portal-load-${seed}`, name);
  const naming: PlanNaming = { eventId: (streamId, step, index) => id(`event:${streamId}:${step}:${index}`), correlationId: (key) => `load-${id(key)}`, metadata: {} };
  const admin = { id: null, role: 'admin' } as const;
  let commands = 0;
  const run = async (phase: string, plans: AnyStreamPlan[]) => {
    commands += plans.reduce((sum, plan) => sum + plan.steps.length, 0);
    if (options.planOnly) return;
    let done = 0;
    const results = await syncStreams(store, undefined, plans, naming, {
      concurrency: options.concurrency ?? 16,
      onSynced: () => {
        done++;
        if (done % 1000 === 0 || done === plans.length) options.onProgress?.(phase, done, plans.length);
      },
    });
    const failed = results.find((result) => result.outcome === 'refused' || result.outcome === 'foreign');
    if (failed) throw new Error(`${failed.streamId}: ${failed.reason ?? failed.outcome}`);
  };

  const studentIds = Array.from({ length: size.users }, (_, n) => id(`student:${n}`));
  const emailOf = (studentId: string) => `student.${studentId.slice(0, 13)}@university.edu`;
  await run(
    'users',
    studentIds.flatMap((userId, n) => [
      streamPlan({
        kind: 'address',
        streamId: emailStreamOf(emailOf(userId)),
        decider: emailClaimDecider,
        versions: EMAIL_CLAIM_EVENT_VERSIONS,
        steps: [{ command: { type: 'ClaimEmail', userId }, at: now, actor: admin }],
      }),
      streamPlan({
        kind: 'user',
        streamId: userStreamId(userId),
        decider: userDecider,
        versions: USER_EVENT_VERSIONS,
        steps: [
          {
            command: { type: 'CreateUserByAdmin', userId, fullName: `Student ${n + 1}`, email: emailOf(userId), mobileNo: null, rollNo: `R${100000 + n}`, passwordHash: 'not-a-password-hash', role: 'student', status: 'active' },
            at: now,
            actor: admin,
          },
        ],
      }),
    ]),
  );

  // Three in four jobs approved, the rest left pending or rejected, as a real board looks.
  const jobIds = Array.from({ length: size.jobs }, (_, n) => id(`job:${n}`));
  const jobStatuses = jobIds.map(() => (random() < 0.75 ? 'approved' : random() < 0.6 ? 'pending' : 'rejected'));
  const jobForms = jobIds.map((_, n) => syntheticJobForm(random, n));
  await run(
    'jobs',
    jobIds.map((jobId, n) =>
      streamPlan({
        kind: 'job',
        streamId: jobStreamId(jobId),
        decider: jobDecider,
        versions: JOB_EVENT_VERSIONS,
        steps: [
          { command: { type: 'PostJob' as const, jobId, job: jobForms[n]!, approveImmediately: jobStatuses[n] === 'approved' }, at: now, actor: admin },
          ...(jobStatuses[n] === 'rejected' ? [{ command: { type: 'ChangeJobStatus' as const, jobId, status: 'rejected' as const }, at: now, actor: admin }] : []),
        ],
      }),
    ),
  );
  const approvedJobIds = jobIds.filter((_, n) => jobStatuses[n] === 'approved');

  // Each application is its own stream (a student may apply to one job twice); its status changes follow its submission.
  const applicationIds = Array.from({ length: size.applications }, (_, n) => id(`application:${n}`));
  const applicants = applicationIds.map((_, n) => ({ studentIndex: Math.floor(random() * size.users), jobId: approvedJobIds[n % approvedJobIds.length]! }));
  const companies = new Map(jobIds.map((jobId, n) => [jobId, String(jobForms[n]!.companyName)]));
  const companyOf = (jobId: string) => companies.get(jobId)!;
  const changes = new Map<number, ApplicationStatus[]>();
  for (let change = 0; change < size.statusChanges; change++) {
    const application = Math.floor(random() * applicationIds.length);
    const status = pick(random, APPLICATION_STATUSES.filter((candidate) => candidate !== 'Applied'));
    changes.set(application, [...(changes.get(application) ?? []), status]);
  }
  await run(
    'applications',
    applicationIds.map((applicationId, n) => {
      const { studentIndex, jobId } = applicants[n]!;
      const studentId = studentIds[studentIndex]!;
      const steps: PlannedStep<ApplicationCommand>[] = [
        {
          command: { type: 'SubmitApplication', applicationId, jobId, studentId, jobStatus: 'approved', fullName: `Student ${studentIndex + 1}`, email: emailOf(studentId), phone: '9876543210', resumeKey: `resumes/${applicationId}.pdf`, eligibility: NO_ELIGIBILITY_CHECK },
          at: now,
          actor: { id: studentId, role: 'student' },
        },
        ...(changes.get(n) ?? []).map((status) => ({
          // A change to Scheduled carries its interview slot.
          command: { type: 'ChangeApplicationStatus' as const, applicationId, status, ...(status === 'Scheduled' ? { interview: { startsAt: now.toISOString(), durationMinutes: 30, location: 'Room 1' } } : {}), ...(status === 'Accepted' ? { offer: { ctc: loadCtcOf(n) }, job: { companyName: companyOf(jobId), jobTitle: 'Engineer', tier: loadTierOf(loadCtcOf(n)) } } : {}) },
          at: now,
          actor: admin,
        })),
      ];
      return streamPlan({ kind: 'application', streamId: applicationStreamId(applicationId), decider: applicationDecider, versions: APPLICATION_EVENT_VERSIONS, steps });
    }),
  );

  // The policy is published before the students answer: their accepts are decided under it.
  const policy = { version: 1, ...LOAD_PLACEMENT_POLICY };
  await run('placement policy', [
    streamPlan({ kind: 'placement-policy', streamId: PLACEMENT_POLICY_STREAM_ID, decider: placementPolicyDecider, versions: PLACEMENT_POLICY_EVENT_VERSIONS, steps: [{ command: { type: 'PublishPlacementPolicy', policy: LOAD_PLACEMENT_POLICY }, at: now, actor: admin }] }),
  ]);

  // The offers still extended (the application's last change is to Accepted), grouped by student.
  const offersByStudent = new Map<string, OpenOffer[]>();
  const scheduled = new Set<string>();
  applicationIds.forEach((applicationId, n) => {
    const statuses = changes.get(n) ?? [];
    const { studentIndex, jobId } = applicants[n]!;
    const studentId = studentIds[studentIndex]!;
    if (statuses.includes('Scheduled')) scheduled.add(studentId);
    if (statuses.at(-1) !== 'Accepted') return;
    const ctc = loadCtcOf(n);
    const offer: OpenOffer = { applicationId, jobId, studentId, companyName: companyOf(jobId), tier: loadTierOf(ctc), ctc, extendedAt: now.toISOString(), status: 'extended' };
    offersByStudent.set(studentId, [...(offersByStudent.get(studentId) ?? []), offer]);
  });
  await run(
    'placements',
    [...offersByStudent].map(([studentId, offers]) =>
      streamPlan({
        kind: 'placement',
        streamId: placementStreamId(studentId),
        decider: placementDecider,
        versions: PLACEMENT_EVENT_VERSIONS,
        steps: offers.map((offer, index): PlannedStep<PlacementCommand> => ({
          command: index === 0 ? { type: 'AcceptOffer', applicationId: offer.applicationId, offer, policy } : { type: 'DeclineOffer', applicationId: offer.applicationId, offer },
          at: now,
          actor: { id: studentId, role: 'student' },
        })),
      }),
    ),
  );

  const scheduledStudentIds = studentIds.filter((studentId) => scheduled.has(studentId));
  const calendarTokens = scheduledStudentIds.map((studentId) => loadFeedToken(seed, studentId));
  await run(
    'calendar feeds',
    scheduledStudentIds.map((userId, n) =>
      streamPlan({
        kind: 'calendar-feed',
        streamId: calendarFeedStreamId(userId),
        decider: calendarFeedDecider,
        versions: CALENDAR_FEED_EVENT_VERSIONS,
        steps: [{ command: { type: 'IssueCalendarFeed', userId, tokenHash: hashToken(calendarTokens[n]!) }, at: now, actor: { id: userId, role: 'student' } }],
      }),
    ),
  );

  // Experiences and trainings draw from a sequence of their own: asking for them changes nothing above.
  const later = seededRandom(seed + 1);
  const experienceCount = size.experiences ?? 0;
  const MINUTE = 60_000;
  await run(
    'experiences',
    Array.from({ length: experienceCount }, (_, n) => {
      const experienceId = id(`experience:${n}`);
      const studentIndex = Math.floor(later() * size.users);
      const studentId = studentIds[studentIndex]!;
      // Shared a few minutes apart, the newest now: the list's date sorts have something to order.
      const sharedAt = new Date(now.getTime() - (experienceCount - n) * 7 * MINUTE);
      const experience = {
        companyName: `${pick(later, COMPANIES)} ${1 + (n % 400)}`,
        role: pick(later, PROFILES),
        author: `Student ${studentIndex + 1}`,
        batch: String(2023 + (n % 4)),
        course: 'B.Tech CSE',
        interviewLocation: pick(later, LOCATIONS),
        rounds: [{ name: 'Technical', description: 'Data structures and one system design question.' }],
      };
      return experiencePlan(experienceId, experience, { at: sharedAt, actor: { id: studentId, role: 'student' } }, later() < 0.75 ? { at: sharedAt, actor: admin } : null);
    }),
  );
  const trainingCount = size.trainings ?? 0;
  const DAY = 24 * 60 * MINUTE;
  await run(
    'trainings',
    Array.from({ length: trainingCount }, (_, n) => {
      const trainingId = id(`training:${n}`);
      const date = new Date(now.getTime() + Math.round((n / Math.max(1, trainingCount) - 2 / 3) * 3 * 365) * DAY);
      const training = { title: `${pick(later, PROFILES)} workshop ${n + 1}`, description: 'A hands-on session.', date: date.toISOString(), duration: '2 hours', mode: pick(later, ['Online', 'Offline']), registrationLink: `https://university.edu/cdc/trainings/${n + 1}` };
      return streamPlan({ kind: 'training', streamId: trainingStreamId(trainingId), decider: trainingDecider, versions: TRAINING_EVENT_VERSIONS, steps: [{ command: { type: 'ScheduleTraining' as const, trainingId, training }, at: now, actor: admin }] });
    }),
  );

  return { studentIds, jobIds, approvedJobIds, applicationIds, offerStudentIds: [...offersByStudent.keys()], scheduledStudentIds, calendarTokens, commands, seconds: (performance.now() - started) / 1000 };
}
