import type { JobFormInput } from '@placement/domain';
import { aJobForm, formOf, SAMPLE_FILES, signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../../command-api/src/test-support';
import { applicationsProjection } from '../../../projectors/src/projections/applications';
import { jobsProjection } from '../../../projectors/src/projections/jobs';
import { startQueryApi, type QueryApiUnderTest, type QueryReply } from '../test-support';

/** Who calls, in the authorization tables. */
export const CALLERS = ['visitor', 'student', 'another student', 'staff', 'admin', 'suspended student'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * The real command-api to write with and the real query-api to read with, its jobs and applications
 * projections following the log into a read-model database of this test file alone.
 */
export class JobsPortal {
  /** The highest position a command of this test reached: reads wait for it. */
  private position = 0;
  readonly callers = new Map<Caller, SignedInUser | undefined>();

  private constructor(
    readonly command: CommandApiUnderTest,
    readonly query: QueryApiUnderTest,
  ) {}

  static async start(): Promise<JobsPortal> {
    const query = await startQueryApi({ projections: [jobsProjection, applicationsProjection] });
    const command = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '100000' });
    const portal = new JobsPortal(command, query);
    portal.callers.set('visitor', undefined);
    portal.callers.set('student', await signedInUser(command, 'student'));
    portal.callers.set('another student', await signedInUser(command, 'student'));
    portal.callers.set('staff', await signedInUser(command, 'staff'));
    portal.callers.set('admin', await signedInUser(command, 'admin'));
    portal.callers.set('suspended student', await signedInUser(command, 'student', { status: 'suspended' }));
    return portal;
  }

  async stop(): Promise<void> {
    await this.command.stop();
    await this.query.stop();
  }

  user(caller: Exclude<Caller, 'visitor'>): SignedInUser {
    return this.callers.get(caller)!;
  }

  /** A command through the real command-api; fails the test unless it succeeds. */
  async write(method: string, path: string, options: Parameters<CommandApiUnderTest['request']>[2] = {}): Promise<Record<string, unknown>> {
    const reply = await this.command.request(method, path, options);
    if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    this.position = Math.max(this.position, Number(reply.body.position ?? 0));
    return reply.body;
  }

  /** A job posted by the admin (approved at once) or through the public form (pending); its id. */
  async postJob(fields: Partial<JobFormInput> = {}, as: 'admin' | 'public' = 'admin'): Promise<string> {
    const body = { ...aJobForm(), ...fields };
    const reply = as === 'admin' ? await this.write('POST', '/api/jobs', { token: this.user('admin').token, body }) : await this.write('POST', '/api/jobs/public', { body });
    return (reply.data as { _id: string })._id;
  }

  /** An application through the real multipart form; its id. */
  async apply(student: SignedInUser, jobId: string, form: Partial<Record<'fullName' | 'email' | 'phone', string>> = {}, resume: Buffer = SAMPLE_FILES.pdf): Promise<string> {
    const fields = { jobId, fullName: 'Form Name', email: 'form.address@example.com', phone: '9876543210', ...form };
    const name = resume === SAMPLE_FILES.pdf ? 'cv.pdf' : 'cv.docx';
    const reply = await this.write('POST', '/api/applications', { token: student.token, form: formOf(fields, [['resume', resume, name]]) });
    return reply.applicationId as string;
  }

  /** A read that sees every command this test made (X-Consistency-Position). */
  read(path: string, caller: Caller | SignedInUser = 'admin'): Promise<QueryReply> {
    const token = typeof caller === 'string' ? this.callers.get(caller)?.token : caller.token;
    return this.query.get(path, { token, position: this.position });
  }

  /** The status each caller gets for `path`. */
  async statusesFor(path: string): Promise<Record<Caller, number>> {
    const statuses = {} as Record<Caller, number>;
    for (const caller of CALLERS) statuses[caller] = (await this.read(path, caller)).status;
    return statuses;
  }
}

/** The ids of a list reply, in order. */
export const idsOf = (items: unknown): string[] => (items as { _id: string }[]).map((item) => item._id);
