import { randomUUID } from 'node:crypto';
import { userStreamId } from '@placement/domain';
import { sortKeyOf, userIdByEmail, verificationToken } from '@placement/platform';
import { formOf, SAMPLE_FILES, signedInUser } from '../../../command-api/src/test-support';
import { usersProjection } from '../../../projectors/src/projections/users';
import { idsOf, Portal, type Caller } from '../test-support';
import { matchesSearch, searchWindow } from './queries';

interface Row {
  _id: string;
  fullName: string;
  email: string;
  role: string;
  status: string;
  rollNo: string | null;
  createdAt: string;
}

const ROW_KEYS = ['_id', 'createdAt', 'email', 'fullName', 'id', 'mobileNo', 'profilePhoto', 'role', 'rollNo', 'status', 'updatedAt', 'verified'];

/** The profile form as the client sends it: lists and education as JSON text. */
const profileForm = (): Record<string, string> => ({
  mobileNo: '9876543210',
  whatsappNo: '9876543211',
  mailId: 'asha.alt@gmail.com',
  fatherName: 'Ramesh Rao',
  fatherNumber: '9876543212',
  school: 'SOET',
  existingBacklogs: '0',
  areaOfInterest: 'Data engineering',
  hasCertifications: 'true',
  readyToRelocate: 'true',
  education: JSON.stringify({
    tenth: { percentage: 91.2, passingYear: '2017' },
    twelfth: { percentage: 88, passingYear: '2019' },
    graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  }),
  skills: JSON.stringify([{ id: 1, name: 'SQL' }]),
  certifications: JSON.stringify([{ name: 'AWS Cloud Practitioner' }, { name: 'Scrum Master' }]),
  experience: JSON.stringify([{ hasExperience: true, organizationName: 'Acme', duration: '6 months', details: 'Internship' }]),
});

const onlyAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };
const anySignedIn: Record<Caller, number> = { visitor: 401, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 };

describe('user and profile queries against the real command-api, projection and query-api', () => {
  let portal: Portal;
  const tag = randomUUID().slice(0, 8);
  const created: Record<string, string> = {};
  let registeredEmail: string;

  const admin = () => portal.user('admin');
  const createUser = async (name: string, body: Record<string, unknown>) => {
    const reply = await portal.write('POST', '/api/admin/users', { token: admin().token, body: { password: 'correct horse', ...body } });
    created[name] = (reply.user as { _id: string })._id;
  };
  const list = async (query = '') => {
    const reply = await portal.read(`/api/admin/users${query}`);
    expect(reply.status).toBe(200);
    return { rows: reply.body as Row[], total: Number(reply.headers.get('x-total-count')) };
  };
  const stats = async () => (await portal.read('/api/admin/stats/users')).body;

  beforeAll(async () => {
    portal = await Portal.start([usersProjection]);
    await createUser('zoya', { fullName: 'Zoya Khan', email: `zoya.${tag}@university.edu`, role: 'student', rollNo: 'CSE-2021-007' });
    await createUser('aarav', { fullName: 'Aarav Mehta', email: `aarav.${tag}@university.edu`, role: 'student', status: 'inactive', rollNo: 'ECE-2020-113' });
    await createUser('priya', { fullName: 'Priya Nair', email: `priya.${tag}@university.edu`, role: 'staff', mobileNo: '9000000001' });
    await createUser('devops', { fullName: 'Dev.Ops Lead', email: `devops.${tag}@gmail.com`, role: 'staff' });
    registeredEmail = `reg.${tag}@university.edu`;
    await portal.write('POST', '/api/auth/register', { body: { fullName: 'Reg Student', email: registeredEmail, password: 'correct horse', rollNo: 'ME-2022-001' } });
  }, 60_000);
  afterAll(() => portal.stop());

  describe('who may call what', () => {
    it.each([
      ['/api/auth/me', anySignedIn],
      ['/api/profile/me', anySignedIn],
      ['/api/admin/users', onlyAdmin],
      ['/api/admin/stats/users', onlyAdmin],
    ])('%s', async (path, expected) => {
      expect(await portal.statusesFor(path)).toEqual(expected);
    });

    it('/profile/user/:id', async () => {
      expect(await portal.statusesFor(`/profile/user/${portal.user('student').id}`)).toEqual(onlyAdmin);
    });
  });

  describe('profiles', () => {
    let profile: Record<string, unknown>;
    beforeAll(async () => {
      const student = portal.user('student');
      await portal.write('POST', '/api/profile/update', {
        token: student.token,
        form: formOf(profileForm(), [
          ['resume', SAMPLE_FILES.pdf, 'cv.pdf'],
          ['profilePhoto', SAMPLE_FILES.png, 'me.png'],
          ['certificationImage-0', SAMPLE_FILES.jpeg, 'aws.jpg'],
        ]),
      });
      profile = (await portal.read('/api/profile/me', 'student')).body as Record<string, unknown>;
    });

    it("answers the caller's account and full profile, with files as download paths", () => {
      const student = portal.user('student');
      const folder = `/uploads/profiles/${student.id}`;
      expect(profile).toEqual({
        _id: student.id,
        id: student.id,
        fullName: 'Test student',
        email: student.email,
        rollNo: `R-${student.id.slice(0, 6)}`,
        role: 'student',
        status: 'active',
        verified: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        mobileNo: '9876543210',
        profileCompleted: true,
        whatsappNo: '9876543211',
        mailId: 'asha.alt@gmail.com',
        fatherName: 'Ramesh Rao',
        fatherNumber: '9876543212',
        education: {
          tenth: { percentage: 91.2, passingYear: '2017' },
          twelfth: { percentage: 88, passingYear: '2019' },
          graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
          masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
        },
        school: 'SOET',
        existingBacklogs: 0,
        areaOfInterest: 'Data engineering',
        skills: [{ id: '1', name: 'SQL' }],
        hasCertifications: true,
        certifications: [
          { name: 'AWS Cloud Practitioner', imageKey: expect.stringMatching(/^profiles\/.+\.jpg$/), image: expect.stringMatching(new RegExp(`^${folder}/certifications/[0-9a-f-]{36}\\.jpg$`)) },
          { name: 'Scrum Master', imageKey: null, image: null },
        ],
        readyToRelocate: true,
        experience: [{ hasExperience: true, organizationName: 'Acme', duration: '6 months', details: 'Internship' }],
        resume: expect.stringMatching(new RegExp(`^${folder}/resume/[0-9a-f-]{36}\\.pdf$`)),
        profilePhoto: expect.stringMatching(new RegExp(`^${folder}/photo/[0-9a-f-]{36}\\.png$`)),
      });
    });

    it('answers the same object at /api/auth/me, and to an admin at /profile/user/:id', async () => {
      expect((await portal.read('/api/auth/me', 'student')).body).toEqual(profile);
      expect((await portal.read(`/profile/user/${portal.user('student').id}`)).body).toEqual(profile);
    });

    it('answers an account without a profile with empty profile fields', async () => {
      expect((await portal.read('/api/auth/me', 'staff')).body).toMatchObject({
        _id: portal.user('staff').id,
        role: 'staff',
        profileCompleted: false,
        education: null,
        skills: [],
        certifications: [],
        experience: [],
        resume: null,
        profilePhoto: null,
      });
      expect((await portal.read('/api/profile/me', 'another student')).body).toMatchObject({ _id: portal.user('another student').id, profileCompleted: false });
    });

    it('answers 404 for an unknown user id', async () => {
      const reply = await portal.read(`/profile/user/${randomUUID()}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ status: 404, message: 'User not found' });
    });

    it('finds a brand-new account even when the client sends no position', async () => {
      const fresh = await signedInUser(portal.command, 'staff', { fullName: 'Fresh Staff' });
      const reply = await portal.query.get('/api/profile/me', { token: fresh.token });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ _id: fresh.id, fullName: 'Fresh Staff' });
      await portal.write('DELETE', `/api/admin/users/${fresh.id}`, { token: admin().token });
    });

    it('never shows a password hash or a token hash', async () => {
      const everything = JSON.stringify([(await portal.read(`/profile/user/${created.zoya}`)).body, (await list()).rows]);
      expect(everything).not.toMatch(/passwordHash|tokenHash|correct horse/);
    });
  });

  describe('the user list', () => {
    it('answers a bare array of rows, newest first by default, with X-Total-Count', async () => {
      const { rows, total } = await list();
      expect(Object.keys(rows[0]!).sort()).toEqual(ROW_KEYS);
      expect(total).toBe(rows.length);
      const createdAts = rows.map((row) => row.createdAt);
      expect(createdAts).toEqual([...createdAts].sort().reverse());
      const newest = rows.slice(0, 5).map((row) => row.fullName);
      expect(newest).toEqual(['Reg Student', 'Dev.Ops Lead', 'Priya Nair', 'Aarav Mehta', 'Zoya Khan']);
      expect(rows.find((row) => row._id === created.priya)).toMatchObject({ role: 'staff', status: 'active', verified: true, mobileNo: '9000000001', profilePhoto: null });
      const student = portal.user('student');
      expect(rows.find((row) => row._id === student.id)).toMatchObject({ profilePhoto: expect.stringMatching(new RegExp(`^/uploads/profiles/${student.id}/photo/[0-9a-f-]{36}\\.png$`)) });
    });

    it('filters by role; "all" means every role', async () => {
      const students = (await list('?role=student')).rows;
      expect(students.every((row) => row.role === 'student')).toBe(true);
      expect(students.map((row) => row.fullName)).toEqual(expect.arrayContaining(['Zoya Khan', 'Aarav Mehta', 'Reg Student', 'Test student']));
      expect((await list('?role=staff')).rows.map((row) => row.fullName).sort()).toEqual(['Dev.Ops Lead', 'Priya Nair', 'Test staff']);
      expect((await list('?role=all')).total).toBe((await list()).total);
    });

    it('searches name, e-mail and roll no, case-insensitively, as plain text', async () => {
      expect(idsOf((await list('?search=ZOYA')).rows)).toEqual([created.zoya]);
      expect(idsOf((await list('?search=cse-2021')).rows)).toEqual([created.zoya]);
      expect(idsOf((await list(`?search=devops.${tag}@GMAIL`)).rows)).toEqual([created.devops]);
      expect(idsOf((await list('?search=v.o')).rows)).toEqual([created.devops]);
      expect((await list(`?search=${encodeURIComponent('.*')}`)).rows).toEqual([]);
      expect(idsOf((await list('?role=staff&search=nair')).rows)).toEqual([created.priya]);
      expect(idsOf((await list('?role=student&search=nair')).rows)).toEqual([]);
      expect((await list('?search=%20%20')).total).toBe((await list()).total);
    });

    it('sorts by each column (text numeric-aware, by its sort key), ascending unless told otherwise, ties by id', async () => {
      const all = (await list()).rows;
      const byKey = (key: (row: Row) => string, direction: 1 | -1) =>
        [...all].sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : a._id < b._id ? -direction : direction)).map((row) => row._id);
      expect(idsOf((await list('?sort=fullName')).rows)).toEqual(byKey((row) => sortKeyOf(row.fullName), 1));
      expect(idsOf((await list('?sort=fullName&order=desc')).rows)).toEqual(byKey((row) => sortKeyOf(row.fullName), -1));
      expect(idsOf((await list('?sort=email')).rows)).toEqual(byKey((row) => sortKeyOf(row.email), 1));
      expect(idsOf((await list('?sort=role&order=desc')).rows)).toEqual(byKey((row) => row.role, -1));
      expect(idsOf((await list('?sort=status')).rows)).toEqual(byKey((row) => row.status, 1));
      expect(idsOf((await list('?sort=createdAt&order=asc')).rows)).toEqual(byKey((row) => row.createdAt, 1));
    });

    it('pages when asked, with the number of all matches in X-Total-Count', async () => {
      const all = (await list('?sort=fullName')).rows;
      const second = await list('?sort=fullName&page=2&limit=3');
      expect(idsOf(second.rows)).toEqual(idsOf(all.slice(3, 6)));
      expect(second.total).toBe(all.length);
      const students = await list('?role=student&page=1&limit=2');
      expect(students.rows).toHaveLength(2);
      expect(students.total).toBe((await list('?role=student')).total);
    });

    it('pages a search the same whether the page comes from the front of the order or from the server', async () => {
      for (const query of ['search=university', 'search=UNIVERSITY&sort=fullName', 'search=university&sort=email&order=desc', 'role=student&search=university', 'search=gmail', 'search=nair&sort=role']) {
        const all = (await list(`?${query}`)).rows;
        expect([query, all.length > 0]).toEqual([query, true]);
        for (const [page, limit] of [[1, 2], [2, 3], [1, 50], [9, 5], [1, 200]] as const) {
          const paged = await list(`?${query}&page=${page}&limit=${limit}`);
          expect([query, page, limit, idsOf(paged.rows), paged.total]).toEqual([query, page, limit, idsOf(all.slice((page - 1) * limit, page * limit)), all.length]);
        }
      }
    });

    it('matches in the front of the order as the server does, and reads it only when the page lies near the front', () => {
      const asha = { searchFullName: 'asha rao', searchEmail: 'asha.rao@university.edu', searchRollNo: 'cse-2021-007' };
      expect(['RAO', 'University.EDU', 'cse-2021', 'a.r'].map((term) => matchesSearch(asha, term))).toEqual([true, true, true, true]);
      expect(['.*', 'asha  rao', 'gmail'].map((term) => matchesSearch(asha, term))).toEqual([false, false, false]);
      expect(matchesSearch({ searchFullName: 'asha rao' }, 'rao')).toBe(true);
      // every account matches: the first page of 20 lies within the first 50
      expect(searchWindow({ skip: 0, limit: 20 }, 20_000, 20_000)).toBe(50);
      expect(searchWindow({ skip: 20, limit: 20 }, 10_000, 20_000)).toBe(140);
      // one account in 200 matches, no match, or a deep page: the server finds them
      expect(searchWindow({ skip: 0, limit: 20 }, 100, 20_000)).toBeNull();
      expect(searchWindow({ skip: 0, limit: 20 }, 0, 20_000)).toBeNull();
      expect(searchWindow({ skip: 2_000, limit: 20 }, 20_000, 20_000)).toBeNull();
    });

    it('refuses a bad sort, order, role or page', async () => {
      for (const query of ['?sort=password', '?order=up', '?role=guest', '?page=0', '?limit=100000', '?page=x']) {
        expect([query, (await portal.read(`/api/admin/users${query}`)).status]).toEqual([query, 400]);
      }
    });
  });

  describe('user statistics', () => {
    it('counts users, active ones, those not verified yet, and each role; follows verification, role changes and deletions', async () => {
      // The callers: student, another student, suspended student, staff, admin; and the five this file made.
      expect(await stats()).toEqual({ totalUsers: 10, activeUsers: 8, pendingApprovals: 1, students: 6, staff: 3, admins: 1 });

      const userId = (await userIdByEmail(portal.command.deps.store, registeredEmail))!;
      const issued = (await portal.command.deps.store.readStream(userStreamId(userId))).findLast((event) => event.type === 'VerificationTokenIssued')!;
      const token = verificationToken(portal.command.deps.env.JWT_SECRET, userId, (issued.data as { expiresAt: string }).expiresAt);
      await portal.write('POST', '/api/auth/verify-email', { body: { token } });
      await portal.write('PUT', `/api/admin/users/${created.priya}/role`, { token: admin().token, body: { role: 'admin' } });
      await portal.write('DELETE', `/api/admin/users/${created.aarav}`, { token: admin().token });

      expect(await stats()).toEqual({ totalUsers: 9, activeUsers: 8, pendingApprovals: 0, students: 5, staff: 2, admins: 2 });
      expect((await list()).rows.find((row) => row._id === created.priya)?.role).toBe('admin');
      expect(idsOf((await list()).rows)).not.toContain(created.aarav);
    });
  });
});
