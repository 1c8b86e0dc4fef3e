import { TRAINING_MESSAGES, trainingStreamId } from '@placement/domain';
import { type Reply, commandApiForBlock, refusedWithoutWrites } from '../test-support';
import { TRAINING_REPLIES } from './views';

const aTraining = () => ({
  title: 'Resume Writing Workshop',
  description: 'Write a resume that gets read.',
  date: '2031-09-15T10:30:00.000Z',
  duration: '2 hours',
  mode: 'Online',
  registrationLink: 'https://forms.example/resume-workshop',
});

describe('training commands against the real event store', () => {
  const { api, admin, staff, student } = commandApiForBlock();

  const trainingStream = (trainingId: string) => api.deps.store.readStream(trainingStreamId(trainingId));
  const trainingOf = (reply: Reply) => reply.body.training as Record<string, unknown>;

  const refused = (send: () => Promise<Reply>, status: number, message: string) => refusedWithoutWrites(api, send, status, message);

  async function scheduled(): Promise<string> {
    const reply = await api.request('POST', '/api/trainings', { body: aTraining(), token: staff.token });
    return String(trainingOf(reply)._id);
  }

  it.each([
    ['staff', () => staff],
    ['an admin', () => admin],
  ])('lets %s schedule a training and answers with it', async (_who, user) => {
    const reply = await api.request('POST', '/api/trainings', { body: aTraining(), token: user().token });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ message: TRAINING_REPLIES.created, training: { ...aTraining(), _id: expect.stringMatching(/^[0-9a-f-]{36}$/) }, position: expect.any(Number) });
    const [event] = await trainingStream(String(trainingOf(reply)._id));
    expect(event).toMatchObject({ type: 'TrainingScheduled', position: reply.body.position, metadata: { actorId: user().id, actorRole: user().role } });
  });

  it.each([
    ['title', '', TRAINING_MESSAGES.title],
    ['description', ' ', TRAINING_MESSAGES.description],
    ['date', '', TRAINING_MESSAGES.dateRequired],
    ['date', 'next tuesday', TRAINING_MESSAGES.dateInvalid],
    ['duration', '', TRAINING_MESSAGES.duration],
    ['mode', '', TRAINING_MESSAGES.mode],
    ['registrationLink', '', TRAINING_MESSAGES.registrationLinkRequired],
    ['registrationLink', 'forms.example/x', TRAINING_MESSAGES.registrationLinkInvalid],
  ])('refuses %s = %j with %j and writes nothing', async (field, value, message) => {
    const reply = await refused(() => api.request('POST', '/api/trainings', { body: { ...aTraining(), [field]: value }, token: staff.token }), 400, message);
    expect((reply.body.errors as unknown[])[0]).toEqual({ field, message });
  });

  it('asks a visitor to sign in and turns a student away, on every training command', async () => {
    const trainingId = await scheduled();
    for (const [method, path] of [
      ['POST', '/api/trainings'],
      ['PUT', `/api/trainings/${trainingId}`],
      ['DELETE', `/api/trainings/${trainingId}`],
    ] as const) {
      const body = method === 'DELETE' ? undefined : aTraining();
      await refused(() => api.request(method, path, { body }), 401, 'Authentication required');
      await refused(() => api.request(method, path, { body, token: student.token }), 403, 'You do not have permission to do this');
    }
  });

  it('edits a training, recording only the changed fields', async () => {
    const trainingId = await scheduled();
    const reply = await api.request('PUT', `/api/trainings/${trainingId}`, { body: { ...aTraining(), mode: 'Seminar Hall 2' }, token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: TRAINING_REPLIES.updated, training: { _id: trainingId, mode: 'Seminar Hall 2', title: aTraining().title } });
    expect((await trainingStream(trainingId)).at(-1)).toMatchObject({ type: 'TrainingEdited', position: reply.body.position, data: { before: { mode: 'Online' }, after: { mode: 'Seminar Hall 2' } } });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const trainingId = await scheduled();
    const reply = await api.request('PUT', `/api/trainings/${trainingId}`, { body: aTraining(), token: staff.token });
    expect(reply.status).toBe(200);
    expect(await trainingStream(trainingId)).toHaveLength(1);
  });

  it('refuses an invalid edit and an unknown training', async () => {
    const trainingId = await scheduled();
    await refused(() => api.request('PUT', `/api/trainings/${trainingId}`, { body: { ...aTraining(), title: '' }, token: staff.token }), 400, TRAINING_MESSAGES.title);
    await refused(() => api.request('PUT', '/api/trainings/no-such-training', { body: aTraining(), token: staff.token }), 404, TRAINING_MESSAGES.notFound);
  });

  it('deletes a training once; afterwards it cannot be edited', async () => {
    const trainingId = await scheduled();
    const reply = await api.request('DELETE', `/api/trainings/${trainingId}`, { token: staff.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: TRAINING_REPLIES.deleted, position: expect.any(Number) });
    expect((await trainingStream(trainingId)).at(-1)).toMatchObject({ type: 'TrainingCancelled', data: { trainingId, title: aTraining().title } });
    await refused(() => api.request('DELETE', `/api/trainings/${trainingId}`, { token: staff.token }), 404, TRAINING_MESSAGES.notFound);
    await refused(() => api.request('PUT', `/api/trainings/${trainingId}`, { body: aTraining(), token: staff.token }), 404, TRAINING_MESSAGES.notFound);
  });
});
