import { UNSAFE_TEXT_MESSAGE } from '@placement/domain';
import { MALFORMED_PATH_MESSAGE, MAX_PATH_PARAMETER_LENGTH } from '@placement/platform';
import { Portal } from '../test-support';

/**
 * What an outside probe sent to the query side and got 500 for: `?jobId=%00`, invalid percent-encoding
 * in a path parameter (with or without a token), ids of hundreds of characters. Now 400, naming the field.
 */
describe('hostile input to the query side', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await Portal.start([]);
  });
  afterAll(() => portal.stop());

  // Straight to the query-api without a consistency position: no read model is waited for.
  const read = (path: string, caller: 'visitor' | 'admin' = 'admin') => portal.query.get(path, { token: caller === 'admin' ? portal.user('admin').token : undefined });
  const unsafe = (field: string) => ({ message: UNSAFE_TEXT_MESSAGE, errors: [{ field, message: UNSAFE_TEXT_MESSAGE }] });

  it.each([
    ['/api/applications?jobId=%00', 'jobId'],
    ['/api/jobs/admin/jobs?search=a%00b', 'search'],
    ['/api/admin/users?search=%00', 'search'],
    ['/api/audit/jobs/a%00', 'id'],
    ['/profile/user/%00', 'id'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const reply = await read(path);
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: 400, body: unsafe(field) });
  });

  it('invalid percent-encoding in a path parameter, with or without a token', async () => {
    for (const caller of ['visitor', 'admin'] as const) {
      for (const path of ['/api/audit/applications/%E0%A4%A', '/applications/applications/%', '/api/email/campaigns/%C0']) {
        const reply = await read(path, caller);
        expect({ caller, path, status: reply.status, body: reply.body }).toMatchObject({ caller, path, status: 400, body: { message: MALFORMED_PATH_MESSAGE } });
      }
    }
  });

  it('an id longer than any id', async () => {
    const reply = await read(`/api/audit/users/${'u'.repeat(MAX_PATH_PARAMETER_LENGTH + 400)}`);
    expect({ status: reply.status, fields: (reply.body as { errors?: { field: string }[] }).errors?.map((error) => error.field) }).toEqual({ status: 400, fields: ['id'] });
  });
});
