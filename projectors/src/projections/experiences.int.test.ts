import type { ExperienceEvent } from '@placement/domain';
import { EXPERIENCE_COLLECTIONS, EXPERIENCE_STATS_ID, LISTED_EXPERIENCES, type ExperienceDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { experiencesProjection } from './experiences';
import { recorded } from './test-history';

const shared = (experienceId: string, companyName: string, role: string, postedDate: string, type: 'ExperienceShared' | 'ExperienceSubmitted' = 'ExperienceShared'): ExperienceEvent => ({
  type,
  data: {
    experienceId,
    companyName,
    role,
    author: 'Asha Rao',
    batch: '2024',
    course: 'B.Tech',
    interviewLocation: 'Campus',
    offerStatus: 'Accepted',
    experienceRating: 'Amazing',
    difficulty: 'Medium',
    rounds: [{ name: 'Aptitude', description: 'Forty questions' }],
    postedDate,
  },
});

const history = (): ExperienceEvent[] => [
  shared('e1', 'Acme Analytics', 'Data Analyst', '2025-03-01T10:00:00.000Z'),
  shared('e2', 'Globex', 'SDE Intern', '2025-03-02T10:00:00.000Z'),
  shared('e3', 'Initech', 'Tester', '2025-03-03T10:00:00.000Z'),
  { type: 'ExperienceEdited', data: { experienceId: 'e2', before: { companyName: 'Globex', author: 'Asha Rao' }, after: { companyName: 'Globex Corp', author: 'Bala K' } } },
  { type: 'ExperienceRemoved', data: { experienceId: 'e3', companyName: 'Initech', role: 'Tester' } },
  // Held for review: e4 is approved later, e5 still waits.
  shared('e4', 'Hooli', 'PM Intern', '2025-03-04T10:00:00.000Z', 'ExperienceSubmitted'),
  shared('e5', 'Umbrella', 'Chemist', '2025-03-05T10:00:00.000Z', 'ExperienceSubmitted'),
  { type: 'ExperienceApproved', data: { experienceId: 'e4', companyName: 'Hooli', role: 'PM Intern' } },
];

describe('experiences projection', () => {
  const subject = builtTwiceFromHistory(experiencesProjection, history);

  it('ignores the events of other aggregates', () => {
    expect(experiencesProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[EXPERIENCE_COLLECTIONS.experiences]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('marks each experience approved or pending: published by staff, approved by a moderator, or still held for review', async () => {
    const experiences = await subject.db.collection<ExperienceDocument>(EXPERIENCE_COLLECTIONS.experiences).find().sort({ postedDate: 1 }).toArray();
    expect(experiences.map(({ _id, status }) => [_id, status])).toEqual([
      ['e1', 'approved'],
      ['e2', 'approved'],
      ['e4', 'approved'],
      ['e5', 'pending'],
    ]);
    const listed = await subject.db.collection<ExperienceDocument>(EXPERIENCE_COLLECTIONS.experiences).find(LISTED_EXPERIENCES).sort({ postedDate: 1 }).toArray();
    expect(listed.map(({ _id }) => _id)).toEqual(['e1', 'e2', 'e4']);
  });

  it('keeps shared experiences with their edits and lower-cased search fields, drops removed ones, and counts them', async () => {
    const experiences = await subject.db.collection<ExperienceDocument>(EXPERIENCE_COLLECTIONS.experiences).find({ _id: { $in: ['e1', 'e2', 'e3'] } }).sort({ postedDate: 1 }).toArray();
    const searched = (experience: ExperienceDocument) => experience as ExperienceDocument & Record<'searchCompanyName' | 'searchRole' | 'searchAuthor', string>;
    expect(experiences.map(searched).map(({ _id, companyName, author, postedDate, searchCompanyName, searchRole, searchAuthor }) => ({ _id, companyName, author, postedDate, searchCompanyName, searchRole, searchAuthor }))).toEqual([
      { _id: 'e1', companyName: 'Acme Analytics', author: 'Asha Rao', postedDate: '2025-03-01T10:00:00.000Z', searchCompanyName: 'acme analytics', searchRole: 'data analyst', searchAuthor: 'asha rao' },
      { _id: 'e2', companyName: 'Globex Corp', author: 'Bala K', postedDate: '2025-03-02T10:00:00.000Z', searchCompanyName: 'globex corp', searchRole: 'sde intern', searchAuthor: 'bala k' },
    ]);
    expect(experiences.every((experience) => !('lower' in experience))).toBe(true);
    expect(experiences[1]!.rounds).toEqual([{ name: 'Aptitude', description: 'Forty questions' }]);
    // Every experience the management list holds, reviewed or not.
    expect(await subject.db.collection(EXPERIENCE_COLLECTIONS.stats).findOne({ _id: EXPERIENCE_STATS_ID } as never)).toMatchObject({ total: 4 });
  });
});
