import { randomUUID } from 'node:crypto';
import {
  EMAIL_CLAIM_EVENT_VERSIONS,
  JOB_EVENT_VERSIONS,
  USER_EVENT_VERSIONS,
  emailClaimDecider,
  jobDecider,
  jobStreamId,
  userDecider,
  userStreamId,
  type CommandContext,
  type JobFormInput,
  type Role,
  type UserStatus,
} from '@placement/domain';
import {
  commonPasswords,
  connectMongo,
  createEventStore,
  createLogger,
  emailStreamOf,
  hashPassword,
  issueToken,
  loadEnv,
  mongoRateCounters,
  ObjectStore,
  runCommand,
  type EventStore,
  type RunningService,
  startService,
  trustedProxiesFromEnv,
} from '@placement/platform';
import { jobFixtures } from '@placement/domain/test-support';
import { zipFixtures } from '@placement/platform/test-support';
import { installCommandApi } from './app';
import type { CommandApiDeps } from './deps';

export interface CommandApiUnderTest {
  service: RunningService;
  deps: CommandApiDeps;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Reply>;
  /** Any method; `form` sends multipart, `body` JSON; `token` signs the request in. */
  request: (method: string, path: string, options?: RequestOptions) => Promise<Reply>;
  stop: () => Promise<void>;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * The real command-api on a free port, against the real local stack's event store, S3 and rate-limit
 * counters (MongoDB); or against `options.store` (an isolated store the caller owns and closes), for
 * tests that must see only their own events. `options.deps` replaces parts (a counting password hasher).
 */
export async function startCommandApi(
  overrides: Record<string, string> = {},
  options: { store?: EventStore; deps?: Partial<Pick<CommandApiDeps, 'passwords' | 'rateCounters' | 'now'>> } = {},
): Promise<CommandApiUnderTest> {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', ...overrides });
  const store = options.store ?? (await createEventStore(env));
  const files = new ObjectStore(env);
  const mongo = await connectMongo(env);
  const deps: CommandApiDeps = {
    env,
    store,
    files,
    logger: createLogger('command-api-test', 'silent'),
    now: () => new Date(),
    commonPasswords: await commonPasswords(),
    rateCounters: mongoRateCounters(mongo.db),
    ...options.deps,
  };
  const service = await startService({
    name: 'command-api',
    port: 0,
    logger: deps.logger,
    readiness: [],
    trustedProxies: trustedProxiesFromEnv({ ...process.env, ...overrides }),
    routes: (app) => installCommandApi(app, deps),
    close: async () => {
      files.close();
      await mongo.close();
      if (!options.store) await store.close();
    },
  });
  // Each test file is its own client address, so per-address rate limits never couple test files.
  const clientAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { 'X-Forwarded-For': clientAddress, ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.form ?? (typeof options.body === 'string' || options.body === undefined ? options.body : JSON.stringify(options.body));
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => request('POST', path, { body, headers });
  return { service, deps, post, request, stop: () => service.stop() };
}

export const uniqueEmail = (domain = 'university.edu') => `student.${randomUUID().slice(0, 8)}@${domain}`;

export interface SignedInUser {
  id: string;
  email: string;
  role: Role;
  token: string;
}

const SYSTEM: CommandContext['actor'] = { id: null, role: 'system' };
const systemContext = (): CommandContext => ({ now: new Date(), actor: SYSTEM });
const testCausation = () => ({ correlationId: `test-${randomUUID()}`, causationId: null });

/**
 * An account written straight to the event store, with a token of this test's command-api. With a
 * `password` it can also sign in through the running stack, whose secret no test knows.
 */
export async function signedInUser(api: CommandApiUnderTest, role: Role, options: { status?: UserStatus; fullName?: string; password?: string } = {}): Promise<SignedInUser> {
  const id = randomUUID();
  const email = uniqueEmail();
  const common = { context: systemContext(), causation: testCausation() };
  await runCommand(api.deps.store, { ...common, streamId: emailStreamOf(email), decider: emailClaimDecider, versions: EMAIL_CLAIM_EVENT_VERSIONS, command: { type: 'ClaimEmail', userId: id } });
  await runCommand(api.deps.store, {
    ...common,
    streamId: userStreamId(id),
    decider: userDecider,
    versions: USER_EVENT_VERSIONS,
    command: {
      type: 'CreateUserByAdmin',
      userId: id,
      fullName: options.fullName ?? `Test ${role}`,
      email,
      mobileNo: null,
      rollNo: role === 'student' ? `R-${id.slice(0, 6)}` : null,
      // Without a password, not a real hash: such accounts sign in with the token below only.
      passwordHash: options.password === undefined ? 'not-a-password-hash' : await hashPassword(options.password),
      role,
      status: options.status ?? 'active',
    },
  });
  return { id, email, role, token: issueToken({ secret: api.deps.env.JWT_SECRET, expiresIn: api.deps.env.JWT_EXPIRES_IN }, { id, role, sessionVersion: 0 }) };
}

/** A complete, valid job form (the domain's own test fixture), fresh for each use. */
export const aJobForm = (): JobFormInput => structuredClone(jobFixtures.validJobForm);

/** A job written straight to the event store: approved (open for applications) unless asked otherwise. */
export async function existingJob(api: CommandApiUnderTest, status: 'approved' | 'pending' = 'approved'): Promise<string> {
  const jobId = randomUUID();
  await runCommand(api.deps.store, {
    context: { now: new Date(), actor: { id: null, role: 'admin' } },
    causation: testCausation(),
    streamId: jobStreamId(jobId),
    decider: jobDecider,
    versions: JOB_EVENT_VERSIONS,
    command: { type: 'PostJob', jobId, job: aJobForm(), approveImmediately: status === 'approved' },
  });
  return jobId;
}

/**
 * The events a request appended after `since`, found by its correlation id: other test files append
 * to the same store in parallel, so a refusal is proven to write nothing by this and not by the head alone.
 */
export async function eventsWrittenBy(api: CommandApiUnderTest, reply: Reply, since: number) {
  const correlationId = reply.headers.get('x-correlation-id');
  const events = await api.deps.store.readAll({ fromPosition: since });
  return events.filter((event) => event.metadata.correlationId === correlationId);
}

/** Sends a request that must be refused with `status` and `message`, and proves it wrote nothing. */
export async function refusedWithoutWrites(api: CommandApiUnderTest, send: () => Promise<Reply>, status: number, message: string): Promise<Reply> {
  const head = await api.deps.store.headPosition();
  const reply = await send();
  expect({ status: reply.status, message: reply.body.message }).toEqual({ status, message });
  expect(await eventsWrittenBy(api, reply, head)).toEqual([]);
  return reply;
}

/** Stands for a value made in `beforeAll`: each property read goes to it, and fails if it is not made yet. */
function madeBeforeAll<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error(`${what} is made in beforeAll; use it inside a test`);
      const member = Reflect.get(value, key) as unknown;
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
    // So that spreading and serialising see the value's own properties too.
    ownKeys: () => Reflect.ownKeys(current() ?? {}),
    getOwnPropertyDescriptor: (_target, key) => {
      const value = current();
      return value && Object.prototype.hasOwnProperty.call(value, key) ? { value: Reflect.get(value, key) as unknown, enumerable: true, configurable: true, writable: false } : undefined;
    },
  });
}

/**
 * For one describe block: a command-api of its own (with `env` over the defaults) started before the
 * block's tests and stopped after them, and a signed-in admin, staff member and student of it.
 */
export function commandApiForBlock(env: Record<string, string> = {}): { api: CommandApiUnderTest; admin: SignedInUser; staff: SignedInUser; student: SignedInUser } {
  let api: CommandApiUnderTest | undefined;
  let users: Partial<Record<'admin' | 'staff' | 'student', SignedInUser>> = {};
  beforeAll(async () => {
    api = await startCommandApi(env);
    const started = api;
    const [admin, staff, student] = await Promise.all((['admin', 'staff', 'student'] as const).map((role) => signedInUser(started, role)));
    users = { admin, staff, student };
  });
  afterAll(() => api?.stop());
  return {
    api: madeBeforeAll('the command-api', () => api),
    admin: madeBeforeAll('the admin', () => users.admin),
    staff: madeBeforeAll('the staff member', () => users.staff),
    student: madeBeforeAll('the student', () => users.student),
  };
}

/** Tiny files that the content sniffer recognises (it reads bytes, never names). */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n% a tiny test resume\n'),
  doc: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
  // A real (tiny) zip: the command side opens every DOCX under the zip guard before storing it.
  docx: zipFixtures.zip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document><w:body><w:p><w:r><w:t>Asha Rao</w:t></w:r></w:p></w:body></w:document>') },
  ]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  text: Buffer.from('#!/bin/sh\necho not a document\n'),
} as const;

/** A multipart form of text fields and files (`[field, bytes, file name]`). */
export function formOf(fields: Record<string, string>, files: [field: string, bytes: Buffer, name: string][] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, bytes, name] of files) form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}
