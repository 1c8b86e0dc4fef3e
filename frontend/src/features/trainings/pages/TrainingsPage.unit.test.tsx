import { screen } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { trainingsApi } from '../api';
import TrainingsPage from './TrainingsPage';

jest.mock('../api', () => ({ trainingsApi: { list: jest.fn() } }));
const list = trainingsApi.list as jest.Mock;
afterEach(() => list.mockReset());

describe('TrainingsPage', () => {
  it('shows the empty text', async () => {
    list.mockResolvedValue({ data: [] });
    renderWithApp(<TrainingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('No training programs scheduled at the moment.')).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    list.mockRejectedValue(new Error('down'));
    renderWithApp(<TrainingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Error: Failed to fetch trainings')).toBeInTheDocument();
  });

  it('shows a card with Register Now in a new tab', async () => {
    list.mockResolvedValue({ data: [{ _id: 't1', title: 'Aptitude Bootcamp', description: 'Quant and logic', date: '2030-01-05T10:00:00.000Z', duration: '2 hours', mode: 'Online', registrationLink: 'https://example.org/r' }] });
    renderWithApp(<TrainingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Aptitude Bootcamp')).toBeInTheDocument();
    expect(screen.getByText('2 hours')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Register Now/ })).toHaveAttribute('target', '_blank');
    // The trainings still to come only.
    expect(list).toHaveBeenCalledWith({ upcoming: true });
  });
});
