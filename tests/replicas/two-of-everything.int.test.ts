/**
 * Two processes of every service against one stack (a namespace of its own): commands, queries and
 * resume analyses spread over both; each projection and the relay run in exactly one projectors process
 * at a time and move to the other within seconds when it dies; two notifiers send each mail once.
 */
import { campaignStreamId } from '@placement/domain';
import type { ReceivedMail } from '@placement/platform';
import { aJobForm, signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { pdfOfLines } from '../../ats-engine/src/test-support/fixtures';
import { createNamespace, kill, manyUsers, notifierSettled, until, type Namespace } from '../notifier/support';
import { spawnService, waitForStatus, type ServiceProcess } from '../support/processes';

const LEASE_TTL_MS = 3000;
type Service = 'command-api' | 'query-api' | 'projectors' | 'notifier' | 'ats-engine';

/** Which work (each projection, the relay) a projectors process holds now, from its /metrics. */
async function leasesHeld(process: ServiceProcess): Promise<Map<string, boolean>> {
  const text = await (await fetch(`${process.url}/metrics`)).text();
  const held = new Map<string, boolean>();
  for (const match of text.matchAll(/^projectors_lease_held\{work="([^"]+)"[^}]*\} (\d)$/gm)) held.set(match[1]!, match[2] === '1');
  return held;
}

const alive = (process: ServiceProcess) => process.child.exitCode === null && process.child.signalCode === null;

describe('two processes of each service against one stack', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  const processes: ServiceProcess[] = [];
  const pair: Partial<Record<Service, [ServiceProcess, ServiceProcess]>> = {};
  const both = (service: Service) => pair[service]!;

  const call = async (process: ServiceProcess, method: string, path: string, options: { token?: string; body?: unknown; after?: number } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.after !== undefined) headers['X-Consistency-Position'] = String(options.after);
    const response = await fetch(`${process.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** Posts a job through one command-api and finds it in the admins' list through one query-api. */
  async function postAndFind(through: ServiceProcess, readFrom: ServiceProcess, companyName: string): Promise<void> {
    const posted = await call(through, 'POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), companyName } });
    expect(posted.status).toBe(201);
    const jobId = (posted.body.data as { _id: string })._id;
    await until(
      async () => JSON.stringify((await call(readFrom, 'GET', `/api/jobs/admin/jobs?companyName=${encodeURIComponent(companyName)}`, { token: admin.token, after: posted.body.position as number })).body).includes(jobId),
      { timeoutMs: 30_000, intervalMs: 200, what: `${companyName} in the admins' list` },
    );
  }

  beforeAll(async () => {
    ns = await createNamespace({ LEASE_TTL_MS: String(LEASE_TTL_MS), NOTIFIER_MAILS_PER_SECOND: '200' });
    api = await startCommandApi(ns.env);
    admin = await signedInUser(api, 'admin');
    for (const service of ['projectors', 'command-api', 'query-api', 'notifier', 'ats-engine'] as const) {
      const started = await Promise.all([0, 1].map(() => spawnService(service, { ...ns.env, LOG_LEVEL: 'warn' })));
      processes.push(...started);
      await Promise.all(started.map((process) => waitForStatus(`${process.url}/ready`, 200, 90_000)));
      pair[service] = started as [ServiceProcess, ServiceProcess];
    }
  }, 240_000);

  afterAll(async () => {
    for (const process of processes) if (alive(process)) await kill(process, 'SIGTERM');
    await api?.stop();
    await ns?.dispose();
  }, 60_000);

  it('runs each projection and the relay in exactly one projectors process', async () => {
    const [first, second] = both('projectors');
    await until(
      async () => {
        const [a, b] = await Promise.all([leasesHeld(first), leasesHeld(second)]);
        return a.size > 0 && [...a.keys()].every((work) => Number(a.get(work)) + Number(b.get(work)) === 1);
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'every lease held by exactly one process' },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify([...(await leasesHeld(first))])} / ${JSON.stringify([...(await leasesHeld(second))])}`);
    });
    const works = [...(await leasesHeld(first)).keys()].sort();
    expect(works).toEqual(expect.arrayContaining(['projection:applications', 'projection:jobs', 'projection:users', 'relay']));
  }, 60_000);

  it('takes commands and queries on both processes, each seeing what the other wrote', async () => {
    const [commandA, commandB] = both('command-api');
    const [queryA, queryB] = both('query-api');
    await postAndFind(commandA, queryB, `Replica Works A ${ns.id}`);
    await postAndFind(commandB, queryA, `Replica Works B ${ns.id}`);
  }, 90_000);

  it('analyses resumes on both ATS processes', async () => {
    const student = await signedInUser(api, 'student');
    const resume = await pdfOfLines([
      'Asha Rao',
      'asha.rao@university.edu | +91 98765 43210 | Pune',
      'EXPERIENCE',
      'Data Intern, Acme Analytics, 2024: built reporting pipelines in Python and SQL.',
      'SKILLS',
      'Python, SQL, Spark, Git',
    ]);
    for (const process of both('ats-engine')) {
      const form = new FormData();
      form.append('resume', new Blob([new Uint8Array(resume)], { type: 'application/pdf' }), 'resume.pdf');
      const response = await fetch(`${process.url}/analyze`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}` }, body: form });
      expect([response.status, await response.text()]).toEqual([200, expect.stringContaining('"ats_score"')]);
    }
  }, 90_000);

  it('moves the work of a killed projectors process to the other within seconds', async () => {
    const [first, second] = both('projectors');
    const holder = [...(await leasesHeld(first)).values()].some(Boolean) ? first : second;
    const survivor = holder === first ? second : first;
    await kill(holder, 'SIGKILL');
    const killedAt = Date.now();
    await until(async () => [...(await leasesHeld(survivor)).values()].every(Boolean), { timeoutMs: 30_000, intervalMs: 100, what: 'the survivor holding every lease' });
    const takeoverSeconds = (Date.now() - killedAt) / 1000;
    console.log(`projectors takeover after SIGKILL: ${takeoverSeconds.toFixed(1)} s (lease ${LEASE_TTL_MS / 1000} s)`);
    const [commandA] = both('command-api');
    const [, queryB] = both('query-api');
    await postAndFind(commandA, queryB, `Replica Works after the kill ${ns.id}`);
  }, 90_000);

  it('sends each recipient of a campaign exactly one mail with two notifiers (and the relay on the survivor)', async () => {
    const staff = await signedInUser(api, 'staff');
    const students = await manyUsers(api, 60);
    const subject = `Two notifiers ${ns.id}`;
    const form = new FormData();
    form.append('subject', subject);
    form.append('content', '<p>The placement drive starts on Monday.</p>');
    form.append('recipients', JSON.stringify(students.map((student) => student.id)));
    const response = await fetch(`${both('command-api')[1].url}/api/email/send`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` }, body: form });
    expect(response.status).toBe(202);
    const { campaignId } = (await response.json()) as { campaignId: string };
    const events = await until(
      async () => {
        const stream = await ns.store.readStream(campaignStreamId(campaignId));
        return stream.some((event) => event.type === 'CampaignCompleted') && stream;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'campaign completed' },
    );
    // Every chunk done and no mail left claimed by either notifier: a second copy would be in the mailbox now.
    await notifierSettled(ns);
    const copies = new Map<string, ReceivedMail[]>();
    for (const mail of await ns.mailbox.withSubject(subject)) for (const to of mail.to) copies.set(to.address.toLowerCase(), [...(copies.get(to.address.toLowerCase()) ?? []), mail]);
    expect([...copies.keys()].sort()).toEqual(students.map((student) => student.email.toLowerCase()).sort());
    expect([...copies.values()].filter((mails) => mails.length !== 1)).toEqual([]);
    expect(events.filter((event) => event.type === 'CampaignRecipientSent')).toHaveLength(60);
  }, 180_000);
});
