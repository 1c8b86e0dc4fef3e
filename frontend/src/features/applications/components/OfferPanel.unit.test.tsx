import axe from 'axe-core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { applicationsApi } from '../api';
import { offersApi } from '../offersApi';
import MyApplicationsPage from '../pages/MyApplicationsPage';

jest.mock('../api', () => ({ applicationsApi: { mine: jest.fn(), history: jest.fn() } }));
jest.mock('../offersApi', () => ({ offersApi: { answer: jest.fn() } }));
// The page's calendar feed section asks whether a feed is live.
jest.mock('../calendarApi', () => ({ calendarFeedApi: { status: jest.fn().mockResolvedValue({ data: { active: false, issuedAt: null } }) } }));
const mine = applicationsApi.mine as jest.Mock;
const answer = offersApi.answer as jest.Mock;

const job = { _id: 'j1', profiles: 'Analyst', companyName: 'Globex', ctcOrStipend: '12 LPA', location: 'Pune', offerType: ['Full time Employment'] };
const withOffer = (status: string) => ({
  _id: 'a1',
  status: 'Accepted',
  appliedDate: '2025-07-01T10:00:00.000Z',
  jobId: job,
  offer: { ctc: 1_200_000, stipend: null, tier: 'Dream', status, extendedAt: '2025-07-02T10:00:00.000Z', answeredAt: null },
});

afterEach(() => {
  mine.mockReset();
  answer.mockReset();
  jest.restoreAllMocks();
});

describe('the offer in My Applications', () => {
  it('shows the CTC and tier, and accepts the pending offer after confirming', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    mine.mockResolvedValueOnce({ data: [withOffer('pending')] }).mockResolvedValue({ data: [withOffer('accepted')] });
    answer.mockResolvedValue({ data: { message: 'Offer accepted' } });
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('CTC ₹12,00,000 a year')).toBeInTheDocument();
    expect(screen.getByText('Dream')).toBeInTheDocument();
    expect(screen.getByText('Offer: Pending')).toBeInTheDocument();
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith('a1', 'accept'));
    expect(await screen.findByText('Offer: Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  });

  it("shows the placement policy's refusal in the server's words", async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    mine.mockResolvedValue({ data: [withOffer('pending')] });
    answer.mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { message: 'You hold an accepted offer, the most the placement policy allows' } } });
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You hold an accepted offer, the most the placement policy allows');
  });

  it('declines without asking, and shows no buttons on a withdrawn offer', async () => {
    mine.mockResolvedValueOnce({ data: [withOffer('pending')] }).mockResolvedValue({ data: [withOffer('withdrawn')] });
    answer.mockResolvedValue({ data: { message: 'Offer declined' } });
    renderWithApp(<MyApplicationsPage />, { auth: signedIn('student'), withSagas: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith('a1', 'decline'));
    expect(await screen.findByText('Offer: Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });
});
