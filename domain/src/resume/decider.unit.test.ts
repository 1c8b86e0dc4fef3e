import { given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import { ATS_FACTORS } from './contracts';
import { resumeDecider, RESUME_ANALYSIS_MESSAGES, type RecordResumeAnalysis } from './decider';
import type { ResumeEvent } from './events';

const student = contextAs('student', 's1');
const factors = Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: 0.5, points: 5 }])) as RecordResumeAnalysis['factors'];
const recordCommand: RecordResumeAnalysis = {
  type: 'RecordResumeAnalysis',
  analysisId: 'a1',
  studentId: 's1',
  scorerVersion: '2.0.0',
  fileHash: 'ab'.repeat(32),
  fileType: 'pdf',
  industry: 'software',
  jobDescriptionHash: null,
  atsScore: 61,
  label: 'Good',
  factors,
};
const { type: _type, ...entry } = recordCommand;
const analysed: ResumeEvent = { type: 'ResumeAnalysed', data: { ...entry, analysedAt: TEST_NOW.toISOString() } };

describe('resume decider', () => {
  it('records an analysis with its scorer version, file hash and factors at the command time', () => {
    expect(given(resumeDecider, []).when(recordCommand, student)).toEqual([analysed]);
  });

  it('records a retried analysis once', () => {
    expect(given(resumeDecider, [analysed]).when(recordCommand, student)).toEqual([]);
    expect(given(resumeDecider, [analysed]).when({ ...recordCommand, analysisId: 'a2' }, student)).toHaveLength(1);
  });

  it("refuses to record on another student's history", () => {
    expect(rejectionOf(() => given(resumeDecider, []).when(recordCommand, contextAs('student', 's2')))).toMatchObject({ kind: 'forbidden', message: RESUME_ANALYSIS_MESSAGES.notOwnResume });
  });

  it('refuses a result without a scorer version, a score out of range or a factor missing', () => {
    const when = (command: RecordResumeAnalysis) => rejectionOf(() => given(resumeDecider, []).when(command, student));
    expect(when({ ...recordCommand, scorerVersion: '' })).toMatchObject({ kind: 'invalid' });
    expect(when({ ...recordCommand, atsScore: 101 })).toMatchObject({ kind: 'invalid' });
    const { keyword_match: _k, ...partial } = factors;
    expect(when({ ...recordCommand, factors: partial as RecordResumeAnalysis['factors'] })).toMatchObject({ kind: 'invalid' });
  });
});
