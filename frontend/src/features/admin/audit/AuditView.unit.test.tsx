import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe, renderWithApp, signedIn } from '../../../test/render';
import { userRow } from '../../../test/sessionFixtures';
import { UserDetailsModal } from '../users/UserDetailsModal';
import { auditApi } from './api';
import { AuditView } from './AuditView';
import { auditHref, displayValue, eventLabel, logQuery, recordOfStream } from './format';

jest.mock('./api', () => ({ auditApi: { timeline: jest.fn(), log: jest.fn() } }));
const api = auditApi as unknown as Record<keyof typeof auditApi, jest.Mock>;

const notFound = () =>
  new AxiosError('Request failed', '404', undefined, undefined, { status: 404, statusText: '', data: { message: 'No history found for this record' }, headers: {}, config: { headers: new AxiosHeaders() } });

const ADMIN = { id: 'a1', role: 'admin', name: 'Asha Admin' };
const JOB_TIMELINE = {
  streamId: 'job-j1',
  events: [
    { position: 10, revision: 0, type: 'JobPosted', occurredAt: '2026-03-01T10:00:00.000Z', actor: ADMIN, changes: null, data: { companyName: 'Acme' } },
    {
      position: 11,
      revision: 1,
      type: 'JobEdited',
      occurredAt: '2026-03-02T10:00:00.000Z',
      actor: ADMIN,
      changes: [
        { field: 'companyName', before: 'Acme', after: 'Acme Labs' },
        { field: 'skills', before: ['Go'], after: null },
      ],
      data: {},
    },
    { position: 12, revision: 2, type: 'JobApproved', occurredAt: '2026-03-03T10:00:00.000Z', actor: { id: null, role: null }, changes: [{ field: 'status', before: null, after: 'approved' }], data: {} },
  ],
};

const tree = (
  <>
    <Routes>
      <Route path="/admin-panel" element={<AuditView />} />
    </Routes>
    <LocationProbe />
  </>
);
const render = (route = '/admin-panel?section=audit') => renderWithApp(tree, { auth: signedIn('admin'), route, withSagas: true });

beforeEach(() => {
  api.timeline.mockResolvedValue({ data: JOB_TIMELINE });
  api.log.mockResolvedValue({ data: { events: [], nextAfter: null } });
});
afterEach(() => Object.values(api).forEach((mock) => mock.mockReset()));

describe('audit timeline', () => {
  it('opens the record named in the URL and shows each event with actor, role, time and changed fields', async () => {
    render('/admin-panel?section=audit&kind=jobs&id=j1');
    expect(screen.getByRole('heading', { name: 'Audit History' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'History of Job j1' })).toBeInTheDocument();
    const events = within(await screen.findByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(api.timeline).toHaveBeenCalledWith('jobs', 'j1');
    expect(events).toHaveLength(3);
    expect(within(events[0]!).getByText('Job Posted')).toBeInTheDocument();
    expect(within(events[0]!).getByText('by Asha Admin')).toBeInTheDocument();
    expect(within(events[0]!).getByText('Admin')).toBeInTheDocument();
    expect(within(events[0]!).getByText(new Date('2026-03-01T10:00:00.000Z').toLocaleString())).toBeInTheDocument();
    expect(within(events[0]!).getByText('No field changed')).toBeInTheDocument();
    const rows = within(events[1]!).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['companyName', 'Acme', 'Acme Labs'],
      ['skills', '["Go"]', 'None'],
    ]);
    expect(within(events[2]!).getByText('by System')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('jobs');
    expect(screen.getByRole('textbox', { name: 'Record id' })).toHaveValue('j1');
  });

  it('picks a kind and an id, and keeps them in the URL', async () => {
    api.timeline.mockRejectedValue(notFound());
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Show History' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an id');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'users');
    await userEvent.type(screen.getByRole('textbox', { name: 'Record id' }), ' u7 ');
    await userEvent.click(screen.getByRole('button', { name: 'Show History' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=audit&kind=users&id=u7');
    await waitFor(() => expect(api.timeline).toHaveBeenCalledWith('users', 'u7'));
    expect(screen.getByRole('heading', { name: 'History of User u7' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('No history found for this record');
  });

  it('formats events, values, record links and the log query', () => {
    expect(eventLabel('ApplicationStatusChanged')).toBe('Application Status Changed');
    expect(displayValue(null)).toBe('None');
    expect(displayValue(false)).toBe('false');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(recordOfStream('application-x1')).toEqual({ kind: 'applications', id: 'x1' });
    expect(recordOfStream('user-email-abc')).toBeNull();
    expect(recordOfStream('campaign-c1')).toBeNull();
    expect(auditHref('jobs', 'j 1')).toBe('/admin-panel?section=audit&kind=jobs&id=j+1');
    expect(logQuery({ actor: ' a1 ', type: 'JobApproved, ,JobRejected', from: '', to: '' }, 0)).toEqual({ actor: 'a1', type: 'JobApproved,JobRejected' });
    expect(logQuery({ actor: '', type: '', from: '2026-03-01', to: '2026-03-02' }, 40)).toEqual({
      from: new Date('2026-03-01T00:00:00').toISOString(),
      to: new Date('2026-03-02T23:59:59.999').toISOString(),
      after: 40,
    });
  });
});

describe('audit log browse', () => {
  const entry = (position: number, streamId: string, type = 'JobApproved') => ({
    position,
    revision: 1,
    type,
    streamId,
    occurredAt: '2026-03-03T10:00:00.000Z',
    actor: ADMIN,
    changes: [{ field: 'status', before: 'pending', after: 'approved' }],
    data: {},
  });

  it('filters, pages forward and back, and links each record to its timeline', async () => {
    api.log
      .mockResolvedValueOnce({ data: { events: [entry(5, 'job-j1'), entry(9, 'user-email-x', 'EmailClaimed')], nextAfter: 9 } })
      .mockResolvedValueOnce({ data: { events: [entry(20, 'application-p1', 'ApplicationStatusChanged')], nextAfter: null } })
      .mockResolvedValueOnce({ data: { events: [entry(5, 'job-j1')], nextAfter: 9 } });
    render();
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor id' }), 'a1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Event types' }), 'JobApproved');
    await userEvent.click(screen.getByRole('button', { name: 'Search Log' }));
    expect(api.log).toHaveBeenLastCalledWith({ actor: 'a1', type: 'JobApproved' });
    const table = await screen.findByRole('table');
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect([...firstRow.children].map((cell) => cell.textContent)).toEqual([new Date('2026-03-03T10:00:00.000Z').toLocaleString(), 'Job Approved', 'job-j1', 'Asha Admin (Admin)', 'status: pending → approved']);
    expect(within(firstRow).getByRole('link', { name: 'job-j1' })).toHaveAttribute('href', '/admin-panel?section=audit&kind=jobs&id=j1');
    expect(within(table).queryByRole('link', { name: 'user-email-x' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(api.log).toHaveBeenLastCalledWith({ actor: 'a1', type: 'JobApproved', after: 9 });
    expect(await screen.findByRole('link', { name: 'application-p1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous Page' }));
    expect(api.log).toHaveBeenLastCalledWith({ actor: 'a1', type: 'JobApproved' });
    expect(await screen.findByRole('link', { name: 'job-j1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'job-j1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=audit&kind=jobs&id=j1');
    await waitFor(() => expect(api.timeline).toHaveBeenCalledWith('jobs', 'j1'));
  });

  it('says when nothing matches, and shows failures', async () => {
    api.log.mockResolvedValueOnce({ data: { events: [], nextAfter: null } }).mockRejectedValueOnce(new Error('network'));
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Search Log' }));
    expect(await screen.findByText('No events match.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search Log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the audit log');
  });
});

describe('History in the user details', () => {
  it("links to the user's audit history and closes the details", async () => {
    const onClose = jest.fn();
    renderWithApp(
      <>
        <UserDetailsModal user={userRow({ _id: 'u9', fullName: 'Priya Staff', role: 'staff' })} profile={null} loading={false} busy={false} onChangeRole={jest.fn()} onClose={onClose} />
        <LocationProbe />
      </>,
      { auth: signedIn('admin'), route: '/admin-panel?section=users' },
    );
    const history = within(screen.getByRole('dialog', { name: 'User Details' })).getByRole('link', { name: 'History' });
    expect(history).toHaveAttribute('href', '/admin-panel?section=audit&kind=users&id=u9');
    await userEvent.click(history);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=audit&kind=users&id=u9');
  });
});
