import { randomUUID } from 'node:crypto';
import { APPLICATION_STATUSES, applicationDecider, applicationStreamId, fold, type ApplicationEvent, type ApplicationStatus } from '@placement/domain';
import { FILE_REFUSALS, toDomainEvents } from '@placement/platform';
import { zipFixtures } from '@placement/platform/test-support';
import { eventsWrittenBy, existingJob, formOf, SAMPLE_FILES, signedInUser, type Reply, type SignedInUser, commandApiForBlock, startCommandApi } from '../test-support';
import { applicationIdOf } from './requests';
import { APPLICATION_REPLIES } from './views';

describe('application commands against the real event store and S3', () => {
  const { api, admin } = commandApiForBlock();

  const applicant = { fullName: 'Asha Rao', email: 'asha@university.edu', phone: '9876543210' };
  const apply = (student: SignedInUser, jobId: string, fields: Record<string, string> = {}, resume: [Buffer, string] | null = [SAMPLE_FILES.pdf, 'cv.pdf']) =>
    api.request('POST', '/api/applications', { token: student.token, form: formOf({ jobId, ...applicant, ...fields }, resume ? [['resume', ...resume]] : []) });
  const resumesOf = (applicationId: string) => api.deps.files.keysUnder(`resumes/${applicationId}/`);
  const historyOf = async (applicationId: string) => api.deps.store.readStream(applicationStreamId(applicationId));

  /** A student with a submitted application to a fresh approved job. */
  async function submittedApplication() {
    const student = await signedInUser(api, 'student');
    const jobId = await existingJob(api);
    const reply = await apply(student, jobId);
    expect(reply.status).toBe(201);
    return { student, jobId, applicationId: String(reply.body.applicationId) };
  }

  async function expectNothingWritten(reply: Reply, since: number, applicationId?: string) {
    expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    if (applicationId) expect(await resumesOf(applicationId)).toEqual([]);
  }

  describe('POST /api/applications', () => {
    it('submits with a PDF resume stored privately, under the one id of this student and job', async () => {
      const student = await signedInUser(api, 'student');
      const jobId = await existingJob(api);
      const reply = await apply(student, jobId);
      expect(reply.status).toBe(201);
      const applicationId = applicationIdOf(student.id, jobId);
      expect(reply.body).toEqual({ message: 'Application submitted successfully!', applicationId, position: expect.any(Number) });
      expect(reply.headers.get('x-consistency-position')).toBe(String(reply.body.position));

      const [submitted] = await historyOf(applicationId);
      expect(submitted).toMatchObject({
        type: 'ApplicationSubmitted',
        position: reply.body.position,
        data: { applicationId, jobId, studentId: student.id, ...applicant, status: 'Applied' },
        metadata: { actorId: student.id, actorRole: 'student', correlationId: reply.headers.get('x-correlation-id') },
      });
      const resumeKey = (submitted!.data as { resumeKey: string }).resumeKey;
      expect(resumeKey).toMatch(new RegExp(`^resumes/${applicationId}/[0-9a-f-]{36}\\.pdf$`));
      const stored = await api.deps.files.get(resumeKey);
      expect(stored?.contentType).toBe('application/pdf');
      expect(stored?.body.equals(SAMPLE_FILES.pdf)).toBe(true);
    });

    it.each([
      ['doc', SAMPLE_FILES.doc, 'application/msword'],
      ['docx', SAMPLE_FILES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ])('accepts a %s resume judged by its bytes, whatever its name', async (type, bytes, contentType) => {
      const student = await signedInUser(api, 'student');
      const reply = await apply(student, await existingJob(api), {}, [bytes, 'resume.bin']);
      expect(reply.status).toBe(201);
      const [key] = await resumesOf(String(reply.body.applicationId));
      expect(key).toMatch(new RegExp(`\\.${type}$`));
      expect((await api.deps.files.get(key!))?.contentType).toBe(contentType);
    });

    it.each([
      [{ fullName: ' ' }, 'Full name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'asha@' }, 'Invalid email format'],
      [{ phone: '' }, 'Phone number is required'],
      [{ phone: '98765-4321' }, 'Phone number must be 10 digits'],
      [{ jobId: '' }, APPLICATION_REPLIES.jobRequired],
    ])('refuses %j with the message %s and writes nothing', async (fields, message) => {
      const student = await signedInUser(api, 'student');
      const jobId = await existingJob(api);
      const since = await api.deps.store.headPosition();
      const reply = await apply(student, jobId, fields);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      await expectNothingWritten(reply, since, applicationIdOf(student.id, jobId));
    });

    it.each([
      ['no resume', null, 'Resume is required'],
      ['an image named .pdf', [SAMPLE_FILES.png, 'cv.pdf'], 'Resume must be PDF, DOC, or DOCX'],
      ['a script named .docx', [SAMPLE_FILES.text, 'cv.docx'], 'Resume must be PDF, DOC, or DOCX'],
      // Opened as the ATS engine opens it: a few hundred KB that inflate to 512 MB, its headers claiming 10 KB.
      ['a zip-bomb DOCX', [zipFixtures.docxZipBomb(512, true), 'cv.docx'], FILE_REFUSALS.zipBomb(64)],
      ['a DOCX whose document does not inflate', [zipFixtures.corruptDocx(), 'cv.docx'], FILE_REFUSALS.damaged('Word document')],
    ] as const)('refuses %s and stores nothing', async (_name, resume, message) => {
      const student = await signedInUser(api, 'student');
      const jobId = await existingJob(api);
      const since = await api.deps.store.headPosition();
      const reply = await apply(student, jobId, {}, resume ? [resume[0], resume[1]] : null);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: 400, message, errors: [{ field: 'resume', message }] });
      await expectNothingWritten(reply, since, applicationIdOf(student.id, jobId));
    });

    it('reports every problem of the form at once, in the order of the form', async () => {
      const student = await signedInUser(api, 'student');
      const reply = await apply(student, '', { fullName: '', phone: '1' }, null);
      expect(reply.body.errors).toEqual([
        { field: 'fullName', message: 'Full name is required' },
        { field: 'phone', message: 'Phone number must be 10 digits' },
        { field: 'resume', message: 'Resume is required' },
        { field: 'jobId', message: APPLICATION_REPLIES.jobRequired },
      ]);
    });

    it.each([
      ['a pending job', 'pending', 409, 'This job is not open for applications.'],
      ['a job that does not exist', null, 404, 'Job not found'],
    ] as const)('refuses %s before storing the resume', async (_name, status, httpStatus, message) => {
      const student = await signedInUser(api, 'student');
      const jobId = status ? await existingJob(api, status) : randomUUID();
      const since = await api.deps.store.headPosition();
      const reply = await apply(student, jobId);
      expect(reply.status).toBe(httpStatus);
      expect(reply.body.message).toBe(message);
      await expectNothingWritten(reply, since, applicationIdOf(student.id, jobId));
    });

    it('refuses a second application of the same student to the same job, leaving only the first resume', async () => {
      const { student, jobId, applicationId } = await submittedApplication();
      const since = await api.deps.store.headPosition();
      const again = await apply(student, jobId);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You have already applied for this job.');
      expect(await eventsWrittenBy(api, again, since)).toEqual([]);
      expect(await resumesOf(applicationId)).toHaveLength(1);
    });

    it('lets exactly one of 20 concurrent applications of one student to one job through', async () => {
      const student = await signedInUser(api, 'student');
      const jobId = await existingJob(api);
      const replies = await Promise.all(Array.from({ length: 20 }, () => apply(student, jobId)));
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
      const refused = replies.filter((reply) => reply.status === 409);
      expect(refused).toHaveLength(19);
      expect(new Set(refused.map((reply) => reply.body.message))).toEqual(new Set(['You have already applied for this job.']));
      const applicationId = applicationIdOf(student.id, jobId);
      expect((await historyOf(applicationId)).map((event) => event.type)).toEqual(['ApplicationSubmitted']);
      // The nineteen refused requests deleted what they had stored.
      expect(await resumesOf(applicationId)).toHaveLength(1);
    });

    it('answers 413 to a resume over MAX_RESUME_BYTES', async () => {
      const small = await startCommandApi({ MAX_RESUME_BYTES: '1024' });
      try {
        const student = await signedInUser(small, 'student');
        const jobId = await existingJob(small);
        const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(2048, 0x20)]);
        const reply = await small.request('POST', '/api/applications', { token: student.token, form: formOf({ jobId, ...applicant }, [['resume', big, 'cv.pdf']]) });
        expect(reply.status).toBe(413);
        expect(reply.body.message).toBe('File resume is larger than 1 KB');
        expect(await resumesOf(applicationIdOf(student.id, jobId))).toEqual([]);
      } finally {
        await small.stop();
      }
    });

    it('admits students only', async () => {
      const jobId = await existingJob(api);
      expect((await apply(admin, jobId)).status).toBe(403);
      const visitor = await api.request('POST', '/api/applications', { form: formOf({ jobId, ...applicant }) });
      expect(visitor.status).toBe(401);
    });
  });

  describe('status changes', () => {
    it.each(['/applications/applications', '/api/applications'])('sets any status on %s/:id and answers the updated application', async (base) => {
      const { student, jobId, applicationId } = await submittedApplication();
      const interview = { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 101' };
      const reply = await api.request('PUT', `${base}/${applicationId}`, { token: admin.token, body: { status: 'Scheduled', interview } });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        message: 'Status updated to Scheduled',
        _id: applicationId,
        status: 'Scheduled',
        jobId,
        userId: student.id,
        ...applicant,
        position: expect.any(Number),
      });
      const events = await historyOf(applicationId);
      expect(events.at(-1)).toMatchObject({ type: 'ApplicationStatusChanged', data: { from: 'Applied', to: 'Scheduled', interview }, metadata: { actorId: admin.id, actorRole: 'admin' } });
      const back = await api.request('PUT', `${base}/${applicationId}`, { token: admin.token, body: { status: 'Applied' } });
      expect(back.body.status).toBe('Applied');
    });

    it.each([
      [{}, 'Please select a status'],
      [{ status: 'Hired' }, 'Status must be one of Applied, Under Review, Scheduled, Accepted, Rejected'],
    ])('refuses %j and writes nothing', async (body, message) => {
      const { applicationId } = await submittedApplication();
      const since = await api.deps.store.headPosition();
      const reply = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      await expectNothingWritten(reply, since);
    });

    it('answers 404 for an unknown application and 403 to a student, even for their own', async () => {
      const missing = await api.request('PUT', `/api/applications/${randomUUID()}`, { token: admin.token, body: { status: 'Accepted' } });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Application not found');
      const { student, applicationId } = await submittedApplication();
      const own = await api.request('PUT', `/api/applications/${applicationId}`, { token: student.token, body: { status: 'Accepted' } });
      expect(own.status).toBe(403);
    });

    it('records every accepted one of 20 concurrent changes exactly once, and ends in the last recorded status', async () => {
      const detailsFor = (status: string) =>
        status === 'Accepted' ? { offer: { ctc: 600_000 } } : status === 'Scheduled' ? { interview: { startsAt: '2030-01-15T09:00:00.000Z', durationMinutes: 30, location: 'Room 1' } } : {};
      const { applicationId } = await submittedApplication();
      const requested = Array.from({ length: 20 }, (_, i) => APPLICATION_STATUSES[(i % (APPLICATION_STATUSES.length - 1)) + 1]!);
      const replies = await Promise.all(
        // Scheduled carries its slot and Accepted its offer (issue 16 parts 2 and 3).
        requested.map((status) => api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status, ...detailsFor(status) } })),
      );
      const accepted = replies.filter((reply) => reply.status === 200);
      expect(accepted.length).toBeGreaterThan(0);
      for (const reply of replies.filter((reply) => reply.status !== 200)) expect(reply.status).toBe(409);

      const history = await historyOf(applicationId);
      const changes = history.filter((event) => event.type === 'ApplicationStatusChanged');
      const correlationIds = replies.map((reply) => reply.headers.get('x-correlation-id'));
      const acceptedIds = new Set(accepted.map((reply) => reply.headers.get('x-correlation-id')));
      for (const change of changes) {
        expect(acceptedIds.has(change.metadata.correlationId)).toBe(true);
        expect(changes.filter((other) => other.metadata.correlationId === change.metadata.correlationId)).toHaveLength(1);
      }
      // Each accepted request's status held at the position it answered with: recorded by it or already in place.
      for (const reply of accepted) {
        const wanted = requested[correlationIds.indexOf(reply.headers.get('x-correlation-id'))];
        const upToReply = history.filter((event) => event.position <= Number(reply.body.position));
        expect(fold(applicationDecider, toDomainEvents<ApplicationEvent>(upToReply))).toMatchObject({ application: { status: wanted } });
      }
      // Every change starts from where the previous one left the application.
      changes.forEach((change, i) => expect((change.data as { from: ApplicationStatus }).from).toBe(i === 0 ? 'Applied' : (changes[i - 1]!.data as { to: string }).to));
      const final = fold(applicationDecider, toDomainEvents<ApplicationEvent>(history));
      expect(final).toMatchObject({ application: { status: (changes.at(-1)!.data as { to: string }).to } });
    });
  });

  describe('deletion', () => {
    it.each(['/applications/applications', '/api/applications'])('deletes on %s/:id, answers 404 the second time, and lets the student apply again', async (base) => {
      const { student, jobId, applicationId } = await submittedApplication();
      const reply = await api.request('DELETE', `${base}/${applicationId}`, { token: admin.token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ message: APPLICATION_REPLIES.deleted, position: expect.any(Number) });
      expect((await historyOf(applicationId)).at(-1)).toMatchObject({ type: 'ApplicationDeleted', data: { status: 'Applied' } });
      expect((await api.request('DELETE', `${base}/${applicationId}`, { token: admin.token })).status).toBe(404);
      const again = await apply(student, jobId);
      expect(again.status).toBe(201);
      expect(again.body.applicationId).toBe(applicationId);
    });

    it('is for admins only', async () => {
      const { student, applicationId } = await submittedApplication();
      expect((await api.request('DELETE', `/api/applications/${applicationId}`, { token: student.token })).status).toBe(403);
    });
  });

  describe('bulk', () => {
    it('sets a status on each id independently', async () => {
      const first = await submittedApplication();
      const second = await submittedApplication();
      const unknown = randomUUID();
      const reply = await api.request('POST', '/api/applications/bulk/status', {
        token: admin.token,
        // Not Accepted: bulk Accepted is refused as a whole, each offer needing its own CTC (see offers.int.test.ts).
        body: { ids: [first.applicationId, unknown, second.applicationId], status: 'Rejected' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.results).toEqual([
        { id: first.applicationId, ok: true, position: expect.any(Number) },
        { id: unknown, ok: false, status: 404, message: 'Application not found' },
        { id: second.applicationId, ok: true, position: expect.any(Number) },
      ]);
      expect(reply.body.position).toBe(Math.max(...(reply.body.results as { position?: number }[]).map((result) => result.position ?? 0)));
      for (const { applicationId } of [first, second]) expect((await historyOf(applicationId)).at(-1)).toMatchObject({ data: { to: 'Rejected' } });
    });

    it('deletes each id independently', async () => {
      const { applicationId } = await submittedApplication();
      const reply = await api.request('POST', '/api/applications/bulk/delete', { token: admin.token, body: { ids: [applicationId, applicationId] } });
      expect(reply.body.results).toEqual([{ id: applicationId, ok: true, position: expect.any(Number) }]);
      const again = await api.request('POST', '/api/applications/bulk/delete', { token: admin.token, body: { ids: [applicationId] } });
      expect(again.body.results).toEqual([{ id: applicationId, ok: false, status: 404, message: 'Application not found' }]);
    });

    it.each([
      ['/api/applications/bulk/status', { status: '', ids: [] }, ['Please select a status to apply.', 'Please select at least one application.']],
      ['/api/applications/bulk/status', { status: 'Accepted' }, ['Please select at least one application.']],
      ['/api/applications/bulk/delete', { ids: [] }, ['Please select at least one application.']],
    ])('%s refuses %j with the spec messages', async (path, body, messages) => {
      const since = await api.deps.store.headPosition();
      const reply = await api.request('POST', path, { token: admin.token, body });
      expect(reply.status).toBe(400);
      expect((reply.body.errors as { message: string }[]).map((error) => error.message)).toEqual(messages);
      await expectNothingWritten(reply, since);
    });
  });
});
