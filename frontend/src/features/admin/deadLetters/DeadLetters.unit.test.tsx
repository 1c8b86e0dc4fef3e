import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn } from '../../../test/render';
import { deadLettersApi } from './api';
import { DeadLetters } from './DeadLetters';
import type { DeadLetter } from './deadLettersSlice';

jest.mock('./api', () => ({ deadLettersApi: { list: jest.fn(), retry: jest.fn() } }));
const api = deadLettersApi as unknown as Record<keyof typeof deadLettersApi, jest.Mock>;

const serverError = (status: number, message?: string) =>
  new AxiosError('Request failed', String(status), undefined, undefined, { status, statusText: '', data: message ? { message } : {}, headers: {}, config: { headers: new AxiosHeaders() } });

const letter = (overrides: Partial<DeadLetter>): DeadLetter => ({
  id: 'd1',
  kind: 'event',
  eventId: 'e1',
  eventType: 'JobApproved',
  recipient: 'asha@university.edu',
  attempts: 5,
  reason: 'SMTP 550 mailbox unavailable',
  permanent: false,
  firstFailedAt: '2026-03-01T10:00:00.000Z',
  deadAt: '2026-03-01T12:00:00.000Z',
  status: 'dead',
  retriedAt: null,
  retriedBy: null,
  correlationId: null,
  ...overrides,
});

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  api.list.mockResolvedValue({ data: { deadLetters: [letter({ correlationId: 'click-7f3a' }), letter({ id: 'd2', eventType: null, kind: 'recipient', recipient: null, status: 'retried', retriedAt: '2026-03-02T09:00:00.000Z' })], total: 2 } });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  Object.values(api).forEach((mock) => mock.mockReset());
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<DeadLetters />, { auth: signedIn('admin'), withSagas: true });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('DeadLetters', () => {
  it('lists the dead letters waiting for a retry, with a Retry button only for those', async () => {
    render();
    expect(screen.getByText('Loading dead letters...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(api.list).toHaveBeenCalledWith('dead');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(first!).slice(0, 6)).toEqual([new Date('2026-03-01T12:00:00.000Z').toLocaleString(), 'JobApproved', 'asha@university.edu', '5', 'SMTP 550 mailbox unavailableCorrelation id: click-7f3a', 'Dead']);
    expect(cellsOf(second!).slice(0, 6)).toEqual([new Date('2026-03-01T12:00:00.000Z').toLocaleString(), 'recipient', 'N/A', '5', 'SMTP 550 mailbox unavailable', `Retried ${new Date('2026-03-02T09:00:00.000Z').toLocaleString()}`]);
    expect(within(first!).getByRole('button', { name: 'Retry JobApproved to asha@university.edu' })).toBeEnabled();
    expect(within(second!).getByRole('button', { name: 'Retry recipient' })).toBeDisabled();
    expect(screen.getByText('2 in all')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    render();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'all');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith('all'));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(3));
    expect(api.list).toHaveBeenLastCalledWith('all');
  });

  it('retries one letter after confirmation and shows it as retried', async () => {
    api.retry.mockResolvedValue({ data: { message: 'The dead letter was queued for another round of tries.', deadLetter: letter({ status: 'retried', retriedAt: '2026-03-03T09:00:00.000Z', retriedBy: 'a1' }) } });
    render();
    await screen.findByRole('table');
    confirmSpy.mockReturnValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: /^Retry JobApproved/ }));
    expect(api.retry).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /^Retry JobApproved/ }));
    expect(confirmSpy).toHaveBeenLastCalledWith('Send this dead letter back for another round of tries?');
    expect(api.retry).toHaveBeenCalledWith('d1');
    expect(await screen.findByText('The dead letter was queued for another round of tries.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Retry JobApproved/ })).toBeDisabled();
    expect(screen.getByText(`Retried ${new Date('2026-03-03T09:00:00.000Z').toLocaleString()}`)).toBeInTheDocument();
  });

  it('shows a failed retry with the server message', async () => {
    api.retry.mockRejectedValue(serverError(404, 'Dead letter not found'));
    render();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Retry JobApproved/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dead letter not found');
    expect(screen.getByRole('button', { name: /^Retry JobApproved/ })).toBeEnabled();
  });

  it('says when there are none, and when the list cannot be read', async () => {
    api.list.mockResolvedValueOnce({ data: { deadLetters: [], total: 0 } }).mockRejectedValueOnce(serverError(502));
    render();
    expect(await screen.findByText('No dead letters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dead letters');
  });
});
