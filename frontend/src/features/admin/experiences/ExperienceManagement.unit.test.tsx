import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn } from '../../../test/render';
import { api, resetApi } from '../test/mockApi';
import { ExperienceManagement, postedMonth } from './ExperienceManagement';
import type { Experience } from '../types';

jest.mock('../api', () => ({ adminApi: { listExperiences: jest.fn(), updateExperience: jest.fn(), deleteExperience: jest.fn(), approveExperience: jest.fn() } }));

const serverError = (message?: string) =>
  new AxiosError('Request failed', '400', undefined, undefined, { status: 400, statusText: '', data: message ? { message } : {}, headers: {}, config: { headers: new AxiosHeaders() } });

const ACME: Experience = {
  _id: 'e1',
  id: 'e1',
  status: 'approved',
  companyName: 'Acme',
  role: 'SDE Intern',
  author: 'Asha',
  batch: '2026',
  course: 'B.Tech CSE',
  interviewLocation: 'Bengaluru',
  offerStatus: 'Accepted' as const,
  experienceRating: 'Amazing' as const,
  difficulty: 'Hard' as const,
  postedDate: '2026-03-15T10:00:00.000Z',
  updatedAt: '2026-03-15T10:00:00.000Z',
  rounds: [
    { name: 'Online Test', description: 'DSA questions' },
    { name: 'HR', description: 'Culture fit' },
  ],
};
const GLOBEX: Experience = { ...ACME, _id: 'e2', id: 'e2', companyName: 'Globex', role: 'Analyst', author: 'Ravi', offerStatus: 'No Selected' as const, rounds: [{ name: 'Case', description: 'Market sizing' }] };
/** Shared by a visitor: held for review. */
const INITECH: Experience = { ...ACME, _id: 'e3', id: 'e3', companyName: 'Initech', role: 'Tester', author: 'Dev', status: 'pending' as const };

/** The server's search: a case-insensitive substring of company, role or author. */
const matching = (experiences: Experience[], search: string) =>
  experiences.filter((e) => [e.companyName, e.role, e.author].some((value) => value.toLowerCase().includes(search.trim().toLowerCase())));

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  api.listExperiences.mockImplementation(async (search: string) => ({ data: matching([ACME, GLOBEX], search), headers: {} }));
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  resetApi();
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<ExperienceManagement />, { auth: signedIn('staff'), withSagas: true });

async function openAcme() {
  render();
  await userEvent.click(await screen.findByRole('button', { name: /Acme - SDE Intern/ }));
  return screen.getByRole('dialog', { name: 'Acme - SDE Intern' });
}

describe('ExperienceManagement', () => {
  it('formats the posted month in en-US', () => {
    expect(postedMonth('2026-03-15T10:00:00.000Z')).toBe('March 2026');
    expect(postedMonth(undefined)).toBe('N/A');
  });

  it('shows the title, the add link and the cards, and asks the server for the search once typing pauses', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Manage Interview Experiences' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Experience' })).toHaveAttribute('href', '/submit-interview-experience');
    const card = await screen.findByRole('button', { name: /Acme - SDE Intern/ });
    expect(card).toHaveTextContent('March 2026');
    expect(card).toHaveTextContent('By Asha');
    expect(card).toHaveTextContent('Accepted');
    expect(api.listExperiences).toHaveBeenLastCalledWith('', 1);
    await userEvent.type(screen.getByPlaceholderText('Search by company, role, or author...'), 'ravi');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Acme/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Globex - Analyst/ })).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(api.listExperiences.mock.calls).toEqual([
      ['', 1],
      ['ravi', 1],
    ]);
    await userEvent.clear(screen.getByPlaceholderText('Search by company, role, or author...'));
    await userEvent.type(screen.getByPlaceholderText('Search by company, role, or author...'), 'nobody');
    expect(await screen.findByText('No interview experiences found.')).toBeInTheDocument();
  });

  it('pages the list as the server counts it, and a search starts from the first page', async () => {
    const many = Array.from({ length: 120 }, (_, n): Experience => ({ ...ACME, _id: `m${n}`, id: `m${n}`, companyName: `Company ${n}` }));
    api.listExperiences.mockImplementation(async (search: string, page: number) => {
      const found = matching(many, search);
      return { data: found.slice((page - 1) * 50, page * 50), headers: { 'x-total-count': String(found.length) } };
    });
    render();
    expect(await screen.findByRole('button', { name: /Company 0 - SDE Intern/ })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Interview experience pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('button', { name: /Company 100 - SDE Intern/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Company 0 - SDE Intern/ })).not.toBeInTheDocument();
    expect(api.listExperiences).toHaveBeenLastCalledWith('', 3);
    await userEvent.type(screen.getByPlaceholderText('Search by company, role, or author...'), 'company 1');
    await waitFor(() => expect(api.listExperiences).toHaveBeenLastCalledWith('company 1', 1));
    expect(await screen.findByRole('button', { name: /Company 1 - SDE Intern/ })).toBeInTheDocument();
  });

  it('shows the load failure inline and as a toast', async () => {
    api.listExperiences.mockRejectedValue(new Error('down'));
    const { store } = render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load interview experiences.');
    expect(store.getState().notifications.queue.map((n) => n.detail)).toContain('Failed to load interview experiences.');
  });

  it('views the details, edits, cancels back to viewing', async () => {
    const dialog = await openAcme();
    expect(within(dialog).getByText('Asha (B.Tech CSE, 2026)')).toBeInTheDocument();
    expect(within(dialog).getByText('Bengaluru')).toBeInTheDocument();
    expect(within(dialog).getByText('Amazing')).toBeInTheDocument();
    expect(within(dialog).getByText('Hard')).toBeInTheDocument();
    expect(within(dialog).getByText('2')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Online Test' })).toBeInTheDocument();
    expect(within(dialog).getByText('Culture fit')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(dialog).getByRole('heading', { name: 'Edit Interview Experience' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Company Name/)).toHaveValue('Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('heading', { name: 'Edit Interview Experience' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('requires every field and round, removes rounds only when more than one, adds empty rounds', async () => {
    const dialog = await openAcme();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(dialog).getByLabelText(/Company Name/));
    await userEvent.clear(within(dialog).getByLabelText(/^Author/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove round 2' }));
    expect(within(dialog).queryByRole('button', { name: /Remove round/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Round' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Company Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Author is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Round name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Round description is required')).toBeInTheDocument();
    expect(api.updateExperience).not.toHaveBeenCalled();
  });

  it('saves, returns to viewing with the updated item and says so', async () => {
    api.updateExperience.mockResolvedValue({ data: { message: 'ok', experience: { ...ACME, role: 'SDE' } } });
    const dialog = await openAcme();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(dialog).getByLabelText(/^Role/));
    await userEvent.type(within(dialog).getByLabelText(/^Role/), 'SDE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.updateExperience).toHaveBeenCalledWith('e1', expect.objectContaining({ companyName: 'Acme', role: 'SDE', rounds: ACME.rounds })));
    expect(await screen.findByText('Interview experience updated successfully.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Acme - SDE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the server message, else the fallback, when saving fails', async () => {
    api.updateExperience.mockRejectedValueOnce(serverError('Company name is too long')).mockRejectedValueOnce(new Error('down'));
    const dialog = await openAcme();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Company name is too long')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update experience.')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes and closes', async () => {
    confirmSpy.mockReturnValueOnce(false);
    api.deleteExperience.mockResolvedValue({ data: {} });
    const dialog = await openAcme();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this experience?');
    expect(api.deleteExperience).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Interview experience deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Acme/ })).not.toBeInTheDocument();
  });

  it('shows the delete failure inline and as a toast', async () => {
    api.deleteExperience.mockRejectedValue(new Error('down'));
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: /Acme - SDE Intern/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByText('Failed to delete experience.')).toBeInTheDocument();
    expect(store.getState().notifications.queue.map((n) => n.detail)).toContain('Failed to delete experience.');
  });

  it('marks an experience held for review and approves it from its details, once', async () => {
    api.listExperiences.mockResolvedValue({ data: [{ ...ACME, status: 'approved' }, INITECH], headers: {} });
    api.approveExperience.mockResolvedValue({ data: { experience: { ...INITECH, status: 'approved' } } });
    render();
    const pendingCard = await screen.findByRole('button', { name: /Initech - Tester/ });
    expect(pendingCard).toHaveTextContent('Pending review');
    expect(screen.getByRole('button', { name: /Acme - SDE Intern/ })).not.toHaveTextContent('Pending review');
    await userEvent.click(pendingCard);
    const dialog = screen.getByRole('dialog', { name: 'Initech - Tester' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.approveExperience).toHaveBeenCalledWith('e3'));
    expect(await screen.findByText('Interview experience approved.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Initech - Tester/ })).not.toHaveTextContent('Pending review');
  });

  it('offers no approval for an experience that is listed already', async () => {
    const dialog = await openAcme();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows the server message, else the fallback, when approving fails', async () => {
    api.listExperiences.mockResolvedValue({ data: [INITECH], headers: {} });
    api.approveExperience.mockRejectedValueOnce(serverError('Interview experience not found')).mockRejectedValueOnce(new Error('down'));
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Initech - Tester/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Interview experience not found')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Failed to approve experience.')).toBeInTheDocument();
  });
});
