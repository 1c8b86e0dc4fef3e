import { ATS_FACTORS, type ResumeAnalysisEntry, type ResumeEvent } from '@placement/domain';
import { isolatedPostgresStore, loadEnv, RESUME_COLLECTIONS, type EventStore, type ResumeAnalysisDocument } from '@placement/platform';
import type { Db } from 'mongodb';
import { buildTwice, scratchReadModels } from '../test-support';
import { resumesProjection } from './resumes';
import { appendAll, recorded } from './test-history';

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
  const env = loadEnv();
  let store: EventStore;
  let dispose: () => Promise<void>;
  let db: Db;
  let drop: () => Promise<void>;
  let built: { once: Record<string, Buffer>; twice: Record<string, Buffer> };

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    ({ db, drop } = await scratchReadModels());
    await appendAll(store, history());
    built = await buildTwice(resumesProjection, store, db);
  }, 30_000);
  afterAll(async () => {
    await drop();
    await dispose();
  });

  it('ignores the events of other aggregates', () => {
    expect(resumesProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(built.once[RESUME_COLLECTIONS.analyses]!.length).toBeGreaterThan(0);
    expect(built.twice).toEqual(built.once);
  });

  it("keeps each analysis as the event recorded it, a student's history in time order", async () => {
    const mine = await db.collection<ResumeAnalysisDocument>(RESUME_COLLECTIONS.analyses).find({ studentId: 's1' }).sort({ analysedAt: 1 }).toArray();
    expect(mine.map(({ _id, atsScore, scorerVersion }) => ({ _id, atsScore, scorerVersion }))).toEqual([
      { _id: 'a', atsScore: 48, scorerVersion: '1.0.0' },
      { _id: 'c', atsScore: 66, scorerVersion: '1.1.0' },
    ]);
    const { _id, _v, ...kept } = mine[1] as ResumeAnalysisDocument & { _v: number };
    expect(kept).toEqual(analysis('c', 's1', '2025-03-03T10:00:00.000Z', 66, '1.1.0'));
  });
});
