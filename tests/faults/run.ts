import { setTimeout as sleep } from 'node:timers/promises';
import { connectMongo, createEventStore, loadEnv, Mailbox, type EventStore, type MongoConnection } from '@placement/platform';
import { existingJob, signedInUser, startCommandApi } from '../../command-api/src/test-support';
import { pdfOfLines } from '../../ats-engine/src/test-support/fixtures';
import { checkpointsBehind, differencesFromRebuild, EventLog, findAccepted, findMails, projectionsAtHead, waitFor } from './checks';
import { COMMAND_OPS, MixedLoad, type Actor, type Outcome } from './load';
import type { FaultResult } from './report';
import { FAULT_SERVICES, ServiceFleet, startGateway, type FaultService } from './services';
import { startFaultStack, type FaultServer, type FaultStack } from './stack';

export type Fault = { server: FaultServer } | { service: FaultService };
export const faultName = (fault: Fault) => ('server' in fault ? fault.server : fault.service);

export interface FaultRunOptions {
  /** How long a killed server or service stays down before it is started again. */
  outageMs: number;
  /** Normal load before each kill, and after the recovery before the checks. */
  steadyMs: number;
  students: number;
  jobs: number;
}

/** Counters of the notifier that say a duplicate was caught instead of sent. */
const DUPLICATE_COUNTERS = ['notifier_duplicates_detected_total', 'notifier_duplicates_suppressed_total'];

const isSuccess = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;
const isCommand = (outcome: Outcome) => (COMMAND_OPS as readonly string[]).includes(outcome.op);

/**
 * The whole fault run: its own servers, the five services, a gateway, a steady load, and one fault
 * after the other with its measurements and checks. `run` answers one result per fault.
 */
export class FaultRun {
  private constructor(
    readonly stack: FaultStack,
    readonly fleet: ServiceFleet,
    private readonly gateway: { url: string; stop: () => Promise<void> },
    private readonly store: EventStore,
    private readonly mongo: MongoConnection,
    private readonly clean: MongoConnection,
    readonly load: MixedLoad,
    private readonly options: FaultRunOptions,
  ) {}

  private readonly log = () => new EventLog(this.store);
  private eventLog: EventLog | undefined;
  private readonly mailbox = () => new Mailbox(this.stack.env.MAILBOX_API_URL!);
  /** Duplicate counters of each notifier process seen, by pid (a killed process keeps its last reading). */
  private readonly duplicateReadings = new Map<number, number>();
  private mailsSoFar = 0;
  private duplicatesSoFar = 0;

  static async start(options: FaultRunOptions): Promise<FaultRun> {
    const stack = await startFaultStack();
    const cleanups: (() => Promise<unknown>)[] = [() => stack.dispose()];
    try {
      const env: Record<string, string> = {
        ...stack.env,
        NOTIFIER_DELIVERY_LOG_URL: stack.env.MAILBOX_API_URL!,
        KAFKA_TOPIC_PARTITIONS: '3',
        LOG_LEVEL: 'warn',
        PUBLIC_SUBMISSIONS_PER_HOUR: '1000000',
        LOGIN_ATTEMPTS_PER_15_MINUTES: '1000000',
        // Tries spread over a minute: longer than any outage here, so no mail reaches the dead-letter topic.
        NOTIFIER_RETRY_BASE_MS: '1000',
        NOTIFIER_MAX_ATTEMPTS: '5',
        NOTIFIER_LEASE_MS: '4000',
        NOTIFIER_POLL_MS: '200',
        NOTIFIER_DIRECTORY_WAIT_MS: '15000',
      };
      const fleet = await ServiceFleet.create(env, stack.layout.logsDir);
      for (const service of FAULT_SERVICES) env[`${service.toUpperCase().replace('-', '_')}_URL`] = fleet.url(service);
      const loaded = loadEnv({ ...process.env, ...env });
      const store = await createEventStore(loaded);
      cleanups.unshift(() => store.close());
      const mongo = await connectMongo(loaded);
      cleanups.unshift(() => mongo.close());
      const clean = await connectMongo(loaded, 'clean_rebuild');
      cleanups.unshift(() => clean.close());

      // Accounts and jobs written straight to the log, as an admin panel would have made them.
      const writer = await startCommandApi(env, { store });
      const actor = async (role: 'admin' | 'staff' | 'student'): Promise<Actor> => {
        const user = await signedInUser(writer, role);
        return { id: user.id, email: user.email, token: user.token };
      };
      const admin = await actor('admin');
      const staff = await actor('staff');
      const students = await Promise.all(Array.from({ length: options.students }, () => actor('student')));
      const jobIds = await Promise.all(Array.from({ length: options.jobs }, () => existingJob(writer)));
      await writer.stop();

      await fleet.startAll();
      cleanups.unshift(() => fleet.stopAll());
      const gateway = await startGateway(stack.layout, fleet);
      cleanups.unshift(() => gateway.stop());
      const resume = await pdfOfLines(['Asha Rao', 'Data analyst: SQL, Python, dashboards', 'Experience: built reports at Acme Corp']);
      const load = new MixedLoad({ gatewayUrl: gateway.url, admin, staff, students, jobIds, resume });
      return new FaultRun(stack, fleet, gateway, store, mongo, clean, load, options);
    } catch (error) {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      throw error;
    }
  }

  async dispose(): Promise<void> {
    await this.load.stop();
    await this.gateway.stop();
    await this.fleet.stopAll();
    await this.clean.db.dropDatabase().catch(() => undefined);
    await Promise.all([this.clean.close(), this.mongo.close(), this.store.close()].map((closing) => closing.catch(() => undefined)));
    await this.stack.dispose();
  }

  /** Quiet portal, every projection at the head, every mail sent, a first reading of the counters. */
  async settle(timeoutMs = 120_000): Promise<void> {
    await this.load.pause();
    this.eventLog ??= this.log();
    const eventLog = this.eventLog;
    await waitFor('every projection and the relay at the head of the log', () => projectionsAtHead(this.mongo.db, this.store), timeoutMs).catch(async (error: unknown) => {
      // Which one is behind, and what the projectors said: the fleet's output is not kept anywhere else.
      const behind = await checkpointsBehind(this.mongo.db, this.store).catch((reading: unknown) => [`(could not read the checkpoints: ${String(reading)})`]);
      const said = this.fleet.process('projectors')?.output().slice(-4000) ?? '(no projectors process)';
      throw new Error(`${(error as Error).message}; behind: ${behind.join('; ')}\nthe projectors' last output:\n${said}`);
    });
    await waitFor(
      'every mailed event sent',
      async () => {
        const mails = await findMails(eventLog, this.mongo.db, this.mailbox());
        return mails.notSent.length === 0 && (await projectionsAtHead(this.mongo.db, this.store));
      },
      timeoutMs,
      500,
    );
    await this.readDuplicateCounters();
  }

  private async readDuplicateCounters(): Promise<void> {
    const notifier = this.fleet.process('notifier');
    if (!notifier || notifier.child.exitCode !== null || notifier.child.signalCode !== null) return;
    try {
      const text = await (await fetch(`${this.fleet.url('notifier')}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
      const total = text
        .split('\n')
        .filter((line) => DUPLICATE_COUNTERS.some((name) => line.startsWith(`${name} `) || line.startsWith(`${name}{`)))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
      this.duplicateReadings.set(notifier.child.pid!, total);
    } catch {
      // The notifier is down; its last reading stands.
    }
  }

  /**
   * A service that exited by itself is started again, as an operator would have to (the result lists
   * it: something needed a manual step). True when nothing had to be restarted.
   */
  private async restartExited(): Promise<boolean> {
    let none = true;
    for (const service of FAULT_SERVICES) {
      const running = this.fleet.process(service);
      if (running && (running.child.exitCode !== null || running.child.signalCode !== null)) {
        none = false;
        await this.fleet.start(service).catch(() => undefined);
      }
    }
    return none;
  }

  private get duplicatesDetected(): number {
    return [...this.duplicateReadings.values()].reduce((sum, value) => sum + value, 0);
  }

  /** Kills, waits, restarts, measures, checks: one row of the table. */
  async inject(fault: Fault): Promise<FaultResult> {
    const { outageMs, steadyMs } = this.options;
    this.load.resume();
    await sleep(steadyMs);
    if ('service' in fault && fault.service === 'notifier') await this.readDuplicateCounters();
    const exitsBefore = this.fleet.unexpectedExits.length;

    const killedAt = Date.now();
    if ('server' in fault) await this.stack.kill(fault.server);
    else await this.fleet.kill(fault.service);
    await sleep(outageMs);
    if ('server' in fault) await this.stack.start(fault.server);
    else await this.fleet.start(fault.service);
    const upAt = Date.now();

    await waitFor(
      'recovery: every service ready and every kind of command accepted again',
      async () => (await this.restartExited()) && (await this.fleet.allReady()) && ['sign-up', 'apply', 'status-change', 'job-listing'].every((op) => this.load.outcomes.some((outcome) => outcome.op === op && outcome.startedAt >= upAt && isSuccess(outcome))),
      120_000,
    );
    const recoveredAt = Date.now();
    await sleep(steadyMs);
    const settleFrom = Date.now();
    await this.settle();
    const settledAt = Date.now();

    const eventLog = this.eventLog!;
    const during = this.load.outcomes.filter((outcome) => outcome.startedAt >= killedAt && outcome.startedAt < upAt);
    const afterwards = this.load.outcomes.filter((outcome) => outcome.startedAt >= upAt && outcome.startedAt < settleFrom);
    const otherFailures: Record<string, number> = {};
    for (const outcome of [...during, ...afterwards.filter((o) => o.startedAt < recoveredAt)]) {
      if (isSuccess(outcome) || outcome.status === 503) continue;
      const key = `${outcome.failure ?? outcome.status} ${outcome.op}`;
      otherFailures[key] = (otherFailures[key] ?? 0) + 1;
    }
    const accepted = await findAccepted(this.load.accepted, eventLog, this.mongo.db);
    const mails = await findMails(eventLog, this.mongo.db, this.mailbox());
    const differing = await differencesFromRebuild(this.store, this.mongo.db, this.clean.db);
    const duplicates = this.duplicatesDetected;
    const result: FaultResult = {
      fault: faultName(fault),
      downMs: upAt - killedAt,
      acceptedDuring: during.filter((outcome) => isCommand(outcome) && isSuccess(outcome)).length,
      acceptedAfter: afterwards.filter((outcome) => isCommand(outcome) && isSuccess(outcome)).length,
      unavailable: during.filter((outcome) => outcome.status === 503).length,
      unavailableWithRetryAfter: during.filter((outcome) => outcome.status === 503 && outcome.retryAfter !== null).length,
      otherFailures,
      maxResponseMsDuring: Math.max(0, ...during.map((outcome) => outcome.ms)),
      recoveryMs: recoveredAt - upAt,
      mailsSent: mails.delivered - this.mailsSoFar,
      duplicatesDetected: duplicates - this.duplicatesSoFar,
      duplicatesInInbox: mails.duplicatesInInbox,
      problems: [
        ...accepted.missingFromLog.map((what) => `not in the log: ${what}`),
        ...accepted.missingFromReadModels.map((what) => `not in the read models: ${what}`),
        ...mails.lostAfterSending.map((what) => `sent but not in the inbox: ${what}`),
        ...mails.notSent.map((what) => `not sent: ${what}`),
        ...differing.map((collection) => `differs from a clean rebuild: ${collection}`),
      ],
      readModelsEqualRebuild: differing.length === 0,
      unexpectedExits: this.fleet.unexpectedExits.slice(exitsBefore).map((exit) => `${exit.service} exited (${exit.how})`),
    };
    this.mailsSoFar = mails.delivered;
    this.duplicatesSoFar = duplicates;
    console.log(`fault ${result.fault}: ${JSON.stringify({ ...result, settleMs: settledAt - settleFrom })}`);
    for (const exit of this.fleet.unexpectedExits.slice(exitsBefore)) console.log(`${exit.service} exited by itself (${exit.how}); its last output:\n${exit.lastOutput}`);
    return result;
  }
}
