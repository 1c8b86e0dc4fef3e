import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, signedIn } from '../../../test/render';
import { applicationsApi } from '../api';
import { calendarFeedApi } from '../calendarApi';
import MyApplicationsPage from '../pages/MyApplicationsPage';

jest.mock('../api', () => ({ applicationsApi: { mine: jest.fn(), history: jest.fn() } }));
jest.mock('../calendarApi', () => ({ calendarFeedApi: { status: jest.fn(), create: jest.fn(), revoke: jest.fn() } }));
const mine = applicationsApi.mine as jest.Mock;
const feed = calendarFeedApi as unknown as Record<'status' | 'create' | 'revoke', jest.Mock>;

const URL_SHOWN = 'https://portal.example/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';
let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  mine.mockReset();
  Object.values(feed).forEach((mock) => mock.mockReset());
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });

describe('My Applications: interview slots and the calendar feed', () => {
  it('shows a scheduled application its interview: when, where and the meeting link', async () => {
    feed.status.mockResolvedValue({ data: { active: false, issuedAt: null } });
    mine.mockResolvedValue({
      data: [
        {
          _id: 'a1',
          status: 'Scheduled',
          appliedDate: '2025-07-01T10:00:00.000Z',
          jobId: { _id: 'j1', profiles: 'Analyst', companyName: 'Acme', ctcOrStipend: '6 LPA', location: 'Pune', offerType: ['Full time Employment'] },
          interview: { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 45, location: 'Room 101', meetingLink: 'https://meet.example/acme', scheduledAt: '2031-03-01T00:00:00.000Z' },
        },
      ],
    });
    render();
    const interview = await screen.findByLabelText('Interview');
    expect(interview).toHaveTextContent('45 min');
    expect(interview).toHaveTextContent('Room 101');
    expect(within(interview).getByRole('link', { name: 'Join meeting' })).toHaveAttribute('href', 'https://meet.example/acme');
  });

  it('creates the feed URL, shows it once to copy, and revokes it', async () => {
    mine.mockResolvedValue({ data: [] });
    feed.status.mockResolvedValue({ data: { active: false, issuedAt: null } });
    feed.create.mockResolvedValue({ data: { message: 'Calendar feed created.', url: URL_SHOWN, issuedAt: '2031-03-01T00:00:00.000Z' } });
    feed.revoke.mockResolvedValue({ data: { message: 'Calendar feed revoked.' } });
    render();
    const panel = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(panel).findByText('You have no calendar feed yet.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Create feed URL' }));
    expect(await within(panel).findByLabelText('Calendar feed URL')).toHaveValue(URL_SHOWN);
    expect(within(panel).getByText('Copy this address into your calendar app now: it is shown only once.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy URL' }));
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Revoke' }));
    expect(await within(panel).findByText('Calendar feed revoked. Its address no longer works.')).toBeInTheDocument();
    expect(feed.revoke).toHaveBeenCalledTimes(1);
    expect(within(panel).queryByLabelText('Calendar feed URL')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Create feed URL' })).toBeEnabled();
  });

  it('says a feed is active without showing its address, and offers a new one', async () => {
    mine.mockResolvedValue({ data: [] });
    feed.status.mockResolvedValue({ data: { active: true, issuedAt: '2031-03-01T00:00:00.000Z' } });
    render();
    const panel = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(panel).findByText(/Your calendar feed is active since/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Create a new URL' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });
});
