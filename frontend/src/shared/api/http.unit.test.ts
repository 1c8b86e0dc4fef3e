import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { CONSISTENCY_HEADER, consistencyPosition, http, resetConsistencyPosition, setUnauthorizedHandler } from './http';

interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** Replaces the network: records each request's headers and answers with the next reply. */
function fakeServer(...replies: Reply[]) {
  const seen: AxiosHeaders[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    seen.push(AxiosHeaders.from(config.headers));
    const reply = replies.shift() ?? {};
    const response = { data: reply.data ?? {}, status: reply.status ?? 200, statusText: '', headers: new AxiosHeaders(reply.headers ?? {}), config };
    if (response.status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return { seen, last: () => seen[seen.length - 1]! };
}

beforeEach(() => {
  localStorage.clear();
  resetConsistencyPosition();
  setUnauthorizedHandler(null);
});

describe('the http instance', () => {
  it('calls the same origin (base URL empty)', () => {
    expect(http.defaults.baseURL).toBe('');
  });

  it('sends the stored token as a bearer header, and none without a token', async () => {
    const server = fakeServer({}, {});
    await http.get('/api/jobs');
    expect(server.last().has('Authorization')).toBe(false);

    localStorage.setItem('token', 'abc.def');
    await http.get('/api/jobs');
    expect(server.last().get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends no consistency position before any command', async () => {
    const server = fakeServer({});
    await http.get('/api/jobs');
    expect(server.last().has(CONSISTENCY_HEADER)).toBe(false);
  });

  it('sends back the position of a command reply body on the next calls', async () => {
    const server = fakeServer({ status: 201, data: { message: 'ok', position: 42 } }, {});
    await http.post('/api/applications', {});
    await http.get('/api/applications/my-applications');
    expect(server.last().get(CONSISTENCY_HEADER)).toBe('42');
  });

  it('reads the position from the reply header too, and keeps the highest seen', async () => {
    const server = fakeServer({ headers: { 'x-consistency-position': '120' } }, { data: { position: 7 } }, {});
    await http.post('/api/jobs/public', {});
    await http.put('/api/profile/update', {});
    await http.get('/api/jobs');
    expect(consistencyPosition()).toBe(120);
    expect(server.last().get(CONSISTENCY_HEADER)).toBe('120');
  });

  it('ignores a `position` field in a query reply body', async () => {
    fakeServer({ data: { position: 999 } });
    await http.get('/api/something');
    expect(consistencyPosition()).toBe(0);
  });

  it('ignores positions that are not whole numbers', async () => {
    fakeServer({ data: { position: 'soon' } }, { data: { position: -3 } }, { headers: { 'x-consistency-position': '1.5' } });
    await http.post('/a', {});
    await http.post('/b', {});
    await http.post('/c', {});
    expect(consistencyPosition()).toBe(0);
  });

  it('reports a 401 of a call that carried the token to the session handler', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    localStorage.setItem('token', 'expired');
    fakeServer({ status: 401, data: { message: 'Session expired. Please login again.' } });
    await expect(http.get('/api/applications/my-applications')).rejects.toBeInstanceOf(AxiosError);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 without a token (a wrong password) and an opted-out call to the caller', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    fakeServer({ status: 401, data: { message: 'Invalid email or password' } }, { status: 401 });
    await expect(http.post('/api/auth/login', {})).rejects.toBeInstanceOf(AxiosError);
    localStorage.setItem('token', 'expired');
    await expect(http.get('/api/profile/me', { skipAuthRedirect: true })).rejects.toBeInstanceOf(AxiosError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not treat other errors as an ended session', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    localStorage.setItem('token', 't');
    fakeServer({ status: 403, data: { message: 'You do not have permission to do this' } });
    await expect(http.get('/api/users')).rejects.toBeInstanceOf(AxiosError);
    expect(handler).not.toHaveBeenCalled();
  });
});
