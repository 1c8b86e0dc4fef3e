import { randomUUID } from 'node:crypto';
import { ATS_FACTORS, RESUME_EVENT_VERSIONS, resumeAnalysisHistorySchema, resumeDecider, resumeStreamId, type RecordResumeAnalysis } from '@placement/domain';
import { runCommand } from '@placement/platform';
import { resumesProjection } from '../../../projectors/src/projections/resumes';
import { Portal, type Caller } from '../test-support';

const studentOnly: Record<Caller, number> = { visitor: 401, student: 200, 'another student': 200, staff: 403, admin: 403, 'suspended student': 403 };
const adminOnly: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };

describe("a student's resume checks over time, from ResumeAnalysed through the projection to the query-api", () => {
  let portal: Portal;
  /** Analysis ids by name (event ids are UUIDs). */
  const ids: Record<string, string> = { a1: randomUUID(), a2: randomUUID(), b1: randomUUID() };

  /** What the ATS engine records after a check (ats-engine/src/record.ts), as that student. */
  const check = async (studentId: string, name: string, atsScore: number, scorerVersion = '1.0.0') => {
    const analysisId = ids[name]!;
    const command: RecordResumeAnalysis = {
      type: 'RecordResumeAnalysis',
      analysisId,
      studentId,
      scorerVersion,
      fileHash: name.padEnd(64, '0'),
      fileType: 'pdf',
      industry: 'software',
      jobDescriptionHash: null,
      atsScore,
      label: 'Good',
      factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: 0.5, points: 5 }])) as RecordResumeAnalysis['factors'],
    };
    const outcome = await runCommand(portal.command.deps.store, {
      streamId: resumeStreamId(studentId),
      decider: resumeDecider,
      versions: RESUME_EVENT_VERSIONS,
      command,
      context: { now: new Date(), actor: { id: studentId, role: 'student' } },
      causation: { correlationId: analysisId, causationId: null },
      eventIds: () => analysisId,
    });
    portal.sawPosition(outcome.position);
  };

  beforeAll(async () => {
    portal = await Portal.start([resumesProjection]);
    await check(portal.user('student').id, 'a1', 41);
    await check(portal.user('another student').id, 'b1', 90);
    await check(portal.user('student').id, 'a2', 63, '1.1.0');
  }, 60_000);
  afterAll(() => portal.stop());

  it('lets a student read their own history and an admin any student’s', async () => {
    expect(await portal.statusesFor('/api/resume-analyses/me')).toEqual(studentOnly);
    expect(await portal.statusesFor(`/api/admin/users/${portal.user('student').id}/resume-analyses`)).toEqual(adminOnly);
  });

  it("answers the student's own checks only, oldest first, as the events kept them", async () => {
    const reply = await portal.read('/api/resume-analyses/me', 'student');
    const { analyses } = resumeAnalysisHistorySchema.parse(reply.body);
    expect(analyses.map(({ analysisId, atsScore, scorerVersion }) => ({ analysisId, atsScore, scorerVersion }))).toEqual([
      { analysisId: ids.a1, atsScore: 41, scorerVersion: '1.0.0' },
      { analysisId: ids.a2, atsScore: 63, scorerVersion: '1.1.0' },
    ]);
    expect(analyses[0]).toMatchObject({ studentId: portal.user('student').id, fileHash: 'a1'.padEnd(64, '0'), factors: { keyword_match: { score: 0.5, points: 5 } } });
    expect(Object.keys(analyses[0]!)).not.toContain('_id');
  });

  it("shows an admin the same history, and an empty one for an account without checks", async () => {
    const mine = (await portal.read('/api/resume-analyses/me', 'student')).body;
    expect((await portal.read(`/api/admin/users/${portal.user('student').id}/resume-analyses`, 'admin')).body).toEqual(mine);
    expect((await portal.read(`/api/admin/users/${portal.user('staff').id}/resume-analyses`, 'admin')).body).toEqual({ analyses: [] });
  });
});
