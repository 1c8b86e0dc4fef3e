import { render, screen } from '@testing-library/react';
import type { AxiosResponse } from 'axios';
import { ATS_FACTORS, type ResumeAnalysisEntry, type ResumeAnalysisHistory } from '@placement/domain';
import { resumeChecksApi } from './api';
import { StudentResumeChecks } from './StudentResumeChecks';

jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const entry = (analysisId: string, analysedAt: string, atsScore: number, label: string, scorerVersion: string): ResumeAnalysisEntry => ({
  analysisId,
  studentId: 's1',
  analysedAt,
  scorerVersion,
  fileHash: 'a'.repeat(64),
  fileType: 'pdf',
  industry: 'software',
  jobDescriptionHash: null,
  atsScore,
  label,
  factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: 0.5, points: 5 }])) as ResumeAnalysisEntry['factors'],
});

const answer = (analyses: ResumeAnalysisEntry[]) => Promise.resolve({ data: { analyses } } as AxiosResponse<ResumeAnalysisHistory>);

afterEach(() => jest.restoreAllMocks());

describe("an admin's view of a student's resume checks", () => {
  it("reads that student's history and sums it up: the scores in order, the latest with its label and scorer version", async () => {
    const read = jest.spyOn(resumeChecksApi, 'studentHistory').mockReturnValue(answer([entry('a1', '2025-03-01T10:00:00.000Z', 41, 'Needs Improvement', '1.0.0'), entry('a2', '2025-03-02T10:00:00.000Z', 63, 'Good', '1.1.0')]));
    render(<StudentResumeChecks studentId="s1" />);
    expect(await screen.findByText('2 checks: 41 → 63. Latest 63 (Good) on Mar 2, 2025, scorer version 1.1.0.')).toBeInTheDocument();
    expect(read).toHaveBeenCalledWith('s1');
    expect(screen.getByRole('img', { name: 'ATS score over 2 checks, from 41 to 63' })).toBeInTheDocument();
  });

  it('draws no chart for a single check', async () => {
    jest.spyOn(resumeChecksApi, 'studentHistory').mockReturnValue(answer([entry('a1', '2025-03-01T10:00:00.000Z', 41, 'Needs Improvement', '1.0.0')]));
    render(<StudentResumeChecks studentId="s1" />);
    expect(await screen.findByText('1 check: 41. Latest 41 (Needs Improvement) on Mar 1, 2025, scorer version 1.0.0.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says when there is none, and when it could not be read', async () => {
    jest.spyOn(resumeChecksApi, 'studentHistory').mockReturnValueOnce(answer([])).mockReturnValueOnce(Promise.reject(new Error('down')));
    const { unmount } = render(<StudentResumeChecks studentId="s1" />);
    expect(await screen.findByText('No checks yet')).toBeInTheDocument();
    unmount();
    render(<StudentResumeChecks studentId="s2" />);
    expect(await screen.findByText('Could not be loaded')).toBeInTheDocument();
  });
});
