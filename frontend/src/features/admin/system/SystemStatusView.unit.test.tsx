import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, signedIn } from '../../../test/render';
import { systemApi } from './api';
import { failedChecks, formatLagSeconds, formatUptime } from './format';
import { lagReadingOf } from './systemSlice';
import { SystemStatusView } from './SystemStatusView';
import type { SystemStatus } from './types';

jest.mock('./api', () => ({ systemApi: { status: jest.fn(), skipEvent: jest.fn() } }));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
const api = systemApi as unknown as Record<keyof typeof systemApi, jest.Mock>;

const up = (name: string, uptimeSeconds = 3720) => ({ name, url: `http://${name}`, healthy: true, ready: true, uptimeSeconds, checks: { mongo: 'ok' }, error: null });
const group = (groupId: string, lag: number) => ({ groupId, lag, topics: [{ topic: 'placement.jobs', lag, partitions: [{ partition: 0, committed: 3, end: 3 + lag, lag }] }] });

const HEALTHY: SystemStatus = {
  status: 'ok',
  checkedAt: '2026-03-01T10:00:00.000Z',
  services: [up('command-api'), up('query-api', 42), up('ats-engine'), up('projectors'), up('notifier')],
  projections: {
    items: [
      { projection: 'jobs', lagEvents: 0, lagSeconds: 0, position: 120, stuck: null },
      { projection: 'email', lagEvents: 4, lagSeconds: 2.25, position: 116, stuck: null },
    ],
    error: null,
  },
  kafka: { groups: [group('notifier', 2), group('notifier-retry', 0)], error: null },
};

const DEGRADED: SystemStatus = {
  ...HEALTHY,
  status: 'degraded',
  checkedAt: '2026-03-01T10:00:10.000Z',
  services: [up('command-api'), { ...up('notifier'), healthy: false, ready: false, uptimeSeconds: null, checks: {}, error: 'ECONNREFUSED' }, { ...up('ats-engine'), ready: false, checks: { mongo: 'timeout' }, error: null }],
  projections: { items: [], error: 'ECONNREFUSED' },
  kafka: { groups: [], error: 'Kafka: no answer within 5000 ms' },
};

const STUCK_USERS = {
  projection: 'users',
  lagEvents: 12,
  lagSeconds: 95,
  position: 300,
  stuck: { position: 301, eventType: 'UserRegistered', error: 'MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704', attempts: 9, seconds: 95 },
};
const STUCK: SystemStatus = { ...HEALTHY, status: 'degraded', projections: { items: [...HEALTHY.projections.items, STUCK_USERS], error: null } };

afterEach(() => {
  api.status.mockReset();
  api.skipEvent.mockReset();
  jest.restoreAllMocks();
});

const render = () => renderWithApp(<SystemStatusView />, { auth: signedIn('admin'), withSagas: true });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));

describe('SystemStatusView', () => {
  it("shows each service's health and readiness, projection lag and consumer lag with charts", async () => {
    api.status.mockResolvedValue({ data: HEALTHY });
    render();
    expect(screen.getByText('Loading system status...')).toBeInTheDocument();
    expect(await screen.findByText(/All services are up and ready/)).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Services' }))[1]).toEqual(['query-api', 'Up', 'Ready', '42 s', '']);
    expect(rowsOf(screen.getByRole('table', { name: 'Services' }))[0]).toEqual(['command-api', 'Up', 'Ready', '1 h 2 min', '']);
    expect(rowsOf(screen.getByRole('table', { name: 'Projection lag' }))).toEqual([
      ['jobs', '0', '0 s', '120'],
      ['email', '4', '2.3 s', '116'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Consumer-group lag' }))).toEqual([
      ['notifier', '2', 'placement.jobs: 2'],
      ['notifier-retry', '0', 'placement.jobs: 0'],
    ]);
    expect(screen.getByRole('img', { name: 'Events behind per projection: jobs 0, email 4' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Messages behind now: notifier 2, notifier-retry 0' })).toBeInTheDocument();
  });

  it('says what is down and why', async () => {
    api.status.mockResolvedValue({ data: DEGRADED });
    render();
    expect(await screen.findByText(/Some parts of the system need attention/)).toBeInTheDocument();
    const services = rowsOf(screen.getByRole('table', { name: 'Services' }));
    expect(services[1]).toEqual(['notifier', 'Down', 'Not ready', 'N/A', 'ECONNREFUSED']);
    expect(services[2]).toEqual(['ats-engine', 'Up', 'Not ready', '1 h 2 min', 'mongo: timeout']);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Projectors: ECONNREFUSED', 'Kafka: no answer within 5000 ms']);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refreshes every 10 s while open, and on demand', async () => {
    jest.useFakeTimers();
    try {
      api.status.mockResolvedValue({ data: HEALTHY });
      const { unmount } = render();
      await screen.findByText(/All services are up and ready/);
      expect(api.status).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(10_000));
      expect(api.status).toHaveBeenCalledTimes(2);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(api.status).toHaveBeenCalledTimes(3);
      unmount();
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(api.status).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a stuck projection with its event, error and attempts, and lets the admin skip that event with a reason', async () => {
    api.status.mockResolvedValueOnce({ data: STUCK }).mockResolvedValue({ data: HEALTHY });
    api.skipEvent.mockResolvedValue({ data: { message: 'The event will be skipped', position: 900 } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    render();
    const card = await screen.findByRole('article', { name: 'users is stuck' });
    expect(screen.getByText(/Some parts of the system need attention/)).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'users: stuck at event 301' })).toBeInTheDocument();
    expect(within(card).getByText('UserRegistered')).toBeInTheDocument();
    expect(within(card).getByText('MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704')).toBeInTheDocument();
    expect(within(card).getByText('9')).toBeInTheDocument();
    expect(within(card).getByText('1 min 35 s')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Skip event 301' }));
    expect(within(card).getByText('Please give a reason for skipping the event')).toBeInTheDocument();
    expect(api.skipEvent).not.toHaveBeenCalled();

    await user.type(within(card).getByLabelText('Reason for skipping'), '  A 3 KB name the index cannot hold ');
    await user.click(within(card).getByRole('button', { name: 'Skip event 301' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Skip event 301 in the users read model?'));
    expect(api.skipEvent).toHaveBeenCalledWith('users', 301, 'A 3 KB name the index cannot hold');
    expect(await screen.findByText('The event will be skipped')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(api.status).toHaveBeenCalledTimes(2);
  });

  it('sends no skip when the admin does not confirm, and shows a refused skip', async () => {
    api.status.mockResolvedValue({ data: STUCK });
    api.skipEvent.mockRejectedValue(Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status: 403, data: { message: 'You do not have permission to do this' } } }));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    render();
    const card = await screen.findByRole('article', { name: 'users is stuck' });
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Reason for skipping'), 'cannot apply');
    await user.click(within(card).getByRole('button', { name: 'Skip event 301' }));
    expect(api.skipEvent).not.toHaveBeenCalled();
    await user.click(within(card).getByRole('button', { name: 'Skip event 301' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(api.skipEvent).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });

  it('shows a failure to read the status', async () => {
    api.status.mockRejectedValue(new Error('network'));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the system status');
  });

  it('formats durations and keeps the lag history', () => {
    expect(formatUptime(null)).toBe('N/A');
    expect(formatUptime(59)).toBe('59 s');
    expect(formatUptime(61)).toBe('1 min 1 s');
    expect(formatUptime(90_000)).toBe('1 d 1 h');
    expect(formatLagSeconds(0.04)).toBe('0 s');
    expect(failedChecks({ a: 'ok', b: 'down' })).toEqual(['b: down']);
    expect(lagReadingOf(HEALTHY)).toEqual({ at: HEALTHY.checkedAt, groups: { notifier: 2, 'notifier-retry': 0 } });
    expect(lagReadingOf(DEGRADED)).toBeNull();
  });
});
