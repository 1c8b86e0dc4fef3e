import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn } from '../../../test/render';
import { api, resetApi } from '../test/mockApi';
import { toLocalInput, validateTraining } from './TrainingForm';
import { TrainingManagement } from './TrainingManagement';

jest.mock('../api', () => ({ adminApi: { listTrainings: jest.fn(), createTraining: jest.fn(), updateTraining: jest.fn(), deleteTraining: jest.fn() } }));

const serverError = (message?: string) =>
  new AxiosError('Request failed', '400', undefined, undefined, { status: 400, statusText: '', data: message ? { message } : {}, headers: {}, config: { headers: new AxiosHeaders() } });

const BOOTCAMP = { _id: 't1', title: 'Aptitude Bootcamp', description: 'Quant and logic', date: '2030-01-05T10:00:00.000Z', duration: '2 hours', mode: 'Online', registrationLink: 'https://example.org/r' };

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  api.listTrainings.mockResolvedValue({ data: [BOOTCAMP] });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  resetApi();
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<TrainingManagement />, { auth: signedIn('staff'), withSagas: true });

async function fill(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText(/Title/), 'Mock Interviews');
  await userEvent.type(within(form).getByLabelText(/Description/), 'One to one');
  await userEvent.type(within(form).getByLabelText(/Date and Time/), '2030-02-01T09:30');
  await userEvent.type(within(form).getByLabelText(/Duration/), '1 hour');
  await userEvent.type(within(form).getByLabelText(/Mode/), 'Offline');
  await userEvent.type(within(form).getByLabelText(/Registration Link/), 'https://example.org/mock');
}

describe('TrainingManagement', () => {
  it('validates every field and the URL', () => {
    const empty = { title: '', description: '', date: '', duration: '', mode: '', registrationLink: '' };
    expect(Object.keys(validateTraining(empty))).toEqual(['title', 'description', 'date', 'duration', 'mode', 'registrationLink']);
    expect(validateTraining({ ...empty, registrationLink: 'not a url' }).registrationLink).toBe('Please enter a valid URL');
    expect(validateTraining({ ...empty, registrationLink: 'ftp://x.org' }).registrationLink).toBe('Please enter a valid URL');
    expect(toLocalInput('2030-01-05T10:00:00.000Z')).toMatch(/^2030-01-0\dT\d\d:\d\d$/);
  });

  it('shows the loading text, then the list with Edit and Delete', async () => {
    render();
    expect(screen.getByText('Loading trainings...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Aptitude Bootcamp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Aptitude Bootcamp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Aptitude Bootcamp' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Registration link/ })).toHaveAttribute('target', '_blank');
  });

  it('pages the list as the server counts it, from the first page', async () => {
    const many = Array.from({ length: 70 }, (_, n) => ({ ...BOOTCAMP, _id: `t${n}`, title: `Session ${n}` }));
    api.listTrainings.mockImplementation(async (page: number) => ({ data: many.slice((page - 1) * 50, page * 50), headers: { 'x-total-count': String(many.length) } }));
    render();
    expect(await screen.findByRole('heading', { name: 'Session 0' })).toBeInTheDocument();
    expect(api.listTrainings).toHaveBeenLastCalledWith(1);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Training pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Session 69' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Session 0' })).not.toBeInTheDocument();
    expect(api.listTrainings).toHaveBeenLastCalledWith(2);
  });

  it('shows the empty text', async () => {
    api.listTrainings.mockResolvedValueOnce({ data: [] });
    render();
    expect(await screen.findByText('No trainings available.')).toBeInTheDocument();
  });

  it('shows the fetch failure', async () => {
    api.listTrainings.mockRejectedValue(new Error('down'));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch trainings');
  });

  it('toggles the form, requires the fields and creates a training', async () => {
    api.createTraining.mockResolvedValue({ data: {} });
    render();
    await screen.findByRole('heading', { name: 'Aptitude Bootcamp' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Training' }));
    const form = screen.getByRole('form', { name: 'New Training' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create Training' }));
    expect(within(form).getByText('Please enter a title')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a registration link')).toBeInTheDocument();
    expect(api.createTraining).not.toHaveBeenCalled();
    await fill(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Create Training' }));
    await waitFor(() =>
      expect(api.createTraining).toHaveBeenCalledWith({
        title: 'Mock Interviews',
        description: 'One to one',
        date: new Date('2030-02-01T09:30').toISOString(),
        duration: '1 hour',
        mode: 'Offline',
        registrationLink: 'https://example.org/mock',
      }),
    );
    expect(await screen.findByText('Training created successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Training' })).toBeInTheDocument();
  });

  it('Cancel closes the form', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Training' }));
    expect(screen.getByRole('form', { name: 'New Training' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('edits a training and shows the server message or the fallback on failure', async () => {
    api.updateTraining.mockRejectedValueOnce(serverError('This training already exists.')).mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: {} });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Aptitude Bootcamp' }));
    const form = screen.getByRole('form', { name: 'Edit Training' });
    expect(within(form).getByLabelText(/Title/)).toHaveValue('Aptitude Bootcamp');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Training' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This training already exists.');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Training' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save training'));
    await userEvent.click(within(form).getByRole('button', { name: 'Update Training' }));
    expect(await screen.findByText('Training updated successfully.')).toBeInTheDocument();
    expect(api.updateTraining).toHaveBeenLastCalledWith('t1', expect.objectContaining({ title: 'Aptitude Bootcamp', date: BOOTCAMP.date }));
  });

  it('asks before deleting, then deletes or reports the failure', async () => {
    confirmSpy.mockReturnValueOnce(false);
    api.deleteTraining.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: {} });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aptitude Bootcamp' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this training?');
    expect(api.deleteTraining).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Aptitude Bootcamp' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete training');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Aptitude Bootcamp' }));
    expect(await screen.findByText('Training deleted successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Aptitude Bootcamp' })).not.toBeInTheDocument();
  });
});
