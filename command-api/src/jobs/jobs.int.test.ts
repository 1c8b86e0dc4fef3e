import { JOB_MESSAGES, JOB_REJECTIONS, fold, jobDecider, jobStreamId, type JobEvent } from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import { toDomainEvents } from '@placement/platform';
import { aJobForm, eventsWrittenBy, existingJob, type Reply, type SignedInUser, commandApiForBlock, refusedWithoutWrites, startCommandApi } from '../test-support';
import { JOB_REPLIES } from './views';

const SUBMITTED = 'Job posting submitted successfully and awaiting admin approval';
const nextYear = new Date().getUTCFullYear() + 1;

describe('job commands against the real event store', () => {
  // The validation table posts the public form many times; the limit itself is tested below.
  const { api, admin, staff, student } = commandApiForBlock({ PUBLIC_SUBMISSIONS_PER_HOUR: '1000' });

  const as = (user?: SignedInUser) => ({ token: user?.token });
  const jobStream = async (jobId: string) => api.deps.store.readStream(jobStreamId(jobId));
  const jobOf = (reply: Reply) => reply.body.data as Record<string, unknown>;

  const refused = (send: () => Promise<Reply>, status: number, message: string) => refusedWithoutWrites(api, send, status, message);

  describe('POST /api/jobs/public', () => {
    it('takes a visitor’s job as pending, in data, with the position of the write', async () => {
      const reply = await api.post('/api/jobs/public', aJobForm());
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ message: SUBMITTED, data: { companyName: 'Acme Analytics', status: 'pending', source: 'public', skills: ['SQL', 'Python'] } });
      expect(reply.body.position).toEqual(expect.any(Number));
      expect(reply.headers.get('x-consistency-position')).toBe(String(reply.body.position));
      const job = jobOf(reply);
      expect(job._id).toMatch(/^[0-9a-f-]{36}$/);
      const [posted] = await jobStream(String(job._id));
      expect(posted).toMatchObject({ type: 'JobPosted', position: reply.body.position, metadata: { actorId: null, actorRole: 'visitor', correlationId: reply.headers.get('x-correlation-id') } });
      expect(posted!.data).toMatchObject({ postedAt: job.createdAt });
    });

    it.each(jobFixtures.requiredSingleValueFields)("refuses a blank %s with 'This field is required' and writes nothing", async (field) => {
      const reply = await refused(() => api.post('/api/jobs/public', { ...aJobForm(), [field]: '' }), 400, JOB_MESSAGES.required);
      expect((reply.body.errors as unknown[])[0]).toEqual({ field, message: JOB_MESSAGES.required });
    });

    it.each([
      ['offerType', [], JOB_MESSAGES.offerType],
      ['skills', [], JOB_MESSAGES.skills],
      ['skills', ' , ', JOB_MESSAGES.skills],
      ['category', [], JOB_MESSAGES.category],
      ['email', 'not-an-address', JOB_MESSAGES.email],
      ['yearOfEstablishment', 1799, JOB_MESSAGES.year],
      ['yearOfEstablishment', nextYear, JOB_MESSAGES.year],
      ['yearOfEstablishment', 1999.5, JOB_MESSAGES.year],
      ['vacancies', 0, JOB_MESSAGES.vacancies],
      ['vacancies', 2.5, JOB_MESSAGES.vacancies],
      ['offerType', ['Part time'], JOB_MESSAGES.offerTypeValue],
      ['resultDeclaration', 'Next year', JOB_MESSAGES.resultDeclarationValue],
      ['dateOfJoining', 'soon', JOB_MESSAGES.date],
      ['companyLogo', 'logo.png', JOB_MESSAGES.logoUrl],
      ['website', 'javascript:alert(document.cookie)', JOB_MESSAGES.website],
      ['website', 'data:text/html,<b>hi</b>', JOB_MESSAGES.website],
    ])('refuses %s = %j with %j and writes nothing', async (field, value, message) => {
      const reply = await refused(() => api.post('/api/jobs/public', { ...aJobForm(), [field]: value }), 400, message);
      expect(reply.body.errors).toEqual([{ field: expect.stringMatching(new RegExp(`^${field}(\\.\\d+)?$`)), message }]);
    });

    it('lists every problem of a form, the first one leading', async () => {
      const reply = await refused(() => api.post('/api/jobs/public', { ...aJobForm(), companyName: ' ', skills: [] }), 400, JOB_MESSAGES.required);
      expect(reply.body.errors).toEqual([
        { field: 'companyName', message: JOB_MESSAGES.required },
        { field: 'skills', message: JOB_MESSAGES.skills },
      ]);
    });

    it('never approves a public post, whatever the body says', async () => {
      const reply = await api.post('/api/jobs/public', { ...aJobForm(), approveImmediately: true, status: 'approved' }, { Authorization: `Bearer ${admin.token}` });
      expect(reply.status).toBe(201);
      expect(jobOf(reply)).toMatchObject({ status: 'pending', source: 'admin' });
    });

    it('answers 429 after the hourly limit of public submissions and writes nothing', async () => {
      const limited = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '2' });
      try {
        expect((await limited.post('/api/jobs/public', aJobForm())).status).toBe(201);
        expect((await limited.post('/api/jobs/public', aJobForm())).status).toBe(201);
        const head = await limited.deps.store.headPosition();
        const third = await limited.post('/api/jobs/public', aJobForm());
        expect(third.status).toBe(429);
        expect(third.body.message).toBe('Too many submissions from this address. Please try again later.');
        expect(await eventsWrittenBy(limited, third, head)).toEqual([]);
      } finally {
        await limited.stop();
      }
    });
  });

  describe('POST /api/jobs', () => {
    it("approves an admin's post at once and puts the job in data, so a client finds it in data.data", async () => {
      const reply = await api.request('POST', '/api/jobs', { body: aJobForm(), ...as(admin) });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ success: true, message: JOB_REPLIES.created, data: { status: 'approved', source: 'admin', profiles: 'Data Analyst' } });
      const [posted] = await jobStream(String(jobOf(reply)._id));
      expect(posted!.metadata).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
    });

    it('keeps an admin’s post pending when the body asks so', async () => {
      const reply = await api.request('POST', '/api/jobs', { body: { ...aJobForm(), approveImmediately: false }, ...as(admin) });
      expect(reply.status).toBe(201);
      expect(reply.body.message).toBe(SUBMITTED);
      expect(jobOf(reply).status).toBe('pending');
    });

    it('keeps a staff post pending for an admin to approve', async () => {
      const reply = await api.request('POST', '/api/jobs', { body: aJobForm(), ...as(staff) });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ message: SUBMITTED, data: { status: 'pending', source: 'staff' } });
    });

    it('forbids staff to post an approved job', async () => {
      await refused(() => api.request('POST', '/api/jobs', { body: { ...aJobForm(), approveImmediately: true }, ...as(staff) }), 403, JOB_REJECTIONS.onlyAdminApproves);
    });

    it('refuses an approveImmediately that is not a boolean', async () => {
      await refused(() => api.request('POST', '/api/jobs', { body: { ...aJobForm(), approveImmediately: 'yes' }, ...as(admin) }), 400, JOB_REPLIES.approveFlag);
    });

    it('checks the form as the public endpoint does', async () => {
      await refused(() => api.request('POST', '/api/jobs', { body: { ...aJobForm(), vacancies: 0 }, ...as(admin) }), 400, JOB_MESSAGES.vacancies);
    });

    it('asks a visitor to sign in and turns a student away', async () => {
      await refused(() => api.request('POST', '/api/jobs', { body: aJobForm() }), 401, 'Authentication required');
      await refused(() => api.request('POST', '/api/jobs', { body: aJobForm(), ...as(student) }), 403, 'You do not have permission to do this');
    });
  });

  describe('PUT /api/jobs/:id', () => {
    it('records only the changed fields and answers with the updated job in data', async () => {
      const jobId = await existingJob(api, 'pending');
      const reply = await api.request('PUT', `/api/jobs/${jobId}`, { body: { ...aJobForm(), vacancies: 5, skills: 'SQL, Python, Excel' }, ...as(admin) });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, message: JOB_REPLIES.updated, data: { _id: jobId, vacancies: 5, skills: ['SQL', 'Python', 'Excel'], status: 'pending' } });
      const edited = (await jobStream(jobId)).at(-1)!;
      expect(edited).toMatchObject({ type: 'JobEdited', data: { before: { vacancies: 3, skills: ['SQL', 'Python'] }, after: { vacancies: 5, skills: ['SQL', 'Python', 'Excel'] } } });
    });

    it('writes nothing when nothing changed', async () => {
      const jobId = await existingJob(api);
      const reply = await api.request('PUT', `/api/jobs/${jobId}`, { body: aJobForm(), ...as(admin) });
      expect(reply.status).toBe(200);
      expect(await jobStream(jobId)).toHaveLength(1);
      expect(reply.body.position).toBe((await jobStream(jobId))[0]!.position);
    });

    it('refuses an invalid form, an unknown job, and staff', async () => {
      const jobId = await existingJob(api);
      await refused(() => api.request('PUT', `/api/jobs/${jobId}`, { body: { ...aJobForm(), email: 'nope' }, ...as(admin) }), 400, JOB_MESSAGES.email);
      await refused(() => api.request('PUT', '/api/jobs/no-such-job', { body: aJobForm(), ...as(admin) }), 404, JOB_REJECTIONS.notFound);
      await refused(() => api.request('PUT', `/api/jobs/${jobId}`, { body: aJobForm(), ...as(staff) }), 403, 'You do not have permission to do this');
    });
  });

  describe('PATCH /api/jobs/:id/status', () => {
    it('approves and rejects, answering with the job', async () => {
      const jobId = await existingJob(api, 'pending');
      const approved = await api.request('PATCH', `/api/jobs/${jobId}/status`, { body: { status: 'approved' }, ...as(admin) });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ message: JOB_REPLIES.approved, data: { _id: jobId, status: 'approved' } });
      const rejected = await api.request('PATCH', `/api/jobs/${jobId}/status`, { body: { status: 'rejected' }, ...as(admin) });
      expect(rejected.body).toMatchObject({ message: JOB_REPLIES.rejected, data: { status: 'rejected' } });
      expect((await jobStream(jobId)).map((event) => [event.type, event.data])).toEqual([
        ['JobPosted', expect.anything()],
        ['JobApproved', { jobId, from: 'pending' }],
        ['JobRejected', { jobId, from: 'approved' }],
      ]);
    });

    it.each([{ status: 'pending' }, {}])('refuses the body %j', async (body) => {
      const jobId = await existingJob(api, 'pending');
      await refused(() => api.request('PATCH', `/api/jobs/${jobId}/status`, { body, ...as(admin) }), 400, JOB_MESSAGES.status);
    });

    it('refuses an unknown job and staff', async () => {
      await refused(() => api.request('PATCH', '/api/jobs/no-such-job/status', { body: { status: 'approved' }, ...as(admin) }), 404, JOB_REJECTIONS.notFound);
      const jobId = await existingJob(api, 'pending');
      await refused(() => api.request('PATCH', `/api/jobs/${jobId}/status`, { body: { status: 'approved' }, ...as(staff) }), 403, 'You do not have permission to do this');
    });

    it('keeps one consistent history under 20 concurrent status changes', async () => {
      const jobId = await existingJob(api, 'pending');
      const requested = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 'approved' : 'rejected'));
      const replies = await Promise.all(requested.map((status) => api.request('PATCH', `/api/jobs/${jobId}/status`, { body: { status }, ...as(admin) })));

      // A request either did what it asked, or lost the race too often and wrote nothing.
      replies.forEach((reply, index) => {
        if (reply.status === 200) expect(jobOf(reply).status).toBe(requested[index]);
        else expect(reply.status).toBe(409);
      });
      const history = await jobStream(jobId);
      const changes = history.filter((event) => event.type === 'JobApproved' || event.type === 'JobRejected');
      const writers = changes.map((event) => event.metadata.correlationId);
      const succeeded = new Set(replies.filter((reply) => reply.status === 200).map((reply) => reply.headers.get('x-correlation-id')));
      expect(new Set(writers).size).toBe(writers.length);
      expect(writers.every((writer) => succeeded.has(writer))).toBe(true);

      // Each change starts where the one before it ended, and the state is the last change's.
      let status = 'pending';
      for (const change of changes) {
        expect((change.data as { from: string }).from).toBe(status);
        status = change.type === 'JobApproved' ? 'approved' : 'rejected';
      }
      expect(changes.length).toBeGreaterThan(0);
      expect(fold(jobDecider, toDomainEvents<JobEvent>(history))).toMatchObject({ kind: 'live', status });
    });
  });

  describe('DELETE /api/jobs/:id', () => {
    it('deletes a job once; afterwards it is gone for every command', async () => {
      const jobId = await existingJob(api);
      const reply = await api.request('DELETE', `/api/jobs/${jobId}`, as(admin));
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, message: JOB_REPLIES.deleted, position: expect.any(Number) });
      expect((await jobStream(jobId)).at(-1)).toMatchObject({ type: 'JobDeleted', data: { jobId, status: 'approved' } });
      await refused(() => api.request('DELETE', `/api/jobs/${jobId}`, as(admin)), 404, JOB_REJECTIONS.notFound);
      await refused(() => api.request('PUT', `/api/jobs/${jobId}`, { body: aJobForm(), ...as(admin) }), 404, JOB_REJECTIONS.notFound);
      await refused(() => api.request('PATCH', `/api/jobs/${jobId}/status`, { body: { status: 'rejected' }, ...as(admin) }), 404, JOB_REJECTIONS.notFound);
    });

    it('refuses staff', async () => {
      const jobId = await existingJob(api);
      await refused(() => api.request('DELETE', `/api/jobs/${jobId}`, as(staff)), 403, 'You do not have permission to do this');
    });
  });

  describe('POST /api/jobs/:id/notify', () => {
    it('records a request to e-mail the students about an approved job, each time it is asked', async () => {
      const jobId = await existingJob(api);
      const reply = await api.request('POST', `/api/jobs/${jobId}/notify`, as(admin));
      expect(reply.status).toBe(202);
      expect(reply.body).toMatchObject({ success: true, message: JOB_REPLIES.notificationRequested });
      expect((await jobStream(jobId)).at(-1)).toMatchObject({
        type: 'JobNotificationRequested',
        position: reply.body.position,
        data: { jobId, companyName: 'Acme Analytics', profiles: 'Data Analyst', offerType: ['Full time Employment'] },
      });
      expect((await api.request('POST', `/api/jobs/${jobId}/notify`, as(admin))).status).toBe(202);
      expect((await jobStream(jobId)).filter((event) => event.type === 'JobNotificationRequested')).toHaveLength(2);
    });

    it('refuses a pending job, an unknown job and staff', async () => {
      const pending = await existingJob(api, 'pending');
      await refused(() => api.request('POST', `/api/jobs/${pending}/notify`, as(admin)), 409, JOB_REJECTIONS.notifyNeedsApproval);
      await refused(() => api.request('POST', '/api/jobs/no-such-job/notify', as(admin)), 404, JOB_REJECTIONS.notFound);
      await refused(() => api.request('POST', `/api/jobs/${pending}/notify`, as(staff)), 403, 'You do not have permission to do this');
    });
  });

  describe('POST /api/jobs/bulk/status', () => {
    it('changes each job on its own and says what happened to each', async () => {
      const [first, second, gone] = await Promise.all([existingJob(api, 'pending'), existingJob(api, 'pending'), existingJob(api, 'pending')]);
      await api.request('DELETE', `/api/jobs/${gone}`, as(admin));
      const reply = await api.request('POST', '/api/jobs/bulk/status', { body: { ids: [first, 'no-such-job', second, gone, first], status: 'approved' }, ...as(admin) });
      expect(reply.status).toBe(200);
      expect(reply.body.results).toEqual([
        { id: first, ok: true, position: expect.any(Number) },
        { id: 'no-such-job', ok: false, status: 404, message: JOB_REJECTIONS.notFound },
        { id: second, ok: true, position: expect.any(Number) },
        { id: gone, ok: false, status: 404, message: JOB_REJECTIONS.notFound },
      ]);
      const results = reply.body.results as { position?: number }[];
      expect(reply.body.position).toBe(Math.max(...results.map((result) => result.position ?? 0)));
      for (const jobId of [first, second]) expect((await jobStream(jobId)).map((event) => event.type)).toEqual(['JobPosted', 'JobApproved']);
    });

    it.each([
      [{ ids: [], status: 'approved' }, JOB_REPLIES.noSelection],
      [{ status: 'rejected' }, JOB_REPLIES.noSelection],
      [{ ids: [' '], status: 'rejected' }, JOB_REPLIES.noSelection],
      [{ ids: ['x'], status: 'pending' }, JOB_MESSAGES.status],
    ])('refuses %j', async (body, message) => {
      await refused(() => api.request('POST', '/api/jobs/bulk/status', { body, ...as(admin) }), 400, message);
    });

    it('refuses staff', async () => {
      const jobId = await existingJob(api, 'pending');
      await refused(() => api.request('POST', '/api/jobs/bulk/status', { body: { ids: [jobId], status: 'approved' }, ...as(staff) }), 403, 'You do not have permission to do this');
    });
  });

  it('documents every job command in the OpenAPI document', async () => {
    const document = (await (await fetch(`${api.service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/jobs']!)).toContain('post');
    expect(Object.keys(document.paths['/api/jobs/{id}']!).sort()).toEqual(expect.arrayContaining(['delete', 'put']));
    for (const path of ['/api/jobs/public', '/api/jobs/{id}/status', '/api/jobs/{id}/notify', '/api/jobs/bulk/status']) expect(document.paths[path]).toBeDefined();
  });
});
