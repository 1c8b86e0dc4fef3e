import { createHash, randomBytes } from 'node:crypto';
import { resumeAnalysisHistorySchema, resumeAnalysisReplySchema } from '@placement/domain';
import { pdfOfLines } from '../ats-engine/src/test-support/fixtures';
import { signedInUser, startCommandApi } from '../command-api/src/test-support';
import { PORTAL_URL, portalRequest, signInAtGateway, testClientAddress } from './support/portal';

jest.setTimeout(120_000);

/**
 * Against the running stack, through the gateway: a student's check at /ats/analyze is kept as a
 * ResumeAnalysed event, the projectors put it in the resumes read model, and the query-api answers it
 * in the student's history and in an admin's view of that student.
 */
describe('resume checks kept over time on the running stack', () => {
  const clientAddress = testClientAddress();
  const tag = randomBytes(4).toString('hex');
  const password = `history ${randomBytes(12).toString('base64url')}`;
  let adminToken: string;
  let staffToken: string;
  let studentToken: string;
  let studentId: string;
  let resume: Buffer;

  const subjectOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

  beforeAll(async () => {
    const api = await startCommandApi();
    try {
      const admin = await signedInUser(api, 'admin', { fullName: `History Admin ${tag}`, password });
      adminToken = await signInAtGateway(admin.email, password, clientAddress);
    } finally {
      await api.stop();
    }
    const create = async (role: 'staff' | 'student') => {
      const email = `history.${role}.${tag}@university.edu`;
      const account = { fullName: `History ${role} ${tag}`, email, role, rollNo: role === 'student' ? `RH-${tag}` : undefined, password, status: 'active' };
      const reply = await portalRequest<{ message?: string }>('POST', '/api/admin/users', { token: adminToken, body: account, clientAddress });
      if (reply.status !== 201) throw new Error(`creating the ${role} answered ${reply.status}: ${reply.body.message ?? ''}`);
      return signInAtGateway(email, password, clientAddress);
    };
    staffToken = await create('staff');
    studentToken = await create('student');
    studentId = subjectOf(studentToken);
    resume = await pdfOfLines([
      `Kiran ${tag}`,
      'kiran.rao@gmail.com | +91 98765 43210 | linkedin.com/in/kiran-rao',
      'EDUCATION',
      'B.Tech in Computer Science, University College   2020 – 2024   CGPA: 8.4/10',
      'EXPERIENCE',
      'Software Intern, Acme Systems   Jun 2023 – Aug 2023',
      '• Built a REST API in Node.js serving 12,000 daily users',
      '• Reduced build time by 40% with Docker layer caching',
      '• Responsible for testing',
      'SKILLS',
      'Python, SQL, Docker, Git, JavaScript, React',
    ]);
  });

  const analyse = async (jobDescription?: string) => {
    const form = new FormData();
    form.append('resume', new Blob([new Uint8Array(resume)]), 'cv.pdf');
    form.append('industry', 'software');
    if (jobDescription) form.append('job_description', jobDescription);
    const response = await fetch(`${PORTAL_URL}/ats/analyze`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${studentToken}`, 'X-Forwarded-For': clientAddress } });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-consistency-position'))).toBeGreaterThan(0);
    return resumeAnalysisReplySchema.parse(await response.json());
  };
  const history = async (path: string, token: string, after: number) => portalRequest('GET', path, { token, after, clientAddress });

  it("keeps each check in the student's history with its scorer version, file hash and each factor's points, and shows it to an admin", async () => {
    const first = await analyse();
    const second = await analyse('Backend developer with Python, Kubernetes and PostgreSQL');
    expect(first.analysis).not.toBeNull();
    expect(second.analysis!.position).toBeGreaterThan(first.analysis!.position);

    const mine = await history('/api/resume-analyses/me', studentToken, second.analysis!.position);
    expect(mine.status).toBe(200);
    const { analyses } = resumeAnalysisHistorySchema.parse(mine.body);
    expect(analyses.map((a) => a.analysisId)).toEqual([first.analysis!.id, second.analysis!.id]);
    const sha256 = (value: Buffer | string) => createHash('sha256').update(value).digest('hex');
    expect(analyses[0]).toMatchObject({
      studentId,
      scorerVersion: first.scorerVersion,
      fileHash: sha256(resume),
      fileType: 'pdf',
      industry: 'software',
      jobDescriptionHash: null,
      atsScore: first.ats_score,
      label: first.label,
      factors: { action_verbs: { score: first.factorScores.action_verbs, points: first.factorDetails.action_verbs.points } },
    });
    expect(analyses[1]).toMatchObject({ fileHash: sha256(resume), jobDescriptionHash: sha256('Backend developer with Python, Kubernetes and PostgreSQL'), atsScore: second.ats_score });

    const asAdmin = await history(`/api/admin/users/${studentId}/resume-analyses`, adminToken, second.analysis!.position);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(mine.body);
    expect((await history(`/api/admin/users/${studentId}/resume-analyses`, staffToken, 0)).status).toBe(403);
    expect((await history('/api/resume-analyses/me', adminToken, 0)).status).toBe(403);
  });

  it('explains the score in the reply: points per factor that add up to it, with the evidence', async () => {
    const reply = await analyse();
    const points = Object.values(reply.factorDetails).reduce((sum, factor) => sum + factor.points, 0);
    expect(Math.abs(points - reply.ats_score)).toBeLessThanOrEqual(1);
    expect(reply.factorDetails.action_verbs.evidence.quantified).toEqual(expect.arrayContaining([expect.stringContaining('12,000 daily users'), expect.stringContaining('40%')]));
    expect(reply.factorDetails.action_verbs.evidence.withoutVerb).toEqual(['Responsible for testing']);
    expect(reply.factorDetails.keyword_match.evidence.industryFound).toEqual(expect.arrayContaining(['Python', 'Docker']));
  });
});
