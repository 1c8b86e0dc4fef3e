import { SYSTEM_ACTORS, jobDecider, jobStreamId, type CommonPasswords, type JobStatus } from '@placement/domain';
import { argon2Passwords, loadUser, loadAggregate, userIdByEmail, type EventStore, type Logger, type ObjectStore, type PasswordHasher } from '@placement/platform';
import { createStaffAccount } from '../staff-accounts';
import { placementPlans } from './offers';
import { addressPlans, applicationPlans, campaignPlans, experiencePlans, jobPlans, studentPlans, templatePlans, trainingPlans, type ResumeBytes } from './plans';
import { renderResumePdf, resumeOf } from './resume';
import { DEFAULT_DEMO_SEED, DEMO_ACCOUNTS, DEMO_SIZE, buildSeason, demoId, type DemoSize, type Season, type SeasonStaff } from './season';
import { syncStreams, type AnyStreamPlan, type PlanNaming, type SyncResult } from './streams';

/**
 * `npm run demo`: one placement season written through the command side (see season.ts for what,
 * plans.ts for how). Every stream is brought to its planned history and no further, so a second load
 * appends nothing. The demo's events carry `notify: false`: the season is history, and the notifier
 * mails nobody about it.
 */

export interface DemoDeps {
  store: EventStore;
  files: ObjectStore;
  logger: Logger;
  commonPasswords: CommonPasswords;
  /** argon2id unless a test says otherwise. */
  passwords?: PasswordHasher;
}

export interface DemoOptions {
  seed?: string;
  size?: DemoSize;
  /** The season ends shortly before this instant. */
  now?: Date;
  /** Streams synced at once. */
  concurrency?: number;
  onProgress?: (progress: DemoProgress) => void;
}

export interface DemoProgress {
  phase: string;
  /** Streams checked so far, of all phases. */
  done: number;
  total: number;
}

export interface KindReport {
  streams: number;
  /** Streams this load appended to. */
  appendedStreams: number;
  events: number;
}

export interface DemoReport {
  season: Season;
  seconds: number;
  /** Every stream the season has, and the events this load appended. */
  streams: number;
  events: number;
  byKind: Record<string, KindReport>;
  /** Streams left alone: they hold events the demo did not plan, or a command was refused. */
  problems: SyncResult[];
}

/** A demo address that belongs to an account the demo did not make: nothing of the season is loaded over it. */
export class DemoConflict extends Error {
  override readonly name = 'DemoConflict';
}

/** The demo's metadata on every event: history that mails nobody. */
const HISTORY = { notify: false } as const;

const ACCOUNT_EVENTS = 2;

/** Makes an admin or staff account as `npm run admin` does (policy, hash, claim, account), unless it exists. */
async function ensureStaffAccount(deps: DemoDeps, account: SeasonStaff): Promise<SyncResult> {
  const result = (appended: number): SyncResult => ({ kind: account.role, streamId: `user-${account.userId}`, outcome: appended > 0 ? 'appended' : 'complete', appended });
  if ((await loadUser(deps.store, account.userId)).exists) return result(0);
  const holder = await userIdByEmail(deps.store, account.email);
  if (holder !== undefined && holder !== account.userId) throw new DemoConflict(`${account.email} is already the address of another account (another demo seed, or someone's own); the demo was not loaded`);
  await createStaffAccount(
    { store: deps.store, logger: deps.logger, commonPasswords: deps.commonPasswords, now: () => account.createdAt },
    SYSTEM_ACTORS.demo,
    { email: account.email, fullName: account.fullName, role: account.role, password: account.password },
    account.userId,
  );
  return result(ACCOUNT_EVENTS);
}

/** Each job's status as its stream holds it (what the apply route reads before an application). */
async function jobStatuses(store: EventStore, season: Season): Promise<Map<string, JobStatus | null>> {
  const statuses = await Promise.all(
    season.jobs.map(async (job) => {
      const { state } = await loadAggregate(store, jobDecider, jobStreamId(job.jobId));
      return [job.jobId, state.kind === 'live' ? state.status : null] as const;
    }),
  );
  return new Map(statuses);
}

function memo<Key, Value>(make: (key: Key) => Promise<Value>): (key: Key) => Promise<Value> {
  const made = new Map<Key, Promise<Value>>();
  return (key) => {
    let value = made.get(key);
    if (!value) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

export async function loadDemo(deps: DemoDeps, options: DemoOptions = {}): Promise<DemoReport> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const season = buildSeason({ seed, size: options.size ?? DEMO_SIZE, now: options.now ?? new Date() });
  const concurrency = options.concurrency ?? 24;
  const naming: PlanNaming = {
    eventId: (streamId, step, index) => demoId(seed, `event:${streamId}:${step}:${index}`),
    correlationId: (key) => demoId(seed, `correlation:${key}`),
    metadata: HISTORY,
  };
  const resumes: ResumeBytes = memo((student) => renderResumePdf(resumeOf(student)));
  const passwords = deps.passwords ?? argon2Passwords;

  const staff = [season.admin, ...season.staff];
  const counts = { students: season.students.length, jobs: season.jobs.length };
  const laterPlans = season.applications.length + season.trainings.length + season.experiences.length + season.templates.length + (season.campaign.recipients.length > 0 ? 1 : 0);
  const placements = placementPlans(season);
  const total = staff.length + 2 * counts.students + counts.jobs + laterPlans + placements.length;
  let done = 0;
  const results: SyncResult[] = [];
  const synced = (phase: string) => (result: SyncResult) => {
    results.push(result);
    options.onProgress?.({ phase, done: ++done, total });
  };
  const sync = (phase: string, plans: AnyStreamPlan[]) => syncStreams(deps.store, deps.files, plans, naming, { concurrency, onSynced: synced(phase) });

  options.onProgress?.({ phase: 'accounts', done, total });
  for (const account of staff) synced('accounts')(await ensureStaffAccount(deps, account));

  const claims = await sync('student addresses', addressPlans(season));
  const taken = claims.filter((claim) => claim.outcome === 'foreign' || claim.outcome === 'refused');
  if (taken.length > 0) throw new DemoConflict(`${taken.length} of the demo students' addresses belong to other accounts; the demo was not loaded over them`);

  // The students' one demo password, hashed once: nothing reads it when their accounts already exist.
  await sync('students', studentPlans(season, await passwords.hash(DEMO_ACCOUNTS.studentPassword), resumes));
  await sync('jobs', jobPlans(season));
  const statuses = await jobStatuses(deps.store, season);
  await sync('applications, trainings, experiences, e-mail', [
    ...applicationPlans(season, statuses, resumes),
    ...trainingPlans(season),
    ...experiencePlans(season),
    ...templatePlans(season),
    ...campaignPlans(season),
  ]);
  // The students' answers to their offers, once the offers are on the applications' streams.
  await sync('placements', placements);

  const byKind: Record<string, KindReport> = {};
  for (const result of results) {
    const kind = (byKind[result.kind] ??= { streams: 0, appendedStreams: 0, events: 0 });
    kind.streams += 1;
    kind.appendedStreams += result.appended > 0 ? 1 : 0;
    kind.events += result.appended;
  }
  return {
    season,
    seconds: (performance.now() - started) / 1000,
    streams: results.length,
    events: results.reduce((sum, result) => sum + result.appended, 0),
    byKind,
    problems: results.filter((result) => result.outcome === 'foreign' || result.outcome === 'refused'),
  };
}
