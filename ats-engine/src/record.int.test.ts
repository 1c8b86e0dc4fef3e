import { randomUUID } from 'node:crypto';
import { ATS_FACTORS, resumeAnalysisReplySchema, resumeStreamId } from '@placement/domain';
import { ATS_OPENAPI_PATH, createLogger, issueToken, isolatedPostgresStore, loadEnv, type EventStore, type PostgresEventStore } from '@placement/platform';
import { scoresOf, type AnalysisResponse } from './analyze';
import { analysisRecorder, sha256 } from './record';
import { pdfOfLines } from './test-support/fixtures';
import { startAtsEngine, type AtsUnderTest } from './test-support/service';

jest.setTimeout(60_000);

const LINES = [
  'Meera Iyer',
  'meera.iyer@gmail.com | +91 98765 43210',
  'EXPERIENCE',
  'Intern, Acme Systems   Jun 2023 – Aug 2023',
  '• Built a REST API in Node.js serving 12,000 daily users',
  '• Responsible for testing',
  'SKILLS',
  'Python, SQL, Docker, Git',
];

/** The real engine on the real event store (a PostgreSQL schema of its own): each check is kept as ResumeAnalysed. */
describe('a student check kept as ResumeAnalysed', () => {
  let ats: AtsUnderTest;
  let store: PostgresEventStore;
  let dispose: () => Promise<void>;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL));
    ats = await startAtsEngine({ store });
    pdf = await pdfOfLines(LINES);
  });
  afterAll(async () => {
    await ats?.stop();
    await dispose?.();
  });

  it("appends the result with the scorer version, the file's hash and each factor's points to the student's stream", async () => {
    const studentId = randomUUID();
    const token = issueToken(ats.tokens, { id: studentId, role: 'student', sessionVersion: 0 });
    const jobDescription = 'Backend engineer: Python, Kubernetes, PostgreSQL';
    const { status, body } = await ats.analyze({ bytes: pdf, name: 'cv.pdf' }, { industry: 'software', job_description: jobDescription }, { token });
    expect(status).toBe(200);
    const reply = resumeAnalysisReplySchema.parse(body);
    expect(reply.analysis).toEqual({ id: expect.any(String), position: expect.any(Number) });

    const [event, ...more] = await store.readStream(resumeStreamId(studentId));
    expect(more).toEqual([]);
    expect(event).toMatchObject({ eventId: reply.analysis!.id, type: 'ResumeAnalysed', schemaVersion: 1, position: reply.analysis!.position });
    expect(event!.metadata).toMatchObject({ actorId: studentId, actorRole: 'student' });
    expect(event!.data).toMatchObject({
      analysisId: reply.analysis!.id,
      studentId,
      scorerVersion: reply.scorerVersion,
      fileHash: sha256(pdf),
      fileType: 'pdf',
      industry: 'software',
      jobDescriptionHash: sha256(jobDescription),
      atsScore: reply.ats_score,
      label: reply.label,
      factors: { keyword_match: { score: reply.factorScores.keyword_match, points: reply.factorDetails.keyword_match.points } },
    });
  });

  it('keeps every check, the same file twice under the same hash (the second answered from the reply cache)', async () => {
    const studentId = randomUUID();
    const token = issueToken(ats.tokens, { id: studentId, role: 'student', sessionVersion: 0 });
    const first = (await ats.analyze({ bytes: pdf, name: 'cv.pdf' }, {}, { token })).body as AnalysisResponse;
    const second = (await ats.analyze({ bytes: pdf, name: 'cv.pdf' }, {}, { token })).body as AnalysisResponse;
    expect({ ...second, analysis: null }).toEqual({ ...first, analysis: null });
    const events = await store.readStream(resumeStreamId(studentId));
    expect(events.map((e) => [e.eventId, e.position])).toEqual([first, second].map((reply) => [reply.analysis!.id, reply.analysis!.position]));
    expect(events.map((e) => (e.data as { atsScore: number }).atsScore)).toEqual([first.ats_score, first.ats_score]);
    expect(events.map((e) => (e.data as { fileHash: string; jobDescriptionHash: string | null }).fileHash)).toEqual([sha256(pdf), sha256(pdf)]);
    expect(events.map((e) => (e.data as { jobDescriptionHash: string | null }).jobDescriptionHash)).toEqual([null, null]);
  });

  it("appends without reading the student's stream: one round trip, however many checks came before", async () => {
    const studentId = randomUUID();
    const token = issueToken(ats.tokens, { id: studentId, role: 'student', sessionVersion: 0 });
    const { body } = await ats.analyze({ bytes: pdf, name: 'cv.pdf' }, {}, { token });
    const response = body as AnalysisResponse;
    let reads = 0;
    const counting = new Proxy(store, {
      get: (target, key, receiver) => (key === 'readStream' ? (...args: Parameters<EventStore['readStream']>) => ((reads += 1), target.readStream(...args)) : Reflect.get(target, key, receiver)),
    });
    const record = analysisRecorder(counting, createLogger('record-test', 'silent'));
    const student = { id: studentId, role: 'student' as const };
    const check = { student, fileHash: sha256(pdf), industry: 'software' as const, jobDescriptionHash: null, scores: scoresOf(response) };
    const second = await record(check, 'c-2');
    const third = await record(check, 'c-3');
    expect(reads).toBe(0);
    const events = await store.readStream(resumeStreamId(studentId));
    expect(events.map((e) => [e.eventId, e.revision, e.position])).toEqual([
      [response.analysis!.id, 0, response.analysis!.position],
      [second!.id, 1, second!.position],
      [third!.id, 2, third!.position],
    ]);
  });

  it("describes the reply in the API description: the spec's fields, the scorer version and each factor's points with evidence beside them", async () => {
    type Schema = { properties: Record<string, Schema & { description?: string }>; required?: string[] };
    const document = (await (await fetch(`${ats.service.url}${ATS_OPENAPI_PATH}`)).json()) as { paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }> };
    const reply = document.paths['/ats/analyze']!.post.responses['200']!.content['application/json']!.schema;
    expect(reply.required).toEqual(expect.arrayContaining(['success', 'error', 'ats_score', 'factorScores', 'recommendations', 'keywordAnalysis', 'metrics', 'scorerVersion', 'factorDetails', 'analysis']));
    expect(Object.keys(reply.properties.factorScores!.properties)).toEqual([...ATS_FACTORS]);
    expect(reply.properties.keywordAnalysis!.properties.industryKeywords).toBeDefined();
    expect(reply.properties.metrics!.properties.formattingIssues).toBeDefined();
    expect(reply.properties.scorerVersion!.description).toMatch(/version of the scoring rules/);
    const details = reply.properties.factorDetails!;
    expect(Object.keys(details.properties)).toEqual([...ATS_FACTORS]);
    expect(details.properties.keyword_match!.required).toEqual(['weight', 'score', 'points', 'maxPoints', 'evidence']);
    expect(Object.keys(details.properties.keyword_match!.properties.evidence!.properties)).toEqual(['industryFound', 'industryMissing', 'industryTarget', 'jobDescription']);
    expect(details.properties.action_verbs!.properties.evidence!.properties.quantified!.description).toMatch(/counted as quantified/);
  });

  it('keeps nothing of a refused file', async () => {
    const studentId = randomUUID();
    const token = issueToken(ats.tokens, { id: studentId, role: 'student', sessionVersion: 0 });
    expect((await ats.analyze({ bytes: Buffer.from('not a resume'), name: 'cv.pdf' }, {}, { token })).status).toBe(415);
    expect(await store.readStream(resumeStreamId(studentId))).toEqual([]);
  });
});

describe('a check the store cannot keep', () => {
  it('still answers the analysis, with analysis null', async () => {
    const { store, dispose } = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL);
    await dispose(); // closed and dropped: every append fails
    const ats = await startAtsEngine({ store });
    try {
      const { status, body } = await ats.analyze({ bytes: await pdfOfLines(LINES), name: 'cv.pdf' });
      expect(status).toBe(200);
      expect(resumeAnalysisReplySchema.parse(body).analysis).toBeNull();
    } finally {
      await ats.stop().catch(() => undefined);
    }
  });
});

/** Polls (every 50 ms) until `probe` answers true. */
async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a check the store refuses for a while', () => {
  let store: PostgresEventStore;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL));
  });
  afterAll(async () => dispose?.());

  it('is retried in the background until it lands, once and in order, and /ready names the waiting analyses meanwhile', async () => {
    // The first append lands but reports a failure (an answer lost on the way back); the next ones
    // fail outright until the store is mended; then the real store answers.
    const appended: string[] = [];
    let failures = 0;
    let mended = false;
    const faulty = new Proxy(store, {
      get: (target, key, receiver) =>
        key === 'append'
          ? async (...args: Parameters<EventStore['append']>) => {
              appended.push(args[1][0]!.eventId);
              if (mended) return target.append(...args);
              failures += 1;
              if (failures === 1) await target.append(...args);
              throw new Error(`event store unreachable (failure ${failures})`);
            }
          : (Reflect.get(target, key, receiver) as unknown),
    });
    const ats = await startAtsEngine({ store: faulty });
    try {
      const studentId = randomUUID();
      const token = issueToken(ats.tokens, { id: studentId, role: 'student', sessionVersion: 0 });
      const pdf = await pdfOfLines(LINES);
      for (const industry of ['software', 'finance']) {
        const { status, body } = await ats.analyze({ bytes: pdf, name: 'cv.pdf' }, { industry }, { token });
        expect(status).toBe(200);
        expect(resumeAnalysisReplySchema.parse(body).analysis).toBeNull();
      }

      const ready = async () => {
        const response = await fetch(`${ats.service.url}/ready`);
        return { status: response.status, checks: ((await response.json()) as { checks: Record<string, string> }).checks };
      };
      const waiting = await ready();
      expect(waiting.status).toBe(503);
      expect(waiting.checks).toMatchObject({ 'extraction-workers': 'ok', analysisRecording: expect.stringMatching(/^2 resume analyses waiting to be recorded \(event store: event store unreachable \(failure \d+\)\)$/) });
      expect(await (await fetch(`${ats.service.url}/metrics`)).text()).toMatch(/^ats_analyses_awaiting_record{service="ats-engine"} 2$/m);

      await until('three failed appends', () => failures >= 3);
      mended = true;
      await until('/ready to answer ok again', async () => (await ready()).status === 200);
      expect((await ready()).checks.analysisRecording).toBe('ok');
      expect(await (await fetch(`${ats.service.url}/metrics`)).text()).toMatch(/^ats_analyses_awaiting_record{service="ats-engine"} 0$/m);

      const ids = [...new Set(appended)];
      expect(ids).toHaveLength(2);
      const events = await store.readStream(resumeStreamId(studentId));
      expect(events.map((e) => [e.eventId, e.type, (e.data as { industry: string }).industry])).toEqual([
        [ids[0], 'ResumeAnalysed', 'software'],
        [ids[1], 'ResumeAnalysed', 'finance'],
      ]);
    } finally {
      await ats.stop();
    }
  });
});
