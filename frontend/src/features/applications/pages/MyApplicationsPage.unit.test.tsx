import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { applicationsApi } from '../api';
import MyApplicationsPage from './MyApplicationsPage';

jest.mock('../api', () => ({ applicationsApi: { mine: jest.fn(), history: jest.fn() } }));
// The page's calendar feed section (tested in CalendarFeedPanel.unit.test.tsx) asks whether a feed is live.
jest.mock('../calendarApi', () => ({ calendarFeedApi: { status: jest.fn().mockResolvedValue({ data: { active: false, issuedAt: null } }) } }));
const mine = applicationsApi.mine as jest.Mock;
const history = applicationsApi.history as jest.Mock;

afterEach(() => {
  mine.mockReset();
  history.mockReset();
});

describe('MyApplicationsPage', () => {
  it("shows 'No Applications!' when there are none", async () => {
    mine.mockResolvedValue({ data: [] });
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('No Applications!')).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    mine.mockRejectedValue(new Error('down'));
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Applications not loaded.')).toBeInTheDocument();
  });

  it('shows rows, removed jobs and the history (404 handled)', async () => {
    mine.mockResolvedValue({
      data: [
        { _id: 'a1', status: 'Applied', appliedDate: '2025-07-01T10:00:00.000Z', jobId: { _id: 'j1', profiles: 'Analyst', companyName: 'Acme', ctcOrStipend: '6 LPA', location: 'Pune', offerType: ['Full time Employment', 'Internship + PPO'] } },
        { _id: 'a2', status: 'Under Review', appliedDate: '2025-06-02T10:00:00.000Z', jobId: null },
      ],
    });
    history.mockRejectedValue({ isAxiosError: true, response: { status: 404 } });
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Analyst')).toBeInTheDocument();
    expect(screen.getByText('Full time Employment, Internship + PPO')).toBeInTheDocument();
    expect(screen.getByText('7/1/2025')).toBeInTheDocument();
    expect(screen.getByText('Pending').closest('tr')).toHaveClass('pending');
    expect(screen.getAllByText('No longer available')).toHaveLength(2);
    expect(screen.getAllByText('N/A')).toHaveLength(3);
    expect(screen.getByText('Under Review').closest('tr')).toHaveClass('under-review');
    fireEvent.click(screen.getAllByRole('button', { name: 'History' })[0]!);
    expect(await screen.findByText('No history recorded for this application yet.')).toBeInTheDocument();
  });
});
