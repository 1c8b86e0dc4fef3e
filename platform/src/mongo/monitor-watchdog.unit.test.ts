import { monitorStalled } from './monitor-watchdog';

describe('a stalled server monitor', () => {
  it.each([
    ['a known server, long without a check (its connections in use)', { unknownSince: undefined, lastHeartbeatAt: 0 }, 60_000, false],
    ['an unknown server checked a moment ago (it is down, and the monitor tries)', { unknownSince: 0, lastHeartbeatAt: 55_000 }, 60_000, false],
    ['a server unknown for a moment after a long quiet (the monitor will check it now)', { unknownSince: 50_000, lastHeartbeatAt: 0 }, 60_000, false],
    ['an unknown server with no check begun since, both for the whole wait', { unknownSince: 20_000, lastHeartbeatAt: 10_000 }, 50_000, true],
    ['exactly the wait', { unknownSince: 30_000, lastHeartbeatAt: 30_000 }, 60_000, true],
  ])('%s', (_case, seen, now, stalled) => {
    expect(monitorStalled(seen, now, 30_000)).toBe(stalled);
  });
});
