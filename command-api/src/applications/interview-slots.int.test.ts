import { applicationStreamId, calendarFeedStreamId } from '@placement/domain';
import { hashToken } from '@placement/platform';
import { eventsWrittenBy, existingJob, formOf, SAMPLE_FILES, signedInUser, commandApiForBlock } from '../test-support';

describe('interview slots and the calendar feed, against the real event store', () => {
  const { api, admin } = commandApiForBlock();

  const applicant = { fullName: 'Asha Rao', email: 'asha@university.edu', phone: '9876543210' };
  const slot = { startsAt: '2031-03-18T10:30:00+05:30', durationMinutes: 30, location: 'Placement cell, Room 101' };
  const lastEventOf = async (applicationId: string) => (await api.deps.store.readStream(applicationStreamId(applicationId))).at(-1);

  async function submittedApplication() {
    const student = await signedInUser(api, 'student');
    const jobId = await existingJob(api);
    const reply = await api.request('POST', '/api/applications', { token: student.token, form: formOf({ jobId, ...applicant }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]) });
    expect(reply.status).toBe(201);
    return String(reply.body.applicationId);
  }

  describe('PUT /api/applications/:id to Scheduled', () => {
    it('records the slot (in UTC) and answers it', async () => {
      const applicationId = await submittedApplication();
      const reply = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Scheduled', interview: slot } });
      expect(reply.status).toBe(200);
      const interview = { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Placement cell, Room 101' };
      expect(reply.body).toMatchObject({ status: 'Scheduled', interview });
      expect(await lastEventOf(applicationId)).toMatchObject({ type: 'ApplicationStatusChanged', data: { from: 'Applied', to: 'Scheduled', interview } });
    });

    it.each([
      [{ status: 'Scheduled' }, 'Scheduling an interview needs its date and time, duration, and a place or meeting link.', 'interview'],
      [{ status: 'Scheduled', interview: { ...slot, location: '', meetingLink: 'ftp://x.example' } }, 'Meeting link must be a web address starting with http:// or https://', 'interview.meetingLink'],
      [{ status: 'Scheduled', interview: { ...slot, location: undefined } }, 'Please enter a place or a meeting link for the interview.', 'interview.location'],
      [{ status: 'Rejected', interview: slot }, 'An interview slot can only be given when the status is Scheduled.', 'interview'],
    ])('refuses %j and writes nothing', async (body, message, field) => {
      const applicationId = await submittedApplication();
      const since = await api.deps.store.headPosition();
      const reply = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      expect(reply.body.errors).toEqual([{ field, message }]);
      expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    });
  });

  describe('POST /api/applications/bulk/status to Scheduled', () => {
    it('gives each application the next slot, back to back in the order of the ids', async () => {
      const ids = [await submittedApplication(), await submittedApplication(), await submittedApplication()];
      const order = [ids[2]!, ids[0]!, ids[1]!];
      const reply = await api.request('POST', '/api/applications/bulk/status', {
        token: admin.token,
        body: { status: 'Scheduled', ids: order, interview: { startsAt: '2031-03-18T05:00:00Z', durationMinutes: 20, meetingLink: 'https://meet.example/panel' } },
      });
      expect(reply.status).toBe(200);
      expect((reply.body.results as { ok: boolean }[]).every((result) => result.ok)).toBe(true);
      const starts = await Promise.all(order.map(async (id) => ((await lastEventOf(id))?.data as { interview: { startsAt: string } }).interview.startsAt));
      expect(starts).toEqual(['2031-03-18T05:00:00.000Z', '2031-03-18T05:20:00.000Z', '2031-03-18T05:40:00.000Z']);
    });

    it.each([
      [{ status: 'Scheduled' }, 'Scheduling an interview needs its date and time, duration, and a place or meeting link.'],
      [{ status: 'Accepted', interview: slot }, 'An interview slot can only be given when the status is Scheduled.'],
      [{ status: 'Scheduled', interview: { ...slot, durationMinutes: 0 } }, 'Interview duration must be a whole number of minutes from 5 to 480.'],
    ])('refuses %j as a whole and writes nothing', async (body, message) => {
      const applicationId = await submittedApplication();
      const since = await api.deps.store.headPosition();
      const reply = await api.request('POST', '/api/applications/bulk/status', { token: admin.token, body: { ...body, ids: [applicationId] } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    });
  });

  describe('/api/calendar-feed', () => {
    it('issues a token stored only as its hash, replaces it when asked again, and revokes it', async () => {
      const student = await signedInUser(api, 'student');
      const first = await api.request('POST', '/api/calendar-feed', { token: student.token });
      expect(first.status).toBe(201);
      const firstToken = /\/api\/calendar\/([\w-]{43})\.ics$/.exec(String(first.body.url))?.[1];
      expect(firstToken).toBeDefined();
      const second = await api.request('POST', '/api/calendar-feed', { token: student.token });
      const secondToken = /\/api\/calendar\/([\w-]{43})\.ics$/.exec(String(second.body.url))?.[1];
      expect(secondToken).not.toBe(firstToken);

      const revoked = await api.request('DELETE', '/api/calendar-feed', { token: student.token });
      expect(revoked.status).toBe(200);
      const events = await api.deps.store.readStream(calendarFeedStreamId(student.id));
      expect(events.map((event) => [event.type, (event.data as { tokenHash: string }).tokenHash])).toEqual([
        ['CalendarFeedIssued', hashToken(firstToken!)],
        ['CalendarFeedIssued', hashToken(secondToken!)],
        ['CalendarFeedRevoked', hashToken(secondToken!)],
      ]);
      expect(JSON.stringify(events)).not.toContain(secondToken);

      const again = await api.request('DELETE', '/api/calendar-feed', { token: student.token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('You have no calendar feed.');
    });

    it('is for students only', async () => {
      expect((await api.request('POST', '/api/calendar-feed', { token: admin.token })).status).toBe(403);
      expect((await api.request('POST', '/api/calendar-feed', {})).status).toBe(401);
    });
  });
});
