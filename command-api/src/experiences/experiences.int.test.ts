import { randomInt } from 'node:crypto';
import { EXPERIENCE_MESSAGES, experienceStreamId } from '@placement/domain';
import { eventsWrittenBy, type Reply, commandApiForBlock, refusedWithoutWrites, startCommandApi } from '../test-support';
import { EXPERIENCE_REPLIES } from './views';

const anExperience = () => ({
  companyName: 'Acme Analytics',
  role: 'Data Analyst',
  author: 'Asha Verma',
  batch: '2025',
  course: 'B.Tech CSE',
  interviewLocation: 'On campus',
  offerStatus: 'Accepted',
  experienceRating: 'Amazing',
  difficulty: 'Hard',
  rounds: [
    { name: 'Aptitude', description: 'Forty questions in an hour.' },
    { name: 'Technical', description: 'SQL joins and a case study.' },
  ],
});

describe('interview experience commands against the real event store', () => {
  // The validation table shares many times; the limit itself is tested with its own instance below.
  const { api, admin, staff, student } = commandApiForBlock({ PUBLIC_SUBMISSIONS_PER_HOUR: '1000' });

  const experienceStream = (experienceId: string) => api.deps.store.readStream(experienceStreamId(experienceId));
  const experienceOf = (reply: Reply) => reply.body.experience as Record<string, unknown>;

  const refused = (send: () => Promise<Reply>, status: number, message: string) => refusedWithoutWrites(api, send, status, message);

  async function shared(): Promise<string> {
    return String(experienceOf(await api.post('/api/interview-experiences', anExperience()))._id);
  }

  describe('POST /api/interview-experiences', () => {
    it('takes a visitor’s experience without a token, holds it for review and answers with it', async () => {
      const reply = await api.post('/api/interview-experiences', anExperience());
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ message: EXPERIENCE_REPLIES.submitted, experience: { ...anExperience(), status: 'pending' }, position: expect.any(Number) });
      const experience = experienceOf(reply);
      expect(experience._id).toMatch(/^[0-9a-f-]{36}$/);
      const [event] = await experienceStream(String(experience._id));
      expect(event).toMatchObject({ type: 'ExperienceSubmitted', position: reply.body.position, data: { postedDate: experience.postedDate }, metadata: { actorRole: 'visitor' } });
    });

    it.each([
      ['a student', () => student, 'pending', 'ExperienceSubmitted'],
      ['staff', () => staff, 'approved', 'ExperienceShared'],
      ['an admin', () => admin, 'approved', 'ExperienceShared'],
    ])('holds the experience of %s for review, or publishes it at once for staff and admins', async (_who, user, status, type) => {
      const reply = await api.request('POST', '/api/interview-experiences', { body: anExperience(), token: user().token });
      expect(reply.status).toBe(201);
      expect(experienceOf(reply).status).toBe(status);
      const [event] = await experienceStream(String(experienceOf(reply)._id));
      expect(event).toMatchObject({ type, metadata: { actorId: user().id } });
    });

    it('fills the three selects with the spec’s defaults', async () => {
      const { offerStatus: _o, experienceRating: _r, difficulty: _d, ...rest } = anExperience();
      const reply = await api.post('/api/interview-experiences', rest);
      expect(experienceOf(reply)).toMatchObject({ offerStatus: 'No Selected', experienceRating: 'Neutral', difficulty: 'Medium' });
    });

    it.each([
      ['companyName', '', EXPERIENCE_MESSAGES.companyName],
      ['role', ' ', EXPERIENCE_MESSAGES.role],
      ['author', '', EXPERIENCE_MESSAGES.author],
      ['batch', '', EXPERIENCE_MESSAGES.batch],
      ['course', '', EXPERIENCE_MESSAGES.course],
      ['interviewLocation', '', EXPERIENCE_MESSAGES.interviewLocation],
      ['offerStatus', 'Maybe', EXPERIENCE_MESSAGES.offerStatus],
      ['experienceRating', '', EXPERIENCE_MESSAGES.experienceRating],
      ['difficulty', 'Brutal', EXPERIENCE_MESSAGES.difficulty],
      ['rounds', [], EXPERIENCE_MESSAGES.rounds],
    ])('refuses %s = %j with %j and writes nothing', async (field, value, message) => {
      const reply = await refused(() => api.post('/api/interview-experiences', { ...anExperience(), [field]: value }), 400, message);
      expect((reply.body.errors as unknown[])[0]).toEqual({ field, message });
    });

    it.each([
      ['name', EXPERIENCE_MESSAGES.roundName],
      ['description', EXPERIENCE_MESSAGES.roundDescription],
    ])("names the round whose %s is blank", async (part, message) => {
      const rounds = [anExperience().rounds[0], { ...anExperience().rounds[1], [part]: '' }];
      const reply = await refused(() => api.post('/api/interview-experiences', { ...anExperience(), rounds }), 400, message);
      expect(reply.body.errors).toEqual([{ field: `rounds.1.${part}`, message }]);
    });
  });

  it('answers 429 after the hourly limit of submissions per address and writes nothing', async () => {
    const limited = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '2' });
    try {
      expect((await limited.post('/api/interview-experiences', anExperience())).status).toBe(201);
      expect((await limited.post('/api/interview-experiences', anExperience())).status).toBe(201);
      const head = await limited.deps.store.headPosition();
      const third = await limited.post('/api/interview-experiences', anExperience());
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Too many submissions from this address. Please try again later.');
      expect(await eventsWrittenBy(limited, third, head)).toEqual([]);
      // Another address still gets through: the limit is per client, not global. The counts are shared by
      // every run on the stack, so the other address is new for each run.
      const another = `10.251.${randomInt(250)}.${randomInt(250)}`;
      expect((await limited.post('/api/interview-experiences', anExperience(), { 'X-Forwarded-For': another })).status).toBe(201);
    } finally {
      await limited.stop();
    }
  });

  describe('POST /api/interview-experiences/:id/approve', () => {
    it.each([
      ['staff', () => staff],
      ['an admin', () => admin],
    ])('lets %s approve an experience held for review, once', async (_who, user) => {
      const experienceId = await shared();
      const path = `/api/interview-experiences/${experienceId}/approve`;
      const reply = await api.request('POST', path, { token: user().token });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ message: EXPERIENCE_REPLIES.approved, experience: { _id: experienceId, status: 'approved' }, position: expect.any(Number) });
      expect((await experienceStream(experienceId)).at(-1)).toMatchObject({ type: 'ExperienceApproved', position: reply.body.position, data: { experienceId, companyName: 'Acme Analytics' }, metadata: { actorId: user().id } });
      const again = await api.request('POST', path, { token: admin.token });
      expect(again.status).toBe(200);
      expect((await experienceStream(experienceId)).filter((event) => event.type === 'ExperienceApproved')).toHaveLength(1);
    });

    it('refuses an unknown experience, a visitor and a student', async () => {
      const path = `/api/interview-experiences/${await shared()}/approve`;
      await refused(() => api.request('POST', '/api/interview-experiences/no-such-experience/approve', { token: staff.token }), 404, EXPERIENCE_MESSAGES.notFound);
      await refused(() => api.request('POST', path), 401, 'Authentication required');
      await refused(() => api.request('POST', path, { token: student.token }), 403, 'You do not have permission to do this');
    });
  });

  describe('PATCH /api/interview-experiences/:id', () => {
    it.each([
      ['staff', () => staff],
      ['an admin', () => admin],
    ])('lets %s edit, recording only the changed fields, and answers with the experience', async (_who, user) => {
      const experienceId = await shared();
      const rounds = [...anExperience().rounds, { name: 'HR', description: 'Why us?' }];
      const reply = await api.request('PATCH', `/api/interview-experiences/${experienceId}`, { body: { ...anExperience(), difficulty: 'Medium', rounds }, token: user().token });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ message: EXPERIENCE_REPLIES.updated, experience: { _id: experienceId, difficulty: 'Medium', rounds, postedDate: expect.any(String) } });
      const edited = (await experienceStream(experienceId)).at(-1)!;
      expect(edited).toMatchObject({ type: 'ExperienceEdited', position: reply.body.position, metadata: { actorId: user().id } });
      expect(Object.keys((edited.data as { after: object }).after).sort()).toEqual(['difficulty', 'rounds']);
    });

    it('refuses an invalid form, an unknown experience, a visitor and a student', async () => {
      const experienceId = await shared();
      const path = `/api/interview-experiences/${experienceId}`;
      await refused(() => api.request('PATCH', path, { body: { ...anExperience(), author: '' }, token: staff.token }), 400, EXPERIENCE_MESSAGES.author);
      await refused(() => api.request('PATCH', '/api/interview-experiences/no-such-experience', { body: anExperience(), token: staff.token }), 404, EXPERIENCE_MESSAGES.notFound);
      await refused(() => api.request('PATCH', path, { body: anExperience() }), 401, 'Authentication required');
      await refused(() => api.request('PATCH', path, { body: anExperience(), token: student.token }), 403, 'You do not have permission to do this');
    });
  });

  describe('DELETE /api/interview-experiences/:id', () => {
    it('deletes an experience once; afterwards it cannot be edited', async () => {
      const experienceId = await shared();
      const path = `/api/interview-experiences/${experienceId}`;
      const reply = await api.request('DELETE', path, { token: staff.token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ message: EXPERIENCE_REPLIES.deleted, position: expect.any(Number) });
      expect((await experienceStream(experienceId)).at(-1)).toMatchObject({ type: 'ExperienceRemoved', data: { experienceId, companyName: 'Acme Analytics', role: 'Data Analyst' } });
      await refused(() => api.request('DELETE', path, { token: admin.token }), 404, EXPERIENCE_MESSAGES.notFound);
      await refused(() => api.request('PATCH', path, { body: anExperience(), token: admin.token }), 404, EXPERIENCE_MESSAGES.notFound);
    });

    it('refuses a visitor and a student', async () => {
      const path = `/api/interview-experiences/${await shared()}`;
      await refused(() => api.request('DELETE', path), 401, 'Authentication required');
      await refused(() => api.request('DELETE', path, { token: student.token }), 403, 'You do not have permission to do this');
    });
  });
});
