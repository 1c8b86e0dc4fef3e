import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import type { PlacementStatistics } from '@placement/domain';
import { renderWithApp, signedIn } from '../../../test/render';
import { saveBlob } from '../../../shared/download';
import { loadExcelJs } from '../applications/excelExport';
import { statisticsApi } from './api';
import { StatisticsView } from './StatisticsView';

jest.mock('./api', () => ({ statisticsApi: { read: jest.fn() } }));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
jest.mock('../../../shared/download', () => ({ ...jest.requireActual('../../../shared/download'), saveBlob: jest.fn() }));

const api = statisticsApi as unknown as { read: jest.Mock };
const save = saveBlob as jest.Mock;

const season: PlacementStatistics = {
  asOf: null,
  students: 4,
  placedStudents: 1,
  placementRate: 25,
  offers: 2,
  acceptedOffers: 1,
  companies: 2,
  ctc: { offers: 2, highest: 1_500_000, median: 1_200_000, average: 1_200_000 },
  byDegree: [
    { key: 'B.Tech', students: 2, placed: 1, rate: 50 },
    { key: 'MBA', students: 2, placed: 0, rate: 0 },
  ],
  bySchool: [{ key: 'SOET', students: 4, placed: 1, rate: 25 }],
  byPassingYear: [{ key: '', students: 4, placed: 1, rate: 25 }],
  offersByCompany: [
    { companyName: 'Acme Analytics', offers: 1, accepted: 1 },
    { companyName: 'Beta Bank', offers: 1, accepted: 0 },
  ],
  weekly: [
    { weekStart: '2026-03-02', applications: 2, offers: 0, accepted: 0 },
    { weekStart: '2026-03-09', applications: 0, offers: 2, accepted: 1 },
  ],
};
const dayBefore: PlacementStatistics = { ...season, asOf: '2026-03-09', placedStudents: 0, placementRate: 0, acceptedOffers: 0 };

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

afterEach(() => {
  api.read.mockReset();
  save.mockReset();
});

describe('Placement statistics (admin panel)', () => {
  it('shows the season to date, then the figures as of the day picked', async () => {
    api.read.mockImplementation((asOf: string | null) => Promise.resolve({ data: asOf === '2026-03-09' ? dayBefore : season }));
    renderWithApp(<StatisticsView />, { auth: signedIn('staff'), withSagas: true });

    expect(await screen.findByText('Figures for the whole season to date.')).toBeInTheDocument();
    expect(api.read).toHaveBeenLastCalledWith(null);
    expect(card('Students placed')).toBe('1');
    expect(card('Placement rate')).toBe('25.0%');
    expect(card('Highest CTC')).toBe('15.0 LPA');
    expect(card('Median CTC')).toBe('12.0 LPA');
    expect(screen.getByRole('img', { name: 'Offers per company: Acme Analytics 1, Beta Bank 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Placement rate by degree: B.Tech 50.0%, MBA 0.0%' })).toBeInTheDocument();
    const byDegree = screen.getByRole('table', { name: 'By degree' });
    expect(within(byDegree).getByRole('row', { name: 'B.Tech 2 1 50.0%' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'By passing year' })).getByRole('row', { name: 'Not given 4 1 25.0%' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-03-09' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Figures at the end of 2026-03-09 (UTC).')).toBeInTheDocument();
    expect(api.read).toHaveBeenLastCalledWith('2026-03-09');
    expect(card('Students placed')).toBe('0');
  });

  it('shows the server’s message when the figures cannot be read', async () => {
    api.read.mockRejectedValue(
      new AxiosError('Request failed with status code 400', '400', undefined, undefined, { status: 400, statusText: '', data: { message: 'As of must be a date (YYYY-MM-DD)' }, headers: {}, config: { headers: new AxiosHeaders() } }),
    );
    renderWithApp(<StatisticsView />, { auth: signedIn('admin'), withSagas: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('As of must be a date (YYYY-MM-DD)');
  });

  it('exports the figures on screen to Excel, read back with exceljs', async () => {
    api.read.mockResolvedValue({ data: dayBefore });
    renderWithApp(<StatisticsView />, { auth: signedIn('admin'), withSagas: true });
    await screen.findByText('Figures at the end of 2026-03-09 (UTC).');

    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));

    const [blob, fileName] = save.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('placement-statistics-2026-03-09.xlsx');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const excel = await loadExcelJs();
    const workbook = new excel.Workbook();
    await workbook.xlsx.load(await bytesOf(blob));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'By degree', 'By school', 'By passing year', 'Companies', 'Weekly']);
    const summary = workbook.getWorksheet('Summary')!;
    const figures = Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((row) => [summary.getCell(row, 1).value, summary.getCell(row, 2).value]));
    expect(figures).toMatchObject({ 'As of': '2026-03-09', 'Students placed': 0, 'Placement rate (%)': 0, 'Highest CTC (INR)': 1_500_000, 'Median CTC (INR)': 1_200_000, Companies: 2 });
    const companies = workbook.getWorksheet('Companies')!;
    expect([companies.getRow(2).values, companies.getRow(3).values].map((values) => (values as unknown[]).slice(1))).toEqual([
      ['Acme Analytics', 1, 1],
      ['Beta Bank', 1, 0],
    ]);
    expect((workbook.getWorksheet('By degree')!.getRow(2).values as unknown[]).slice(1)).toEqual(['B.Tech', 2, 1, 50]);
    expect((workbook.getWorksheet('Weekly')!.getRow(3).values as unknown[]).slice(1)).toEqual(['2026-03-09', 0, 2, 1]);
  });
});
