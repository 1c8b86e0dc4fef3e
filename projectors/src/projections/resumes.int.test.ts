import { ATS_FACTORS, type ResumeAnalysisEntry, type ResumeEvent } from '@placement/domain';
import { RESUME_COLLECTIONS, type ResumeAnalysisDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { resumesProjection } from './resumes';
import { recorded } from './test-history';

const analysis = (analysisId: string, studentId: string, analysedAt: string, atsScore: number, scorerVersion = '1.0.0'): ResumeAnalysisEntry => ({
  analysisId,
  studentId,
  analysedAt,
  scorerVersion,
  fileHash: analysisId.repeat(64).slice(0, 64),
  fileType: 'pdf',
  industry: 'software',
  jobDescriptionHash: null,
  atsScore,
  label: 'Good',
  factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: atsScore / 100, points: atsScore / 7 }])) as ResumeAnalysisEntry['factors'],
});

const history = (): ResumeEvent[] => [
  { type: 'ResumeAnalysed', data: analysis('a', 's1', '2025-03-01T10:00:00.000Z', 48) },
  { type: 'ResumeAnalysed', data: analysis('b', 's2', '2025-03-02T10:00:00.000Z', 70) },
  { type: 'ResumeAnalysed', data: analysis('c', 's1', '2025-03-03T10:00:00.000Z', 66, '1.1.0') },
];

describe('resumes projection', () => {
  const subject = builtTwiceFromHistory(resumesProjection, history);

  it('ignores the events of other aggregates', () => {
    expect(resumesProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[RESUME_COLLECTIONS.analyses]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it("keeps each analysis as the event recorded it, a student's history in time order", async () => {
    const mine = await subject.db.collection<ResumeAnalysisDocument>(RESUME_COLLECTIONS.analyses).find({ studentId: 's1' }).sort({ analysedAt: 1 }).toArray();
    expect(mine.map(({ _id, atsScore, scorerVersion }) => ({ _id, atsScore, scorerVersion }))).toEqual([
      { _id: 'a', atsScore: 48, scorerVersion: '1.0.0' },
      { _id: 'c', atsScore: 66, scorerVersion: '1.1.0' },
    ]);
    const { _id, _v, ...kept } = mine[1] as ResumeAnalysisDocument & { _v: number };
    expect(kept).toEqual(analysis('c', 's1', '2025-03-03T10:00:00.000Z', 66, '1.1.0'));
  });
});
