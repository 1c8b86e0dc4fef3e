import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { atsLabel, INDUSTRIES } from '@placement/domain';
import { INVALID_TOKEN_MESSAGE, issueToken } from '@placement/platform';
import type { AnalysisResponse } from './analyze';
import { MESSAGES } from './http';
import {
  blankScanPng,
  corruptDocx,
  corruptPdf,
  docxZipBomb,
  imageOnlyPdf,
  oleNotWord,
  passwordProtectedPdf,
  pdfOfLines,
  pdfWithPages,
  pngImage,
} from './test-support/fixtures';
import { startAtsEngine, type AtsUnderTest } from './test-support/service';

jest.setTimeout(60_000);

/** Polls for a condition (no fixed sleeps: a busy machine takes longer, a quiet one no time). */
async function until(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A failure: problem details with the spec's analysis members (`success: false`, `error`). */
const problem = (status: number, error: unknown) =>
  expect.objectContaining({ type: 'about:blank', status, detail: error, message: error, success: false, error, correlationId: expect.any(String), instance: '/analyze' });

const RESUME_LINES = [
  'Asha Verma',
  'asha.verma@gmail.com | +91 98765 43210 | linkedin.com/in/asha-verma',
  'EDUCATION',
  'B.Tech in Computer Science, Pune Institute of Computer Technology   2020 – 2024',
  'CGPA: 8.9/10',
  'EXPERIENCE',
  'Software Engineer Intern, Zentrix Labs   Jun 2023 – Aug 2023',
  '• Built a REST API in Node.js and PostgreSQL serving 12,000 daily users',
  '• Reduced page load time by 38% by caching responses in Redis',
  '• Automated deployments with Docker and GitHub Actions',
  'PROJECTS',
  'Placement Portal',
  '• Developed a React and Express portal used by 1,500 students',
  'SKILLS',
  'Languages: Java, Python, JavaScript, TypeScript, SQL',
  'Tools: Docker, Kubernetes, AWS, Git, Linux',
];

async function sampleDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph('Ravi Kumar'),
          new Paragraph('ravi.kumar@outlook.com | 98765 43210'),
          new Paragraph({ text: 'Education', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('B.Com (Honours), Delhi University, 2023, 78%'),
          new Paragraph({ text: 'Experience', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('Audit Intern, Sterling & Rao\tJan 2023 – Jun 2023'),
          new Paragraph({ text: 'Reconciled ledgers for 8 clients and flagged INR 1.4 crore of errors', bullet: { level: 0 } }),
          new Paragraph({ text: 'Prepared variance analysis for the annual budget', bullet: { level: 0 } }),
          new Paragraph({ text: 'Skills', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('Excel, Tally, Financial Reporting, Taxation, GAAP'),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

describe('POST /analyze', () => {
  let ats: AtsUnderTest;
  let resumePdf: Buffer;

  beforeAll(async () => {
    ats = await startAtsEngine({ maxResumeBytes: 3 * 1024 * 1024 });
    resumePdf = await pdfOfLines(RESUME_LINES);
  });
  afterAll(() => ats.stop());

  describe('is for signed-in students only (the spec\'s /cv is a student screen)', () => {
    it.each([
      ['no token', null, 401, MESSAGES.signIn],
      ['a token signed with another secret', issueToken({ secret: 'x'.repeat(40), expiresIn: '1h' }, { id: 'u1', role: 'student', sessionVersion: 0 }), 401, INVALID_TOKEN_MESSAGE],
      ['an expired token', 'expired', 401, INVALID_TOKEN_MESSAGE],
      ['a token that is not a JWT', 'not-a-jwt', 401, INVALID_TOKEN_MESSAGE],
    ] as const)('answers 401 to %s, before reading the upload', async (_name, token, status, message) => {
      const used = token === 'expired' ? issueToken({ ...ats.tokens, expiresIn: '-1m' }, { id: 'u1', role: 'student', sessionVersion: 0 }) : token;
      const { status: got, body } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' }, {}, { token: used });
      expect(got).toBe(status);
      expect(body).toEqual(problem(status, message));
    });

    it.each(['staff', 'admin'] as const)('answers 403 to %s', async (role) => {
      const { status, body } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' }, {}, { token: ats.tokenFor(role) });
      expect(status).toBe(403);
      expect(body).toEqual(problem(403, MESSAGES.studentsOnly));
    });
  });

  it("answers in the spec's shape, with the extra fields a user acts on", async () => {
    const { status, body } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' }, { industry: 'software' });
    expect(status).toBe(200);
    const reply = body as AnalysisResponse;
    expect(reply.success).toBe(true);
    expect(reply.error).toBeNull();
    expect(Number.isInteger(reply.ats_score)).toBe(true);
    expect(reply.label).toBe(atsLabel(reply.ats_score));
    expect(Object.keys(reply.factorScores).sort()).toEqual(
      ['action_verbs', 'contact_info', 'education_format', 'file_format', 'format_score', 'keyword_match', 'word_count'],
    );
    for (const value of Object.values(reply.factorScores)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    for (const r of reply.recommendations) {
      expect(['high', 'medium', 'low']).toContain(r.priority);
      expect(typeof r.category).toBe('string');
      expect(r.recommendation.length).toBeGreaterThan(10);
    }
    expect(reply.keywordAnalysis.industryKeywords.languages).toEqual(expect.arrayContaining(['Java', 'Python', 'TypeScript']));
    expect(Array.isArray(reply.metrics.formattingIssues)).toBe(true);
    expect(reply.contact).toEqual({ name: 'Asha Verma', email: 'asha.verma@gmail.com', phone: '+91 98765 43210', links: ['linkedin.com/in/asha-verma'] });
    expect(reply.sections.found).toEqual(['education', 'experience', 'projects', 'skills']);
    expect(reply.keywordAnalysis.jobDescription).toBeNull();
  });

  it('matches a job description by stems and synonyms and lists what is missing', async () => {
    const jd = 'We need a backend engineer: Golang or Java, PostgreSQL, K8s and AWS. Experience with Terraform and GraphQL is a plus. Managing deployments via CI/CD.';
    const { body } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' }, { industry: 'software', job_description: jd });
    const job = (body as AnalysisResponse).keywordAnalysis.jobDescription!;
    expect(job.matched).toEqual(expect.arrayContaining(['Java', 'PostgreSQL', 'Kubernetes', 'AWS']));
    expect(job.missing).toEqual(expect.arrayContaining(['Go', 'Terraform', 'GraphQL']));
    expect(job.matchRate).toBeGreaterThan(0.3);
    expect(job.matchRate).toBeLessThan(0.9);
  });

  it('reads DOCX, defaults the industry to software, and accepts every industry', async () => {
    const docx = await sampleDocx();
    const { status, body } = await ats.analyze({ bytes: docx, name: 'ravi.docx' });
    expect(status).toBe(200);
    const reply = body as AnalysisResponse;
    expect(reply.keywordAnalysis.industry).toBe('software');
    expect(reply.metrics.fileType).toBe('docx');
    expect(reply.contact.name).toBe('Ravi Kumar');
    for (const industry of INDUSTRIES) {
      const { status: s, body: b } = await ats.analyze({ bytes: docx, name: 'ravi.docx' }, { industry });
      expect(s).toBe(200);
      expect((b as AnalysisResponse).keywordAnalysis.industry).toBe(industry);
    }
    const finance = (await ats.analyze({ bytes: docx, name: 'ravi.docx' }, { industry: 'finance' })).body as AnalysisResponse;
    expect(finance.keywordAnalysis.industryKeywords.tools).toEqual(expect.arrayContaining(['Excel', 'Tally']));
  });

  describe('refuses bad input with a clear error and stays up', () => {
    const cases: [string, () => Promise<{ bytes: Buffer; name: string } | undefined>, Record<string, string>, number, string | RegExp][] = [
      ['no file', async () => undefined, {}, 400, MESSAGES.noFile],
      ['an empty file', async () => ({ bytes: Buffer.alloc(0), name: 'cv.pdf' }), {}, 400, MESSAGES.empty],
      ['an image', async () => ({ bytes: pngImage(10, 10, () => 0), name: 'cv.png' }), {}, 415, MESSAGES.wrongType],
      ['text named like a PDF', async () => ({ bytes: Buffer.from('My resume: Jane Doe, Python'), name: 'cv.pdf' }), {}, 415, MESSAGES.wrongType],
      ['an Excel-style OLE file named .doc', async () => ({ bytes: oleNotWord(), name: 'cv.doc' }), {}, 415, MESSAGES.wrongType],
      ['an unknown industry', async () => ({ bytes: resumePdf, name: 'cv.pdf' }), { industry: 'astrology' }, 400, /^Unknown industry 'astrology'/],
      ['a job description over 20,000 characters', async () => ({ bytes: resumePdf, name: 'cv.pdf' }), { job_description: 'a'.repeat(20_001) }, 400, MESSAGES.jobDescriptionTooLong],
      ['an oversized upload', async () => ({ bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024)]), name: 'cv.pdf' }), {}, 413, 'The file is larger than 3 MB. Please upload a smaller PDF or Word document.'],
      ['a corrupt PDF', async () => ({ bytes: corruptPdf(), name: 'cv.pdf' }), {}, 422, /^This PDF is damaged or incomplete/],
      ['a password-protected PDF', async () => ({ bytes: passwordProtectedPdf(), name: 'cv.pdf' }), {}, 422, /^This PDF is password-protected/],
      ['a 200-page PDF', async () => ({ bytes: await pdfWithPages(200), name: 'cv.pdf' }), {}, 422, 'This PDF has 200 pages. A resume can have at most 10; please upload a shorter file.'],
      ['a DOCX zip bomb', async () => ({ bytes: docxZipBomb(512), name: 'cv.docx' }), {}, 422, /^This Word document expands to more than 64 MB/],
      ['a DOCX zip bomb whose headers lie about its size', async () => ({ bytes: docxZipBomb(512, true), name: 'cv.docx' }), {}, 422, /^This Word document expands to more than 64 MB/],
      ['a corrupt DOCX', async () => ({ bytes: corruptDocx(), name: 'cv.docx' }), {}, 422, /^This Word document is damaged/],
      ['a PDF of five scanned pages', async () => ({ bytes: await imageOnlyPdf(blankScanPng(), 5), name: 'scan.pdf' }), {}, 422, '5 pages of this PDF have no selectable text (scans or images); we can read at most 4. Please upload a text-based PDF.'],
      ['a scan with no text on it', async () => ({ bytes: await imageOnlyPdf(blankScanPng()), name: 'scan.pdf' }), {}, 422, MESSAGES.noText],
    ];

    it.each(cases)('%s', async (_name, file, fields, status, message) => {
      const { status: got, body } = await ats.analyze(await file(), fields);
      expect(got).toBe(status);
      expect(body).toEqual(problem(status, expect.any(String)));
      expect((body as { error: string }).error).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    });

    afterAll(async () => {
      const health = await fetch(`${ats.service.url}/health`);
      expect(health.status).toBe(200);
      const ready = await fetch(`${ats.service.url}/ready`);
      expect(ready.status).toBe(200);
      const { status } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' });
      expect(status).toBe(200);
    });
  });

  describe('answers a repeated analysis from its reply cache', () => {
    const post = async (token: string, headers: Record<string, string> = {}, fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.append('resume', new Blob([new Uint8Array(resumePdf)]), 'resume.pdf');
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch(`${ats.service.url}/analyze`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, ...headers } });
      return { status: response.status, timing: response.headers.get('server-timing') ?? '', body: (await response.json()) as AnalysisResponse };
    };
    const extracted = (timing: string) => /\bextract;dur=/.test(timing);

    it('the same student, file, industry and job description: the same reply, without reading the file again', async () => {
      const token = ats.tokenFor('student');
      const first = await post(token, {}, { industry: 'software', job_description: 'Java and Kubernetes' });
      const again = await post(token, {}, { industry: 'software', job_description: 'Java and Kubernetes' });
      expect([first.status, again.status]).toEqual([200, 200]);
      expect(extracted(first.timing)).toBe(true);
      expect(again.timing).toMatch(/\bcache;desc=hit\b/);
      expect(extracted(again.timing)).toBe(false);
      expect(again.body).toEqual(first.body);
    });

    it('reads the file again for another job description, industry or student, and when asked with Cache-Control: no-cache', async () => {
      const token = ats.tokenFor('student');
      const first = await post(token, {}, { industry: 'software' });
      const replies = [
        await post(token, {}, { industry: 'software', job_description: 'Golang' }),
        await post(token, {}, { industry: 'finance' }),
        await post(ats.tokenFor('student'), {}, { industry: 'software' }),
        await post(token, { 'Cache-Control': 'no-cache' }, { industry: 'software' }),
      ];
      expect(replies.map((r) => [r.status, extracted(r.timing)])).toEqual(replies.map(() => [200, true]));
      expect(replies[3]!.body).toEqual(first.body);
    });
  });

  it('answers other methods on /analyze in the same shape', async () => {
    const response = await fetch(`${ats.service.url}/analyze`);
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual(problem(405, expect.stringContaining('POST')));
  });

  it('answers every failure as problem details with the spec\'s analysis members and the correlation id', async () => {
    const form = new FormData();
    form.append('resume', new Blob([new Uint8Array(resumePdf)]), 'resume.pdf');
    const response = await fetch(`${ats.service.url}/analyze`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${ats.tokenFor('admin')}`, 'X-Correlation-Id': 'ats-corr-1' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: MESSAGES.studentsOnly,
      instance: '/analyze',
      correlationId: 'ats-corr-1',
      message: MESSAGES.studentsOnly,
      success: false,
      error: MESSAGES.studentsOnly,
    });
  });

  it('describes /ats/analyze in its half of the API description: multipart, students only, problem replies with the analysis members', async () => {
    const document = (await (await fetch(`${ats.service.url}/openapi/ats.json`)).json()) as { paths: Record<string, { post?: Record<string, unknown> }> };
    expect(Object.keys(document.paths)).toEqual(['/ats/analyze']);
    const operation = document.paths['/ats/analyze']!.post as { 'x-action': string; 'x-roles': string; requestBody: { content: Record<string, unknown> }; responses: { default: { content: Record<string, { schema: unknown }> } } };
    expect(operation['x-action']).toBe('resume.analyze');
    expect(operation['x-roles']).toBe('student');
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(operation.responses.default.content['application/problem+json']!.schema).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { success: { const: false }, error: { type: 'string' } } }],
    });
  });

  it('keeps answering text resumes while OCR reads a scan', async () => {
    // Two letter-size pages at 200 dpi of speckled paper: seconds of OCR that find no word.
    const scan = await imageOnlyPdf(blankScanPng(1700, 2200), 2);
    let scanDone = false;
    const scanning = ats.analyze({ bytes: scan, name: 'scan.pdf' }).then(() => {
      scanDone = true;
    });
    // The scan is in the OCR pool (it passed the text pool first, where a text PDF finds no text).
    await until('the OCR pool reads the scan', () => ats.engine.load().ocr.busy > 0 || scanDone);
    const texts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        // Each as another student: an answer from the reply cache would not go through the text pool.
        const { status } = await ats.analyze({ bytes: resumePdf, name: 'resume.pdf' }, {}, { token: ats.tokenFor('student') });
        return { status, beforeTheScan: !scanDone };
      }),
    );
    await scanning;
    expect(texts).toEqual(Array.from({ length: 4 }, () => ({ status: 200, beforeTheScan: true })));
  });
});
