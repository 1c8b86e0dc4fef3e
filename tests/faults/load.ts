import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApplicationStatus } from '@placement/domain';

/** What the load does; the first four are commands (writes), the rest reads. */
export const COMMAND_OPS = ['sign-up', 'apply', 'status-change', 'campaign'] as const;
export const READ_OPS = ['job-listing', 'my-applications', 'resume-download', 'audit-timeline', 'ats-analyze'] as const;
export type CommandOp = (typeof COMMAND_OPS)[number];
export type LoadOp = CommandOp | (typeof READ_OPS)[number];

/** One request of the load: its answer (an HTTP status, or what happened instead) and how long it took. */
export interface Outcome {
  op: LoadOp;
  /** The HTTP status, or 0 when no answer came (see `failure`). */
  status: number;
  failure?: 'timeout' | 'connection';
  retryAfter: string | null;
  startedAt: number;
  ms: number;
}

export interface Actor {
  id: string;
  email: string;
  token: string;
}

/** What the load needs from the world it runs in: a gateway, signed-in actors, jobs, a resume. */
export interface LoadWorld {
  gatewayUrl: string;
  admin: Actor;
  staff: Actor;
  students: Actor[];
  jobIds: string[];
  resume: Buffer;
}

/** An application the command side accepted, and the status of the last status change it accepted. */
export interface AcceptedApplication {
  applicationId: string;
  student: Actor;
  jobId: string;
  status: ApplicationStatus;
  /** A status change got no answer (timeout, dropped connection): its outcome is unknown. */
  uncertain: boolean;
  acceptedAt: number;
}

/** Every command the portal answered with 2xx: each must be in the log and in the read models. */
export interface Accepted {
  signUps: { email: string; fullName: string }[];
  applications: Map<string, AcceptedApplication>;
  statusChanges: number;
  campaigns: { campaignId: string; subject: string; recipients: Actor[] }[];
}

/** Statuses a status change cycles through ('Accepted' is left out: the placement policy limits offers). */
const STATUS_CYCLE: ApplicationStatus[] = ['Under Review', 'Scheduled', 'Rejected', 'Applied'];
/** The interview slot a change to Scheduled carries. */
const LOAD_INTERVIEW = { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 1' };
/** No request may take longer than this; a longer one counts as a timeout (the hang the faults test looks for). */
export const CLIENT_TIMEOUT_MS = 30_000;

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * A steady mixed load through the gateway, as browsers would send it: sign-ups, applications with a
 * resume, status changes, a campaign now and then, and reads of the listing, a student's applications,
 * resumes, audit timelines and the ATS. Each kind runs in its own loop at its own pace; `pause` lets the
 * checks see a quiet portal.
 */
export class MixedLoad {
  readonly outcomes: Outcome[] = [];
  readonly accepted: Accepted = { signUps: [], applications: new Map(), statusChanges: 0, campaigns: [] };
  private running = false;
  private paused = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private loops: Promise<void>[] = [];
  private nextPair = 0;
  private nextStatusChange = 0;
  private nextRead = 0;

  constructor(private readonly world: LoadWorld) {}

  start(): void {
    this.running = true;
    const every = (ms: number, op: () => Promise<void>) => this.loop(ms, op);
    this.loops = [
      every(1_500, () => this.signUp()),
      every(700, () => this.apply()),
      every(700, () => this.changeStatus()),
      every(15_000, () => this.sendCampaign()),
      every(400, () => this.read()),
      every(5_000, () => this.analyze()),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Stops sending new requests and waits for the ones in flight. */
  async pause(): Promise<void> {
    this.paused = true;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  resume(): void {
    this.paused = false;
  }

  private async loop(intervalMs: number, op: () => Promise<void>): Promise<void> {
    // Loops start spread out, so their requests do not arrive in step.
    await sleep(Math.random() * intervalMs);
    while (this.running) {
      if (!this.paused) {
        const request = op();
        this.inFlight.add(request);
        await request.finally(() => this.inFlight.delete(request));
      }
      await sleep(intervalMs);
    }
  }

  /** One request, timed; never throws. */
  private async send(op: LoadOp, method: string, path: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<{ outcome: Outcome; body: unknown }> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const startedAt = Date.now();
    let outcome: Outcome;
    let parsed: unknown;
    try {
      const response = await fetch(`${this.world.gatewayUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
      const buffer = await response.arrayBuffer();
      try {
        parsed = JSON.parse(Buffer.from(buffer).toString('utf8'));
      } catch {
        parsed = undefined;
      }
      outcome = { op, status: response.status, retryAfter: response.headers.get('retry-after'), startedAt, ms: Date.now() - startedAt };
    } catch (error) {
      const failure = (error as Error).name === 'TimeoutError' ? 'timeout' : 'connection';
      outcome = { op, status: 0, failure, retryAfter: null, startedAt, ms: Date.now() - startedAt };
    }
    this.outcomes.push(outcome);
    return { outcome, body: parsed };
  }

  private async signUp(): Promise<void> {
    const tag = randomUUID().slice(0, 8);
    const user = { fullName: `Fault Student ${tag}`, email: `fault.${tag}@university.edu` };
    const { outcome } = await this.send('sign-up', 'POST', '/api/auth/register', {
      json: { ...user, rollNo: `F-${tag}`, password: `Steady-load-${tag}-pass` },
    });
    if (isSuccess(outcome.status)) this.accepted.signUps.push(user);
  }

  /** Each student applies to each job once, in turn. */
  private async apply(): Promise<void> {
    const { students, jobIds } = this.world;
    const pair = this.nextPair++;
    if (pair >= students.length * jobIds.length) return;
    const student = students[pair % students.length]!;
    const jobId = jobIds[Math.floor(pair / students.length)]!;
    const form = new FormData();
    form.append('jobId', jobId);
    form.append('fullName', 'Fault Applicant');
    form.append('email', student.email);
    form.append('phone', '9876543210');
    form.append('resume', new Blob([new Uint8Array(this.world.resume)], { type: 'application/pdf' }), 'resume.pdf');
    const { outcome, body } = await this.send('apply', 'POST', '/api/applications', { token: student.token, form });
    const applicationId = (body as { applicationId?: string } | undefined)?.applicationId;
    if (isSuccess(outcome.status) && applicationId) {
      this.accepted.applications.set(applicationId, { applicationId, student, jobId, status: 'Applied', uncertain: false, acceptedAt: Date.now() });
    }
  }

  private async changeStatus(): Promise<void> {
    const applications = [...this.accepted.applications.values()];
    if (applications.length === 0) return;
    const application = applications[this.nextStatusChange++ % applications.length]!;
    const status = STATUS_CYCLE[(STATUS_CYCLE.indexOf(application.status) + 1) % STATUS_CYCLE.length]!;
    const { outcome } = await this.send('status-change', 'PUT', `/api/applications/${application.applicationId}`, { token: this.world.admin.token, json: { status, ...(status === 'Scheduled' ? { interview: LOAD_INTERVIEW } : {}) } });
    if (isSuccess(outcome.status)) {
      application.status = status;
      application.uncertain = false;
      this.accepted.statusChanges += 1;
    } else if (outcome.status === 0 || outcome.status >= 500) {
      // No answer, or a failure the server may have met after appending: either outcome is possible.
      application.uncertain = true;
    }
  }

  private async sendCampaign(): Promise<void> {
    const { students } = this.world;
    const start = (this.accepted.campaigns.length * 5) % students.length;
    const recipients = Array.from({ length: 5 }, (_, n) => students[(start + n) % students.length]!);
    const subject = `Placement drive ${randomUUID().slice(0, 8)}`;
    const form = new FormData();
    form.append('subject', subject);
    form.append('content', '<p>Dear students, a new placement drive opens this week.</p>');
    form.append('recipients', JSON.stringify(recipients.map((recipient) => recipient.id)));
    const { outcome, body } = await this.send('campaign', 'POST', '/api/email/send', { token: this.world.staff.token, form });
    const campaignId = (body as { campaignId?: string } | undefined)?.campaignId;
    if (isSuccess(outcome.status) && campaignId) this.accepted.campaigns.push({ campaignId, subject, recipients });
  }

  private async read(): Promise<void> {
    const { students, admin } = this.world;
    // Reads of one application pick those accepted a while ago: a reader that has just applied waits for
    // the read models with X-Consistency-Position, which this load does not send.
    const applications = [...this.accepted.applications.values()].filter((application) => application.acceptedAt < Date.now() - 20_000);
    const student = students[this.nextRead % students.length]!;
    const application = applications[this.nextRead % Math.max(1, applications.length)];
    const kind = this.nextRead++ % 4;
    if (kind === 0) await this.send('job-listing', 'GET', '/api/jobs', { token: student.token });
    else if (kind === 1) await this.send('my-applications', 'GET', '/api/applications/my-applications', { token: student.token });
    else if (kind === 2 && application) await this.send('resume-download', 'GET', `/applications/resume/${application.applicationId}`, { token: admin.token });
    else if (kind === 3 && application) await this.send('audit-timeline', 'GET', `/api/audit/applications/${application.applicationId}`, { token: admin.token });
  }

  private async analyze(): Promise<void> {
    const { students, resume } = this.world;
    const form = new FormData();
    form.append('resume', new Blob([new Uint8Array(resume)], { type: 'application/pdf' }), 'resume.pdf');
    form.append('job_description', 'Data analyst with SQL, Python and dashboards.');
    await this.send('ats-analyze', 'POST', '/ats/analyze', { token: students[0]!.token, form });
  }
}
