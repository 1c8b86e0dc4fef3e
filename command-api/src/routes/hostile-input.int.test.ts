import { randomUUID } from 'node:crypto';
import { UNSAFE_TEXT_MESSAGE } from '@placement/domain';
import { emailStreamOf, MALFORMED_PATH_MESSAGE, MAX_PATH_PARAMETER_LENGTH } from '@placement/platform';
import { aJobForm, eventsWrittenBy, existingJob, formOf, SAMPLE_FILES, uniqueEmail, type Reply, commandApiForBlock } from '../test-support';

/**
 * What an outside probe sent and got 500 for: NUL and lone surrogates in text fields, invalid
 * percent-encoding in a path parameter (with or without a token), ids of hundreds of characters.
 * Each now answers 400 naming the field, and nothing reaches the event store.
 */
const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

describe('hostile input to the command side: 400 naming the field, nothing written', () => {
  const { api, admin, staff, student } = commandApiForBlock();

  async function refusedNamingField(send: () => Promise<Reply>, field: string): Promise<void> {
    const head = await api.deps.store.headPosition();
    const reply = await send();
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: 400, body: { message: UNSAFE_TEXT_MESSAGE, errors: [{ field, message: UNSAFE_TEXT_MESSAGE }] } });
    expect(await eventsWrittenBy(api, reply, head)).toEqual([]);
  }

  it.each([
    ['fullName', `Asha${NUL}`],
    ['fullName', `Asha${LONE_SURROGATE}`],
    ['rollNo', `CS${NUL}21`],
  ])('a sign-up whose %s is %j claims no address', async (field, value) => {
    const email = uniqueEmail();
    const registration = { fullName: 'Asha Rao', rollNo: 'CS21-042', email, password: `a long enough password ${randomUUID()}`, [field]: value };
    await refusedNamingField(() => api.post('/api/auth/register', registration), field);
    // The address stays free for its real owner (it used to be claimed for good before the 500).
    expect(await api.deps.store.readStream(emailStreamOf(email))).toEqual([]);
  });

  it('an admin creating an account, a job and a training', async () => {
    const account = { fullName: `Meera${NUL}`, email: uniqueEmail(), role: 'staff', password: `a long enough password ${randomUUID()}`, status: 'active' };
    await refusedNamingField(() => api.request('POST', '/api/admin/users', { token: admin.token, body: account }), 'fullName');
    await refusedNamingField(() => api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), companyName: `Acme${LONE_SURROGATE}` } }), 'companyName');
    const training = { title: `Bootcamp${NUL}`, description: 'd', date: '2031-09-15T10:30:00.000Z', duration: '2 hours', mode: 'Online', registrationLink: 'https://forms.example/x' };
    await refusedNamingField(() => api.request('POST', '/api/trainings', { token: staff.token, body: training }), 'title');
  });

  it('a nested field and a list entry', async () => {
    await refusedNamingField(
      () => api.request('POST', '/api/applications/bulk/status', { token: admin.token, body: { status: 'Accepted', ids: [randomUUID(), `x${NUL}`] } }),
      'ids.1',
    );
  });

  it('a multipart field and a file name', async () => {
    const jobId = await existingJob(api);
    const fields = { jobId, fullName: `Asha${NUL}`, email: uniqueEmail(), phone: '9876543210' };
    await refusedNamingField(() => api.request('POST', '/api/applications', { token: student.token, form: formOf(fields, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]) }), 'fullName');
  });

  it('invalid percent-encoding in a path parameter, with or without a token', async () => {
    for (const token of [undefined, admin.token]) {
      for (const [method, path] of [
        ['DELETE', '/api/jobs/%E0%A4%A'],
        ['PUT', '/api/applications/%'],
        ['PATCH', '/api/admin/users/%C0/status'],
      ] as const) {
        const reply = await api.request(method, path, { token, body: {} });
        expect({ path, status: reply.status, body: reply.body }).toMatchObject({ path, status: 400, body: { message: MALFORMED_PATH_MESSAGE } });
      }
    }
  });

  it('a NUL in a path parameter, and an id longer than any id', async () => {
    await refusedNamingField(() => api.request('DELETE', '/api/trainings/a%00b', { token: staff.token }), 'id');
    const long = await api.request('DELETE', `/api/jobs/${'j'.repeat(MAX_PATH_PARAMETER_LENGTH + 400)}`, { token: admin.token });
    expect({ status: long.status, field: (long.body.errors as { field: string }[] | undefined)?.[0]?.field }).toEqual({ status: 400, field: 'id' });
  });
});
