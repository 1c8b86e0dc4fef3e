import { saveSession } from '../../shared/storage';
import { jobsApi } from './api';
import { EMPTY_FILTERS } from './jobListingsSlice';
import { READ_AHEAD_FRESH_MS, readPageAhead, takePageReadAhead } from './readAhead';

jest.mock('./api', () => ({ ...jest.requireActual('./api'), jobsApi: { list: jest.fn(), apply: jest.fn() } }));
const list = jobsApi.list as jest.Mock;
const reply = { data: { success: true, count: 0, data: [] } };

beforeEach(() => {
  list.mockReset().mockResolvedValue(reply);
  saveSession('token-a', 'student');
});
afterEach(() => {
  takePageReadAhead(EMPTY_FILTERS, 1);
  jest.useRealTimers();
});

describe('the page read ahead at the listing\'s first render', () => {
  it('serves the load of the same query once, and asks once however often the render repeats', async () => {
    readPageAhead(EMPTY_FILTERS, 1);
    readPageAhead(EMPTY_FILTERS, 1);
    expect(list).toHaveBeenCalledTimes(1);
    await expect(takePageReadAhead(EMPTY_FILTERS, 1)).resolves.toBe(reply);
    expect(takePageReadAhead(EMPTY_FILTERS, 1)).toBeNull();
  });

  it('is not taken for another query, another user, or once stale', () => {
    readPageAhead(EMPTY_FILTERS, 1);
    expect(takePageReadAhead({ ...EMPTY_FILTERS, search: 'react' }, 1)).toBeNull();
    readPageAhead(EMPTY_FILTERS, 1);
    expect(takePageReadAhead(EMPTY_FILTERS, 2)).toBeNull();
    readPageAhead(EMPTY_FILTERS, 1);
    saveSession('token-b', 'student');
    expect(takePageReadAhead(EMPTY_FILTERS, 1)).toBeNull();
    jest.useFakeTimers();
    readPageAhead(EMPTY_FILTERS, 1);
    jest.advanceTimersByTime(READ_AHEAD_FRESH_MS);
    expect(takePageReadAhead(EMPTY_FILTERS, 1)).toBeNull();
  });

  it('keeps a failure for the load that takes it', async () => {
    list.mockReset().mockRejectedValue(new Error('network'));
    readPageAhead(EMPTY_FILTERS, 1);
    await expect(takePageReadAhead(EMPTY_FILTERS, 1)).rejects.toThrow('network');
  });
});
