import { randomUUID } from 'node:crypto';
import { userStreamId } from '@placement/domain';
import { emailStreamOf, userIdByEmail } from '@placement/platform';
import { eventsWrittenBy, existingJob, signedInUser, uniqueEmail, type Reply, commandApiForBlock } from '../test-support';
import { USER_REPLIES } from './views';

describe('admin user management against the real event store', () => {
  const { api, admin } = commandApiForBlock();

  const asAdmin = (method: string, path: string, body?: unknown) => api.request(method, path, { token: admin.token, body });
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Meera Iyer',
    email: uniqueEmail(),
    password: 'correct horse',
    mobileNo: '9876543210',
    role: 'student',
    status: 'active',
    rollNo: 'CS22-007',
    ...overrides,
  });
  const editForm = (user: Record<string, unknown>) => ({ fullName: user.fullName, email: user.email, mobileNo: user.mobileNo, role: user.role, status: user.status, rollNo: user.rollNo });
  const claimsOf = async (email: string) => (await api.deps.store.readStream(emailStreamOf(email))).map((event) => [event.type, (event.data as { userId: string }).userId]);
  const typesOf = async (userId: string) => (await api.deps.store.readStream(userStreamId(userId))).map((event) => event.type);

  async function created(overrides: Record<string, unknown> = {}) {
    const form = newUser(overrides);
    const reply = await asAdmin('POST', '/api/admin/users', form);
    expect(reply.status).toBe(201);
    return { form, id: String((reply.body.user as { _id: string })._id) };
  }

  async function expectNothingWritten(reply: Reply, since: number) {
    expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
  }

  describe('POST /api/admin/users', () => {
    it('creates a verified account that signs in with its password, which is stored only as an argon2id hash', async () => {
      const form = newUser({ email: uniqueEmail().toUpperCase() });
      const reply = await asAdmin('POST', '/api/admin/users', form);
      expect(reply.status).toBe(201);
      const email = form.email.toLowerCase();
      expect(reply.body).toMatchObject({ message: USER_REPLIES.created, user: { fullName: 'Meera Iyer', email, role: 'student', status: 'active', rollNo: 'CS22-007' }, position: expect.any(Number) });
      const userId = (reply.body.user as { _id: string })._id;
      expect(await claimsOf(email)).toEqual([['EmailClaimed', userId]]);
      const [event] = await api.deps.store.readStream(userStreamId(userId));
      expect(event).toMatchObject({ type: 'UserCreatedByAdmin', data: { verified: true }, metadata: { actorId: admin.id, actorRole: 'admin' } });
      expect((event!.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(event)).not.toContain('correct horse');
      const login = await api.post('/api/auth/login', { email, password: 'correct horse' });
      expect(login.status).toBe(200);
    });

    it('makes a student by default and needs no roll number for staff', async () => {
      const { role: _role, status: _status, ...withoutRoleAndStatus } = newUser();
      const student = await asAdmin('POST', '/api/admin/users', withoutRoleAndStatus);
      expect(student.body.user).toMatchObject({ role: 'student', status: 'active' });
      const staff = await asAdmin('POST', '/api/admin/users', newUser({ role: 'staff', rollNo: '' }));
      expect(staff.status).toBe(201);
      expect(staff.body.user).toMatchObject({ role: 'staff', rollNo: null });
    });

    it.each([
      [{ fullName: '' }, 'Full name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'meera@' }, 'Please enter a valid email address.'],
      [{ password: 'short' }, 'Password must be at least 12 characters.'],
      [{ password: 'Password1234!' }, 'Password is too common or easy to guess. Please choose another.'],
      [{ password: 'qwertyuiop123' }, 'Password is too common or easy to guess. Please choose another.'],
      [{ role: 'owner' }, 'Please select a role'],
      [{ status: 'gone' }, 'Please select a status'],
      [{ rollNo: ' ' }, 'Roll number is required'],
      [{ mobileNo: '12345' }, 'Mobile number must be 10 digits'],
    ])('refuses %j with the message %s and writes nothing', async (overrides, message) => {
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('POST', '/api/admin/users', newUser(overrides));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      await expectNothingWritten(reply, since);
    });

    it('refuses an address that another account holds, in any letter case, and writes nothing', async () => {
      const { form } = await created();
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('POST', '/api/admin/users', newUser({ email: form.email.toUpperCase() }));
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe('An account with this email already exists.');
      await expectNothingWritten(reply, since);
    });

    it('releases the claimed address again when the account cannot be written', async () => {
      const form = newUser();
      const append = api.deps.store.append.bind(api.deps.store);
      const failing = jest.spyOn(api.deps.store, 'append').mockImplementation((streamId, events, expected) =>
        streamId.startsWith('user-') && !streamId.startsWith('user-email-') ? Promise.reject(new Error('the event store is unreachable')) : append(streamId, events, expected),
      );
      try {
        expect((await asAdmin('POST', '/api/admin/users', form)).status).toBe(500);
      } finally {
        failing.mockRestore();
      }
      expect((await claimsOf(form.email)).map(([type]) => type)).toEqual(['EmailClaimed', 'EmailReleased']);
      expect((await asAdmin('POST', '/api/admin/users', form)).status).toBe(201);
    });
  });

  describe('PUT /api/admin/users/:id', () => {
    it('records only the changed details, claiming nothing when the address stays', async () => {
      const { form, id } = await created();
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('PUT', `/api/admin/users/${id}`, editForm({ ...form, fullName: 'Meera S. Iyer' }));
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ message: USER_REPLIES.updated, user: { _id: id, fullName: 'Meera S. Iyer' } });
      const written = await eventsWrittenBy(api, reply, since);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ type: 'UserDetailsChanged', data: { before: { fullName: 'Meera Iyer' }, after: { fullName: 'Meera S. Iyer' } } });
    });

    it('moves the account to a new address: claims the new one, releases the old one, and the old one is free again', async () => {
      const { form, id } = await created();
      const email = uniqueEmail();
      const reply = await asAdmin('PUT', `/api/admin/users/${id}`, editForm({ ...form, email, role: 'staff' }));
      expect(reply.status).toBe(200);
      expect(reply.body.user).toMatchObject({ email, role: 'staff' });
      expect(await claimsOf(email)).toEqual([['EmailClaimed', id]]);
      expect(await claimsOf(form.email)).toEqual([
        ['EmailClaimed', id],
        ['EmailReleased', id],
      ]);
      expect(await userIdByEmail(api.deps.store, email)).toBe(id);
      expect((await api.post('/api/auth/login', { email, password: form.password })).status).toBe(200);
      expect((await asAdmin('POST', '/api/admin/users', newUser({ email: form.email }))).status).toBe(201);
    });

    it("refuses another account's address and writes nothing", async () => {
      const first = await created();
      const second = await created();
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('PUT', `/api/admin/users/${second.id}`, editForm({ ...second.form, email: first.form.email }));
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe('An account with this email already exists.');
      await expectNothingWritten(reply, since);
    });

    it('refuses an unknown account and an admin demoting themselves before claiming any address', async () => {
      const since = await api.deps.store.headPosition();
      const unknown = await asAdmin('PUT', `/api/admin/users/${randomUUID()}`, editForm({ ...newUser(), email: uniqueEmail() }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('User not found');
      await expectNothingWritten(unknown, since);
      const self = await asAdmin('PUT', `/api/admin/users/${admin.id}`, { fullName: 'Me', email: uniqueEmail(), role: 'student', status: 'active', rollNo: 'R1' });
      expect(self.status).toBe(403);
      expect(self.body.message).toBe('You cannot change your own role.');
      await expectNothingWritten(self, since);
    });

    it('needs role and status in the edit form', async () => {
      const { form, id } = await created();
      const { role: _role, ...withoutRole } = editForm(form);
      const reply = await asAdmin('PUT', `/api/admin/users/${id}`, withoutRole);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Please select a role');
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes the account, frees its address, answers 404 the second time', async () => {
      const { form, id } = await created();
      const reply = await asAdmin('DELETE', `/api/admin/users/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ message: USER_REPLIES.deleted, position: expect.any(Number) });
      expect((await typesOf(id)).at(-1)).toBe('UserDeleted');
      expect((await claimsOf(form.email)).at(-1)).toEqual(['EmailReleased', id]);
      expect((await asAdmin('DELETE', `/api/admin/users/${id}`)).status).toBe(404);
      expect((await api.post('/api/auth/login', { email: form.email, password: form.password })).status).toBe(401);
      expect((await asAdmin('POST', '/api/admin/users', newUser({ email: form.email }))).status).toBe(201);
    });

    it('does not let an admin delete themselves', async () => {
      const reply = await asAdmin('DELETE', `/api/admin/users/${admin.id}`);
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe('You cannot delete your own account.');
    });
  });

  describe('role and status', () => {
    it('changes the role and ends the sessions: the existing token is refused, a new sign-in acts with the new role', async () => {
      const student = await signedInUser(api, 'student', { password: 'a long enough password' });
      const reply = await asAdmin('PUT', `/api/admin/users/${student.id}/role`, { role: 'staff' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ message: 'Role changed to staff.', user: { _id: student.id, role: 'staff' } });
      expect((await typesOf(student.id)).at(-1)).toBe('UserRoleChanged');
      const jobId = await existingJob(api);
      const apply = await api.request('POST', '/api/applications', { token: student.token, body: { jobId } });
      expect(apply.status).toBe(401);
      expect(apply.body.message).toBe('Session expired. Please login again.');
      const login = await api.post('/api/auth/login', { email: student.email, password: 'a long enough password' });
      expect(login.body).toMatchObject({ user: { role: 'staff' } });
      expect((await api.request('POST', '/api/applications', { token: String(login.body.token), body: { jobId } })).status).toBe(403);
    });

    it('refuses an unknown role and writes nothing', async () => {
      const student = await signedInUser(api, 'student');
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('PUT', `/api/admin/users/${student.id}/role`, { role: 'owner' });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Please select a role');
      await expectNothingWritten(reply, since);
    });

    it('suspends an account: its sessions end (also once it is active again), and it signs in again only when active', async () => {
      const student = await signedInUser(api, 'student', { password: 'a long enough password' });
      // An empty profile form passes authentication and the role check, then fails validation.
      const nextRequest = (token: string) => api.request('POST', '/api/profile/update', { token, body: {} });
      const login = () => api.post('/api/auth/login', { email: student.email, password: 'a long enough password' });
      expect((await nextRequest(student.token)).status).toBe(400);
      const suspended = await asAdmin('PATCH', `/api/admin/users/${student.id}/status`, { status: 'suspended' });
      expect(suspended.status).toBe(200);
      expect(suspended.body).toMatchObject({ message: 'Status changed to suspended.', user: { status: 'suspended' } });

      const refused = await nextRequest(student.token);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Session expired. Please login again.');
      const suspendedLogin = await login();
      expect(suspendedLogin.status).toBe(403);
      expect(suspendedLogin.body.message).toBe('Your account is suspended. Contact the placement office.');

      expect((await asAdmin('PATCH', `/api/admin/users/${student.id}/status`, { status: 'active' })).status).toBe(200);
      expect((await nextRequest(student.token)).status).toBe(401);
      expect((await nextRequest(String((await login()).body.token))).status).toBe(400);
    });

    it('refuses an unknown status, and an admin suspending themselves', async () => {
      const student = await signedInUser(api, 'student');
      expect((await asAdmin('PATCH', `/api/admin/users/${student.id}/status`, { status: 'gone' })).body.message).toBe('Please select a status');
      const self = await asAdmin('PATCH', `/api/admin/users/${admin.id}/status`, { status: 'suspended' });
      expect(self.status).toBe(403);
      expect(self.body.message).toBe('You cannot change your own status.');
    });
  });

  describe('bulk', () => {
    it('deletes each id independently, freeing the addresses', async () => {
      const first = await created();
      const second = await created();
      const unknown = randomUUID();
      const reply = await asAdmin('POST', '/api/admin/users/bulk/delete', { ids: [first.id, unknown, admin.id, second.id] });
      expect(reply.status).toBe(200);
      expect(reply.body.results).toEqual([
        { id: first.id, ok: true, position: expect.any(Number) },
        { id: unknown, ok: false, status: 404, message: 'User not found' },
        { id: admin.id, ok: false, status: 403, message: 'You cannot delete your own account.' },
        { id: second.id, ok: true, position: expect.any(Number) },
      ]);
      for (const { form } of [first, second]) expect(await userIdByEmail(api.deps.store, form.email)).toBeUndefined();
    });

    it('gives each id the role independently', async () => {
      const { id } = await created();
      const reply = await asAdmin('POST', '/api/admin/users/bulk/role', { ids: [id, admin.id], role: 'admin' });
      expect(reply.body.results).toEqual([
        { id, ok: true, position: expect.any(Number) },
        // Already an admin: nothing to change, which is a success.
        { id: admin.id, ok: true, position: expect.any(Number) },
      ]);
      expect((await typesOf(id)).at(-1)).toBe('UserRoleChanged');
    });

    it.each([
      ['/api/admin/users/bulk/delete', { ids: [] }, 'Please select at least one user.'],
      ['/api/admin/users/bulk/role', { ids: ['x'], role: '' }, 'Please select a role'],
      ['/api/admin/users/bulk/role', { role: 'staff' }, 'Please select at least one user.'],
    ])('%s refuses %j and writes nothing', async (path, body, message) => {
      const since = await api.deps.store.headPosition();
      const reply = await asAdmin('POST', path, body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      await expectNothingWritten(reply, since);
    });
  });

  it('is for admins only', async () => {
    const staff = await signedInUser(api, 'staff');
    const student = await signedInUser(api, 'student');
    const calls: [string, string, unknown][] = [
      ['POST', '/api/admin/users', newUser()],
      ['PUT', `/api/admin/users/${student.id}`, editForm(newUser())],
      ['DELETE', `/api/admin/users/${student.id}`, undefined],
      ['PUT', `/api/admin/users/${student.id}/role`, { role: 'admin' }],
      ['PATCH', `/api/admin/users/${student.id}/status`, { status: 'suspended' }],
      ['POST', '/api/admin/users/bulk/delete', { ids: [student.id] }],
      ['POST', '/api/admin/users/bulk/role', { ids: [student.id], role: 'admin' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api.request(method, path, { token: staff.token, body })).status).toBe(403);
      expect((await api.request(method, path, { token: student.token, body })).status).toBe(403);
      expect((await api.request(method, path, { body })).status).toBe(401);
    }
    expect(await typesOf(student.id)).toEqual(['UserCreatedByAdmin']);
  });
});
