/**
 * The differential test of the read side (issue 14's definition of done): a generated season of a few
 * thousand events, its read models built by catch-up (the projectors' runners, in batches, from the
 * start of an event store of its own into a read-model database of its own), and every list and
 * dashboard endpoint the specs use, with each filter, sort and page, asked through the real query-api
 * and compared with a reference computed straight from the event log by the plain fold below, which
 * shares no code with the projections or the query side. Then a rebuild folded in memory is compared
 * with the catch-up byte for byte at the same scale.
 */
import {
  APPLICATION_STATUSES,
  JOB_CATEGORY_SUGGESTIONS,
  OFFER_TYPES,
  type ApplicationStatus,
  type JobStatus,
  type Role,
  type UserStatus,
} from '@placement/domain';
import { collectionOf, isolatedPostgresStore, issueToken, loadEnv, type EventStore, type RecordedEvent } from '@placement/platform';
import { applicationsProjection } from '../../projectors/src/projections/applications';
import { experiencesProjection } from '../../projectors/src/projections/experiences';
import { jobsProjection } from '../../projectors/src/projections/jobs';
import { trainingsProjection } from '../../projectors/src/projections/trainings';
import { usersProjection } from '../../projectors/src/projections/users';
import { appendAll, JOB_FIELDS, type PortalEvent } from '../../projectors/src/projections/test-history';
import { rebuildProjections } from '../../projectors/src/rebuild';
import { rawCollections, runToHead, scratchReadModels } from '../../projectors/src/test-support';
import { startQueryApi, type QueryApiUnderTest } from '../../query-api/src/test-support';
import { seededRandom } from '../support/portal-load';

const PROJECTIONS = [jobsProjection, applicationsProjection, usersProjection, experiencesProjection, trainingsProjection];

// ---------------------------------------------------------------------------------------------------
// The season: accounts, jobs posted, approved, rejected, edited and deleted, applications submitted,
// moved through statuses and deleted, accounts renamed, verified, suspended, promoted and deleted.
// Texts vary in case, hold regex characters and numbers (which sort by value); times and sort keys tie on
// purpose (ties sort by id).
// ---------------------------------------------------------------------------------------------------

const COMPANIES = ['Acme Analytics', 'ACME Robotics', 'beta Bank', 'Gamma C++ Games', 'Delta.Design (India)', 'Epsilon Energy', 'zeta Systems', 'Eta Health', '3M India', '21st Century Labs'];
const PROFILES = ['Data Analyst', 'Software Engineer', 'product intern', 'Business ANALYST', 'QA Engineer', 'Data Analyst 2', 'Data Analyst 10'];
const LOCATIONS = ['Bengaluru', 'Pune', 'Hyderabad', 'Remote', 'New Delhi', 'bengaluru (hybrid)'];
const SKILLS = ['SQL', 'Python', 'C++', 'Node.js', 'Excel', 'Figma', 'Go'];
const CATEGORIES = JOB_CATEGORY_SUGGESTIONS.slice(0, 6);
const FIRST = ['Asha', 'asha', 'Bala', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita'];
const LAST = ['Rao', 'Iyer', 'Khan', 'Menon', 'Das'];

interface Generated {
  events: PortalEvent[];
  admin: string;
  students: string[];
}

function generateSeason(scale: { students: number; jobs: number; steps: number; experiences: number; trainings: number }, seed: number): Generated {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const some = <T>(values: readonly T[], most: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(values)))];
  const id = (prefix: string) => `${prefix}${Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0')}`;
  const minutes = (n: number) => new Date(Date.UTC(2025, 5, 1) + n * 60_000).toISOString();
  const events: PortalEvent[] = [];
  const users = new Map<string, { role: Role; status: UserStatus; verified: boolean; fullName: string; email: string }>();
  const jobs = new Map<string, { status: JobStatus }>();
  const applications = new Map<string, { jobId: string; studentId: string; status: ApplicationStatus; fullName: string; email: string }>();
  const live = <T>(map: Map<string, T>, test: (value: T) => boolean = () => true) => [...map].filter(([, value]) => test(value)).map(([key]) => key);

  const account = (role: Role, n: number) => {
    const userId = id('u');
    const fullName = `${pick(FIRST)} ${pick(LAST)}`;
    const email = `${fullName.toLowerCase().replace(' ', '.')}.${n}@university.edu`;
    const rollNo = role === 'student' ? `R${100 + Math.floor(random() * 900)}` : null;
    if (role === 'student' && random() < 0.6) {
      events.push({ type: 'UserRegistered', data: { userId, fullName, email, rollNo: rollNo!, passwordHash: 'x', role, status: 'active', verified: false } });
      users.set(userId, { role, status: 'active', verified: false, fullName, email });
    } else {
      events.push({ type: 'UserCreatedByAdmin', data: { userId, fullName, email, mobileNo: '9000000000', rollNo, passwordHash: 'x', role, status: 'active', verified: true } });
      users.set(userId, { role, status: 'active', verified: true, fullName, email });
    }
    return userId;
  };
  const admin = account('admin', 0);
  account('staff', 1);
  account('staff', 2);
  const students = Array.from({ length: scale.students }, (_, n) => account('student', n + 3));

  let clock = 0;
  for (let n = 0; n < scale.jobs; n++) {
    const jobId = id('j');
    // One in seven posted the same minute as the one before: createdAt ties.
    if (random() > 1 / 7) clock += 1 + Math.floor(random() * 30);
    const status: JobStatus = random() < 0.75 ? 'approved' : 'pending';
    events.push({
      type: 'JobPosted',
      data: {
        jobId,
        ...JOB_FIELDS,
        companyName: `${pick(COMPANIES)} ${n % 9}`,
        profiles: pick(PROFILES),
        location: pick(LOCATIONS),
        offerType: some(OFFER_TYPES, 2),
        // A few skills and categories hold U+001F, the separator of the read model's joined search copies.
        skills: [...some(SKILLS, 3), ...(n % 40 === 3 ? ['Rust\u001fGo'] : [])],
        category: [...some(CATEGORIES, 2), ...(n % 40 === 5 ? ['Ops\u001fSupport'] : [])],
        ctcOrStipend: `${3 + Math.floor(random() * 30)} LPA`,
        dateOfJoining: random() < 0.5 ? '2020-07-01' : '2099-07-01',
        source: status === 'approved' ? 'admin' : 'public',
        status,
        postedAt: minutes(clock),
      },
    });
    jobs.set(jobId, { status });
  }

  for (let step = 0; step < scale.steps; step++) {
    // Before the first application, only submissions.
    const dice = applications.size === 0 ? 0 : random();
    const activeStudents = live(users, (user) => user.role === 'student' && user.status === 'active');
    if (dice < 0.52) {
      const jobId = pick(live(jobs, (job) => job.status === 'approved'));
      const studentId = pick(activeStudents);
      const applicationId = id('a');
      if (random() > 1 / 6) clock += 1 + Math.floor(random() * 5);
      const fullName = `${pick(FIRST)} Form`;
      const email = `${pick(['Form', 'form', 'ZED'])}.${applicationId}@Example.com`;
      events.push({ type: 'ApplicationSubmitted', data: { applicationId, jobId, studentId, fullName, email, phone: '9111111111', resumeKey: `resumes/${applicationId}/cv.pdf`, status: 'Applied', appliedAt: minutes(clock) } });
      applications.set(applicationId, { jobId, studentId, status: 'Applied', fullName, email });
    } else if (dice < 0.86) {
      const applicationId = pick(live(applications));
      const application = applications.get(applicationId)!;
      const to = pick(APPLICATION_STATUSES.filter((status) => status !== application.status));
      events.push({ type: 'ApplicationStatusChanged', data: { applicationId, jobId: application.jobId, studentId: application.studentId, fullName: application.fullName, email: application.email, from: application.status, to } });
      application.status = to;
    } else if (dice < 0.88) {
      const applicationId = pick(live(applications));
      const application = applications.get(applicationId)!;
      events.push({ type: 'ApplicationDeleted', data: { applicationId, jobId: application.jobId, studentId: application.studentId, status: application.status } });
      applications.delete(applicationId);
    } else if (dice < 0.91) {
      const jobId = pick(live(jobs));
      const after = random() < 0.5 ? { companyName: `${pick(COMPANIES)} edited`, location: pick(LOCATIONS) } : { profiles: pick(PROFILES), skills: some(SKILLS, 3) };
      events.push({ type: 'JobEdited', data: { jobId, before: {}, after } });
    } else if (dice < 0.93) {
      const jobId = pick(live(jobs, (job) => job.status !== 'rejected'));
      const job = jobs.get(jobId)!;
      const to: JobStatus = job.status === 'pending' && random() < 0.5 ? 'approved' : 'rejected';
      events.push(to === 'approved' ? { type: 'JobApproved', data: { jobId, from: job.status } } : { type: 'JobRejected', data: { jobId, from: job.status } });
      job.status = to;
    } else if (dice < 0.935) {
      const jobId = pick(live(jobs));
      events.push({ type: 'JobDeleted', data: { jobId, status: jobs.get(jobId)!.status } });
      jobs.delete(jobId);
    } else if (dice < 0.96) {
      const userId = pick(activeStudents);
      const user = users.get(userId)!;
      const fullName = `${pick(FIRST)} ${pick(LAST)}-${step}`;
      const email = random() < 0.3 ? `renamed.${step}@university.edu` : undefined;
      events.push({ type: 'UserDetailsChanged', data: { userId, before: { fullName: user.fullName }, after: { fullName, ...(email ? { email } : {}) } } });
      user.fullName = fullName;
      if (email) user.email = email;
    } else if (dice < 0.99) {
      const unverified = live(users, (user) => !user.verified);
      if (unverified.length === 0) continue;
      const userId = pick(unverified);
      events.push({ type: 'EmailVerified', data: { userId } });
      users.get(userId)!.verified = true;
    } else if (dice < 0.993) {
      const userId = pick(activeStudents.slice(5));
      events.push({ type: 'UserStatusChanged', data: { userId, from: 'active', to: 'suspended' } });
      users.get(userId)!.status = 'suspended';
    } else if (dice < 0.995) {
      const userId = pick(activeStudents.slice(5));
      events.push({ type: 'UserRoleChanged', data: { userId, from: 'student', to: 'staff' } });
      users.get(userId)!.role = 'staff';
    } else {
      const userId = pick(activeStudents.slice(5));
      const user = users.get(userId)!;
      events.push({ type: 'UserDeleted', data: { userId, email: user.email, role: user.role, status: user.status, verified: user.verified } });
      users.delete(userId);
    }
  }
  // Interview experiences: shared or held for review, approved, edited, removed; postedDates that tie.
  const experiences = new Map<string, { status: 'pending' | 'approved' }>();
  for (let n = 0; n < scale.experiences; n++) {
    const experienceId = id('e');
    const type = random() < 0.7 ? 'ExperienceShared' : 'ExperienceSubmitted';
    events.push({
      type,
      data: {
        experienceId,
        companyName: `${pick(COMPANIES)}`,
        role: pick(PROFILES),
        author: `${pick(FIRST)} ${pick(LAST)}`,
        batch: '2024',
        course: 'B.Tech',
        interviewLocation: 'Campus',
        offerStatus: 'Accepted',
        experienceRating: 'Amazing',
        difficulty: 'Medium',
        rounds: [{ name: 'Aptitude', description: 'Forty questions' }],
        postedDate: minutes(Math.floor(n / 3) * 60),
      },
    });
    experiences.set(experienceId, { status: type === 'ExperienceShared' ? 'approved' : 'pending' });
  }
  for (let step = 0; step < scale.experiences / 2; step++) {
    const experienceId = pick(live(experiences));
    const dice = random();
    if (dice < 0.4 && experiences.get(experienceId)!.status === 'pending') {
      events.push({ type: 'ExperienceApproved', data: { experienceId, companyName: 'x', role: 'x' } });
      experiences.get(experienceId)!.status = 'approved';
    } else if (dice < 0.85) {
      events.push({ type: 'ExperienceEdited', data: { experienceId, before: {}, after: random() < 0.5 ? { companyName: `${pick(COMPANIES)} (edited)` } : { role: pick(PROFILES), author: `${pick(FIRST)} Edited` } } });
    } else {
      events.push({ type: 'ExperienceRemoved', data: { experienceId, companyName: 'x', role: 'x' } });
      experiences.delete(experienceId);
    }
  }
  // Trainings long past and far ahead (so that 'upcoming' does not move while the test runs), edited and cancelled.
  const trainings: string[] = [];
  const trainingDate = () => new Date(Date.UTC(random() < 0.5 ? 2020 : 2099, Math.floor(random() * 12), 1 + Math.floor(random() * 5), 10)).toISOString();
  for (let n = 0; n < scale.trainings; n++) {
    const trainingId = id('t');
    events.push({ type: 'TrainingScheduled', data: { trainingId, title: `Workshop ${n}`, description: 'Hands-on session', date: trainingDate(), duration: '2 hours', mode: 'Online', registrationLink: 'https://forms.example/register' } });
    trainings.push(trainingId);
  }
  for (const trainingId of trainings.slice(0, 6)) events.push({ type: 'TrainingEdited', data: { trainingId, before: {}, after: { date: trainingDate(), title: 'Resume clinic' } } });
  for (const trainingId of trainings.slice(6, 9)) events.push({ type: 'TrainingCancelled', data: { trainingId, title: 'x' } });
  // The first students are never suspended, promoted or deleted above: they sign in below.
  return { events, admin, students: students.slice(0, 3) };
}

// ---------------------------------------------------------------------------------------------------
// The reference: a plain fold of the log, and each list computed from it as the spec says.
// ---------------------------------------------------------------------------------------------------

interface RefJob {
  _id: string;
  status: JobStatus;
  companyName: string;
  profiles: string;
  location: string;
  offerType: string[];
  skills: string[];
  category: string[];
  ctcOrStipend: string;
  dateOfJoining: string;
  createdAt: string;
  applicationCount: number;
}
interface RefAccount {
  fullName: string;
  email: string;
  phone: string | null;
  rollNo: string | null;
}
interface RefApplication {
  _id: string;
  jobId: string;
  studentId: string;
  status: ApplicationStatus;
  appliedDate: string;
  fullName: string;
  email: string;
  applicant: RefAccount;
}
interface RefUser extends RefAccount {
  _id: string;
  role: Role;
  status: UserStatus;
  verified: boolean;
  createdAt: string;
}

interface RefExperience {
  _id: string;
  companyName: string;
  role: string;
  author: string;
  postedDate: string;
  status: 'pending' | 'approved';
}
interface RefTraining {
  _id: string;
  title: string;
  date: string;
}

interface Reference {
  jobs: Map<string, RefJob>;
  applications: Map<string, RefApplication>;
  users: Map<string, RefUser>;
  experiences: Map<string, RefExperience>;
  trainings: Map<string, RefTraining>;
}

/** The fields the fold reads, each as whatever type its event gives it. */
type EventData = {
  readonly [Field in
    | 'userId' | 'fullName' | 'email' | 'mobileNo' | 'rollNo' | 'role' | 'status' | 'verified' | 'to' | 'jobId' | 'companyName' | 'profiles' | 'location'
    | 'offerType' | 'skills' | 'category' | 'ctcOrStipend' | 'dateOfJoining' | 'postedAt' | 'applicationId' | 'studentId' | 'appliedAt'
    | 'experienceId' | 'role' | 'author' | 'postedDate' | 'trainingId' | 'title' | 'date']: never;
};

function foldLog(log: readonly RecordedEvent[]): Reference {
  const jobs = new Map<string, RefJob>();
  const applications = new Map<string, RefApplication>();
  const users = new Map<string, RefUser>();
  const experiences = new Map<string, RefExperience>();
  const trainings = new Map<string, RefTraining>();
  // The last known account fields of every account ever made (deleted accounts keep them on their applications).
  const accounts = new Map<string, RefAccount>();
  for (const event of log) {
    const data = event.data as EventData;
    switch (event.type) {
      case 'UserRegistered':
      case 'UserCreatedByAdmin': {
        const fields: RefAccount = { fullName: data.fullName, email: data.email, phone: event.type === 'UserRegistered' ? null : data.mobileNo, rollNo: data.rollNo };
        accounts.set(data.userId, fields);
        users.set(data.userId, { _id: data.userId, ...fields, role: data.role, status: data.status, verified: data.verified, createdAt: event.metadata.occurredAt });
        break;
      }
      case 'UserDetailsChanged': {
        const after = (event.data as { after: Partial<RefAccount> }).after;
        Object.assign(users.get(data.userId)!, after);
        Object.assign(accounts.get(data.userId)!, after);
        for (const application of applications.values()) if (application.studentId === data.userId) Object.assign(application.applicant, after);
        break;
      }
      case 'EmailVerified':
        users.get(data.userId)!.verified = true;
        break;
      case 'UserStatusChanged':
        users.get(data.userId)!.status = data.to;
        break;
      case 'UserRoleChanged':
        users.get(data.userId)!.role = data.to;
        break;
      case 'UserDeleted':
        users.delete(data.userId);
        break;
      case 'JobPosted':
        jobs.set(data.jobId, {
          _id: data.jobId,
          status: data.status,
          companyName: data.companyName,
          profiles: data.profiles,
          location: data.location,
          offerType: data.offerType,
          skills: data.skills,
          category: data.category,
          ctcOrStipend: data.ctcOrStipend,
          dateOfJoining: data.dateOfJoining,
          createdAt: data.postedAt,
          applicationCount: 0,
        });
        break;
      case 'JobEdited':
        Object.assign(jobs.get(data.jobId)!, (event.data as { after: Partial<RefJob> }).after);
        break;
      case 'JobApproved':
        jobs.get(data.jobId)!.status = 'approved';
        break;
      case 'JobRejected':
        jobs.get(data.jobId)!.status = 'rejected';
        break;
      case 'JobDeleted':
        jobs.delete(data.jobId);
        break;
      case 'ApplicationSubmitted': {
        const job = jobs.get(data.jobId);
        if (job) job.applicationCount += 1;
        applications.set(data.applicationId, {
          _id: data.applicationId,
          jobId: data.jobId,
          studentId: data.studentId,
          status: data.status,
          appliedDate: data.appliedAt,
          fullName: data.fullName,
          email: data.email,
          applicant: { ...accounts.get(data.studentId)! },
        });
        break;
      }
      case 'ApplicationStatusChanged':
        applications.get(data.applicationId)!.status = data.to;
        break;
      case 'ApplicationDeleted': {
        const job = jobs.get(data.jobId);
        if (job) job.applicationCount -= 1;
        applications.delete(data.applicationId);
        break;
      }
      case 'ExperienceShared':
      case 'ExperienceSubmitted':
        experiences.set(data.experienceId, {
          _id: data.experienceId,
          companyName: data.companyName,
          role: data.role,
          author: data.author,
          postedDate: data.postedDate,
          status: event.type === 'ExperienceShared' ? 'approved' : 'pending',
        });
        break;
      case 'ExperienceApproved':
        experiences.get(data.experienceId)!.status = 'approved';
        break;
      case 'ExperienceEdited':
        Object.assign(experiences.get(data.experienceId)!, (event.data as { after: Partial<RefExperience> }).after);
        break;
      case 'ExperienceRemoved':
        experiences.delete(data.experienceId);
        break;
      case 'TrainingScheduled':
        trainings.set(data.trainingId, { _id: data.trainingId, title: data.title, date: data.date });
        break;
      case 'TrainingEdited':
        Object.assign(trainings.get(data.trainingId)!, (event.data as { after: Partial<RefTraining> }).after);
        break;
      case 'TrainingCancelled':
        trainings.delete(data.trainingId);
        break;
    }
  }
  return { jobs, applications, users, experiences, trainings };
}

type Direction = 'asc' | 'desc';
type Key<T> = (item: T & { _id: string }) => string | number | null;

/** Sorted by one key, ties by id in the same direction (what every list promises). */
function sorted<T extends { _id: string }>(items: Iterable<T>, keys: Key<T>[], directions: Direction[]): T[] {
  const compare = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [...items].sort((a, b) => {
    for (const [index, key] of keys.entries()) {
      const order = compare(key(a), key(b));
      if (order !== 0) return directions[index] === 'asc' ? order : -order;
    }
    const order = compare(a._id, b._id);
    return directions[directions.length - 1] === 'asc' ? order : -order;
  });
}

interface Paged<T> {
  items: T[];
  total: number;
}
function paged<T>(items: T[], query: Record<string, string>, defaultSize: number): Paged<T> {
  if (query.page === undefined && query.limit === undefined) return { items, total: items.length };
  const limit = Number(query.limit ?? defaultSize);
  const skip = (Number(query.page ?? 1) - 1) * limit;
  return { items: items.slice(skip, skip + limit), total: items.length };
}

const holds = (field: string | null | undefined, text: string) => field !== null && field !== undefined && field.toLowerCase().includes(text.trim().toLowerCase());
const anyHolds = (fields: readonly string[], text: string) => fields.some((field) => holds(field, text));
const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
/**
 * The order of a text column: lower-cased, numbers by their value (each run of digits padded to one
 * width), the season's texts being far below the key's 200 characters.
 */
const textKey = (text: string) => text.toLowerCase().replace(/[0-9]+/g, (run) => run.replace(/^0+(?=[0-9])/, '').padStart(40, '0'));

function jobsMatching(reference: Reference, query: Record<string, string>, status: string | undefined): RefJob[] {
  const offerTypes = list(query.offerType).filter((type) => type !== 'All Types');
  return [...reference.jobs.values()].filter(
    (job) =>
      (status === undefined || job.status === status) &&
      (!query.search?.trim() || anyHolds([job.profiles, job.companyName, job.location, ...job.skills, ...job.category], query.search)) &&
      (!query.companyName?.trim() || holds(job.companyName, query.companyName)) &&
      (!query.profiles?.trim() || holds(job.profiles, query.profiles)) &&
      (!query.location?.trim() || holds(job.location, query.location)) &&
      (offerTypes.length === 0 || job.offerType.some((type) => offerTypes.includes(type))) &&
      list(query.skills).every((skill) => anyHolds(job.skills, skill)) &&
      list(query.category).every((category) => anyHolds(job.category, category)),
  );
}

const jobView = (job: RefJob) => ({
  _id: job._id,
  status: job.status,
  companyName: job.companyName,
  profiles: job.profiles,
  location: job.location,
  offerType: job.offerType,
  skills: job.skills,
  category: job.category,
  createdAt: job.createdAt,
  applicationCount: job.applicationCount,
});

const JOB_SORT_KEYS: Record<string, Key<RefJob>> = {
  company: (job) => textKey(job.companyName),
  profile: (job) => textKey(job.profiles),
  offerType: (job) => textKey(job.offerType.join(', ')),
  location: (job) => textKey(job.location),
  ctcOrStipend: (job) => textKey(job.ctcOrStipend),
  createdAt: (job) => job.createdAt,
  status: (job) => job.status,
  applicationCount: (job) => job.applicationCount,
};

function expectedPublicJobs(reference: Reference, query: Record<string, string>, studentId?: string) {
  const newestFirst = sorted(jobsMatching(reference, query, 'approved'), [JOB_SORT_KEYS.createdAt!], ['desc']);
  const { items, total } = paged(newestFirst, query, 6);
  const applied = new Set([...reference.applications.values()].filter((application) => application.studentId === studentId).map((application) => application.jobId));
  return { count: total, data: items.map((job) => ({ ...jobView(job), ...(studentId ? { hasApplied: applied.has(job._id) } : {}) })) };
}

function expectedAdminJobs(reference: Reference, query: Record<string, string>) {
  const column = query.sort ?? 'createdAt';
  const direction = (query.order ?? (column === 'createdAt' ? 'desc' : 'asc')) as Direction;
  const status = query.status === 'all' ? undefined : query.status;
  const { items, total } = paged(sorted(jobsMatching(reference, query, status), [JOB_SORT_KEYS[column]!], [direction]), query, 6);
  return { count: total, data: items.map(jobView) };
}

function expectedReviewJobs(reference: Reference, query: Record<string, string>) {
  const column = query.sort ?? 'createdAt';
  const direction = (query.order ?? (['createdAt', 'applicationCount'].includes(column) ? 'desc' : 'asc')) as Direction;
  const { items, total } = paged(sorted(reference.jobs.values(), [JOB_SORT_KEYS[column]!], [direction]), query, 50);
  return { total, items: items.map(jobView) };
}

const APPLICATION_SORT_KEYS: Record<string, Key<RefApplication>> = {
  name: (application) => textKey(application.applicant.fullName),
  email: (application) => textKey(application.email),
  status: (application) => application.status,
  appliedDate: (application) => application.appliedDate,
};

function reviewedView(reference: Reference, application: RefApplication) {
  const job = reference.jobs.get(application.jobId);
  return {
    _id: application._id,
    status: application.status,
    appliedDate: application.appliedDate,
    fullName: application.fullName,
    email: application.email,
    userId: { _id: application.studentId, fullName: application.applicant.fullName, email: application.applicant.email, phone: application.applicant.phone, rollNo: application.applicant.rollNo },
    jobId: job ? { _id: job._id, companyName: job.companyName, profiles: job.profiles, location: job.location, ctcOrStipend: job.ctcOrStipend, offerType: job.offerType } : null,
  };
}

function expectedApplications(reference: Reference, query: Record<string, string>) {
  const column = query.sort ?? 'appliedDate';
  const direction = (query.order ?? (column === 'appliedDate' ? 'desc' : 'asc')) as Direction;
  const matching = [...reference.applications.values()].filter((application) => (!query.jobId || application.jobId === query.jobId) && (!query.status || application.status === query.status));
  const { items, total } = paged(sorted(matching, [APPLICATION_SORT_KEYS[column]!], [direction]), query, 50);
  return { total, items: items.map((application) => reviewedView(reference, application)) };
}

function expectedOwnApplications(reference: Reference, studentId: string, query: Record<string, string>) {
  const own = [...reference.applications.values()].filter((application) => application.studentId === studentId);
  const { items, total } = paged(sorted(own, [APPLICATION_SORT_KEYS.appliedDate!], ['desc']), query, 50);
  return {
    total,
    items: items.map((application) => {
      const { _id, status, appliedDate, jobId } = reviewedView(reference, application);
      return { _id, status, appliedDate, jobId };
    }),
  };
}

const USER_SORT_KEYS: Record<string, Key<RefUser>> = {
  fullName: (user) => textKey(user.fullName),
  email: (user) => textKey(user.email),
  role: (user) => user.role,
  status: (user) => user.status,
  createdAt: (user) => user.createdAt,
};

function expectedUsers(reference: Reference, query: Record<string, string>) {
  const column = query.sort ?? 'createdAt';
  const direction = (query.order ?? (column === 'createdAt' ? 'desc' : 'asc')) as Direction;
  const matching = [...reference.users.values()].filter(
    (user) => (!query.role || query.role === 'all' || user.role === query.role) && (!query.search?.trim() || anyHolds([user.fullName, user.email, user.rollNo ?? ''].filter((field) => field !== ''), query.search)),
  );
  const { items, total } = paged(sorted(matching, [USER_SORT_KEYS[column]!], [direction]), query, 50);
  return { total, items: items.map((user) => ({ _id: user._id, fullName: user.fullName, email: user.email, role: user.role, status: user.status, verified: user.verified, createdAt: user.createdAt, rollNo: user.rollNo })) };
}

function expectedStats(reference: Reference, today: string) {
  const jobs = [...reference.jobs.values()];
  const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
  const approvedJobs = count(jobs, (job) => job.status === 'approved');
  const activeJobs = count(jobs, (job) => job.status === 'approved' && job.dateOfJoining.slice(0, 10) >= today);
  const applications = [...reference.applications.values()];
  const byStatus = (status: ApplicationStatus) => count(applications, (application) => application.status === status);
  const approved = byStatus('Accepted');
  const rejected = byStatus('Rejected');
  const users = [...reference.users.values()];
  return {
    jobs: { totalJobs: jobs.length, activeJobs, expiredJobs: approvedJobs - activeJobs, pendingJobs: count(jobs, (job) => job.status === 'pending'), approvedJobs, rejectedJobs: count(jobs, (job) => job.status === 'rejected') },
    applications: {
      totalApplications: applications.length,
      pendingReview: byStatus('Applied') + byStatus('Under Review') + byStatus('Scheduled'),
      approved,
      rejected,
      approvalRate: approved + rejected === 0 ? 0 : Math.round((approved / (approved + rejected)) * 1000) / 10,
    },
    users: {
      totalUsers: users.length,
      activeUsers: count(users, (user) => user.status === 'active'),
      pendingApprovals: count(users, (user) => !user.verified),
      students: count(users, (user) => user.role === 'student'),
      staff: count(users, (user) => user.role === 'staff'),
      admins: count(users, (user) => user.role === 'admin'),
    },
  };
}

const experienceView = ({ _id, companyName, role, author, postedDate, status }: RefExperience) => ({ _id, companyName, role, author, postedDate, status });
const EXPERIENCE_SORTS: Record<string, { keys: Key<RefExperience>[]; directions: Direction[] }> = {
  dateDesc: { keys: [(experience) => experience.postedDate], directions: ['desc'] },
  dateAsc: { keys: [(experience) => experience.postedDate], directions: ['asc'] },
  companyAsc: { keys: [(experience) => textKey(experience.companyName), (experience) => experience.postedDate], directions: ['asc', 'desc'] },
  companyDesc: { keys: [(experience) => textKey(experience.companyName), (experience) => experience.postedDate], directions: ['desc', 'desc'] },
};

function expectedExperiences(reference: Reference, query: Record<string, string>) {
  const listed = [...reference.experiences.values()].filter(
    (experience) => experience.status === 'approved' && (!query.company?.trim() || holds(experience.companyName, query.company)) && (!query.role?.trim() || holds(experience.role, query.role)),
  );
  const { keys, directions } = EXPERIENCE_SORTS[query.sort ?? 'dateDesc']!;
  const { items, total } = paged(sorted(listed, keys, directions), query, 5);
  return { total, items: items.map(experienceView) };
}

function expectedManagedExperiences(reference: Reference, query: Record<string, string>) {
  const matching = [...reference.experiences.values()].filter(
    (experience) => (!query.search?.trim() || anyHolds([experience.companyName, experience.role, experience.author], query.search)) && (!query.status || experience.status === query.status),
  );
  const { keys, directions } = EXPERIENCE_SORTS.dateDesc!;
  const { items, total } = paged(sorted(matching, keys, directions), query, 5);
  return { total, items: items.map(experienceView) };
}

function expectedTrainings(reference: Reference, query: Record<string, string>, now: string) {
  const matching = [...reference.trainings.values()].filter((training) => query.upcoming !== 'true' || training.date >= now);
  const { items, total } = paged(sorted(matching, [(training) => training.date], ['asc']), query, 50);
  return { total, items: items.map(({ _id, title, date }) => ({ _id, title, date })) };
}

/** The fields of a reply item the reference computes (a reply has more: every posted field, files, search copies stay out). */
function subset(item: Record<string, unknown>, like: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(like).map(([field, value]) => {
      const got = item[field];
      return [field, value && typeof value === 'object' && !Array.isArray(value) && got && typeof got === 'object' ? subset(got as Record<string, unknown>, value as Record<string, unknown>) : got];
    }),
  );
}

// ---------------------------------------------------------------------------------------------------

const SCALE = { students: 90, jobs: 240, steps: 3600, experiences: 90, trainings: 40 };

describe('differential: every list endpoint against a fold of the event log, read models built by catch-up', () => {
  const env = loadEnv();
  let store: EventStore;
  let dispose: () => Promise<void>;
  let query: QueryApiUnderTest;
  let reference: Reference;
  let season: Generated;
  let log: RecordedEvent[];
  const token = (id: string, role: Role) => issueToken({ secret: env.JWT_SECRET, expiresIn: env.JWT_EXPIRES_IN }, { id, role, sessionVersion: 0 });
  let adminToken: string;

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    // The query-api reads a read-model database of its own; the projections start once the season is written.
    query = await startQueryApi({ store });
    season = generateSeason(SCALE, 14);
    await appendAll(store, season.events);
    for (const projection of PROJECTIONS) await runToHead(projection, store, query.db, 240_000);
    log = [];
    for (let batch = await store.readAll({ maxCount: 5000 }); batch.length > 0; batch = await store.readAll({ fromPosition: batch.at(-1)!.position, maxCount: 5000 })) log.push(...batch);
    reference = foldLog(log);
    adminToken = token(season.admin, 'admin');
  }, 600_000);
  afterAll(async () => {
    await query?.stop();
    await dispose?.();
  }, 60_000);

  const get = async (path: string, params: Record<string, string>, bearer?: string) => {
    const reply = await query.get(`${path}?${new URLSearchParams(params).toString()}`, bearer ? { token: bearer } : {});
    expect(reply.status).toBe(200);
    return { body: reply.body as never, total: Number(reply.headers.get('x-total-count')) };
  };

  it('generates a season of a few thousand events touching every list', () => {
    expect(log.length).toBeGreaterThan(3000);
    expect(reference.jobs.size).toBeGreaterThan(100);
    expect(reference.applications.size).toBeGreaterThan(1000);
    for (const type of ['JobEdited', 'JobDeleted', 'JobRejected', 'ApplicationDeleted', 'UserDetailsChanged', 'UserDeleted', 'UserRoleChanged', 'UserStatusChanged', 'EmailVerified', 'ExperienceApproved', 'ExperienceEdited', 'ExperienceRemoved', 'TrainingEdited', 'TrainingCancelled']) {
      expect(log.some((event) => event.type === type)).toBe(true);
    }
  });

  const PUBLIC_QUERIES: Record<string, string>[] = [
    {},
    { page: '1' },
    { page: '4' },
    { page: '2', limit: '25' },
    { page: '999' },
    { search: 'acme' },
    { search: 'ANALYST' },
    { search: 'c++' },
    { search: 'node.js' },
    { search: '(india)' },
    { search: '  pune ', page: '1' },
    { search: 'no such thing' },
    { location: 'bengal' },
    { location: 'Remote', page: '2' },
    { offerType: 'Internship + PPO' },
    { offerType: 'Apprenticeship,Summer Internship', page: '1' },
    { offerType: 'All Types' },
    { skills: 'sql' },
    { skills: 'python,SQL' },
    { category: CATEGORIES[0]!.slice(0, 5) },
    { search: 'a', location: 'e', offerType: 'Full time Employment', page: '2' },
    // Terms holding U+001F match inside one skill or category, never across two.
    { skills: 'rust\u001fgo' },
    { skills: 'go\u001frust' },
    { skills: 'sql,RUST\u001f' },
    { category: 'ops\u001fsupport' },
    { search: '\u001fGO' },
    { search: 'sql\u001f' },
  ];

  it.each(PUBLIC_QUERIES.map((params) => [JSON.stringify(params), params]))('the job listing %s as a visitor', async (_name, params) => {
    const { body, total } = await get('/api/jobs', params);
    const expected = expectedPublicJobs(reference, params);
    const reply = body as { count: number; data: Record<string, unknown>[] };
    expect(reply.count).toBe(expected.count);
    expect(total).toBe(expected.count);
    expect(reply.data.map((job, index) => subset(job, expected.data[index] ?? {}))).toEqual(expected.data);
    expect(reply.data).toHaveLength(expected.data.length);
  });

  it("the job listing as each student: 'Already Applied' on the jobs they applied to", async () => {
    for (const studentId of season.students) {
      for (const params of [{}, { page: '2' }, { search: 'engineer' }] as Record<string, string>[]) {
        const { body } = await get('/api/jobs', params, token(studentId, 'student'));
        const expected = expectedPublicJobs(reference, params, studentId);
        const reply = body as { count: number; data: Record<string, unknown>[] };
        expect(reply.count).toBe(expected.count);
        expect(reply.data.map((job, index) => subset(job, expected.data[index] ?? {}))).toEqual(expected.data);
      }
    }
  });

  const ADMIN_JOB_QUERIES: Record<string, string>[] = [
    {},
    { status: 'pending' },
    { status: 'approved', page: '3' },
    { status: 'rejected' },
    { status: 'all', page: '2', limit: '20' },
    { companyName: 'acme' },
    { profiles: 'ANALYST', status: 'approved' },
    { search: 'design', location: 'delhi' },
    ...['company', 'profile', 'offerType', 'location', 'createdAt', 'status'].flatMap((sort): Record<string, string>[] => [{ sort }, { sort, order: 'asc', page: '2', limit: '15' }, { sort, order: 'desc', page: '1' }]),
  ];

  it.each(ADMIN_JOB_QUERIES.map((params) => [JSON.stringify(params), params]))('the admin job table %s', async (_name, params) => {
    const { body, total } = await get('/api/jobs/admin/jobs', params, adminToken);
    const expected = expectedAdminJobs(reference, params);
    const reply = body as { count: number; data: Record<string, unknown>[] };
    expect(reply.count).toBe(expected.count);
    expect(total).toBe(expected.count);
    expect(reply.data.map((job, index) => subset(job, expected.data[index] ?? {}))).toEqual(expected.data);
    expect(reply.data).toHaveLength(expected.data.length);
  });

  const REVIEW_JOB_QUERIES: Record<string, string>[] = [
    {},
    ...['profile', 'company', 'ctcOrStipend', 'location', 'applicationCount', 'createdAt'].flatMap((sort): Record<string, string>[] => [{ sort }, { sort, order: 'asc', page: '2', limit: '20' }, { sort, order: 'desc', page: '1' }]),
    // By count, pages of the counts collection (many ties, broken by id) deep into the list and past its end.
    { sort: 'applicationCount', page: '5', limit: '20' },
    { sort: 'applicationCount', order: 'asc', page: '3', limit: '7' },
    { sort: 'applicationCount', page: '99', limit: '20' },
  ];

  it.each(REVIEW_JOB_QUERIES.map((params) => [JSON.stringify(params), params]))("the application review's job table %s", async (_name, params) => {
    const { body, total } = await get('/applications/jobs', params, adminToken);
    const expected = expectedReviewJobs(reference, params);
    expect(total).toBe(expected.total);
    expect((body as Record<string, unknown>[]).map((job, index) => subset(job, expected.items[index] ?? {}))).toEqual(expected.items);
    expect(body as unknown[]).toHaveLength(expected.items.length);
  });

  const someJobs = () => {
    const byCount = sorted(reference.jobs.values(), [(job) => job.applicationCount], ['desc']);
    const deletedWithApplications = [...new Set([...reference.applications.values()].map((application) => application.jobId))].find((jobId) => !reference.jobs.has(jobId))!;
    return [byCount[0]!._id, byCount[5]!._id, deletedWithApplications];
  };

  const APPLICATION_QUERIES: Record<string, string>[] = [
    {},
    ...APPLICATION_STATUSES.map((status): Record<string, string> => ({ status })),
    { status: 'Applied', page: '2', limit: '30' },
    ...['name', 'email', 'status', 'appliedDate'].flatMap((sort): Record<string, string>[] => [{ sort }, { sort, order: 'asc', page: '3' }, { sort, order: 'desc', page: '1', limit: '40' }]),
  ];

  it.each(APPLICATION_QUERIES.map((params) => [JSON.stringify(params), params]))('applications across jobs %s', async (_name, params) => {
    const { body, total } = await get('/api/applications', params, adminToken);
    const expected = expectedApplications(reference, params);
    expect(total).toBe(expected.total);
    expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
    expect(body as unknown[]).toHaveLength(expected.items.length);
  });

  it("one job's applications, and applications by job, with each status and sort (a deleted job's included)", async () => {
    for (const jobId of someJobs()) {
      for (const params of [{}, { status: 'Under Review' }, { sort: 'name' }, { sort: 'email', order: 'desc' }, { sort: 'status', page: '1', limit: '3' }, { sort: 'appliedDate', order: 'asc' }] as Record<string, string>[]) {
        const one = await get(`/applications/applications/${jobId}`, params, adminToken);
        const across = await get('/api/applications', { ...params, jobId }, adminToken);
        const expected = expectedApplications(reference, { ...params, jobId });
        for (const { body, total } of [one, across]) {
          expect(total).toBe(expected.total);
          expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
        }
      }
    }
  });

  it("each student's own applications, whole and paged", async () => {
    for (const studentId of season.students) {
      for (const params of [{}, { page: '1', limit: '5' }, { page: '2', limit: '5' }] as Record<string, string>[]) {
        const { body, total } = await get('/api/applications/my-applications', params, token(studentId, 'student'));
        const expected = expectedOwnApplications(reference, studentId, params);
        expect(total).toBe(expected.total);
        expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
        expect(body as unknown[]).toHaveLength(expected.items.length);
      }
    }
  });

  const USER_QUERIES: Record<string, string>[] = [
    {},
    ...['student', 'staff', 'admin', 'all'].map((role): Record<string, string> => ({ role })),
    { search: 'asha' },
    { search: 'R1', role: 'student' },
    { search: '@UNIVERSITY', page: '2', limit: '20' },
    { search: 'renamed' },
    ...['fullName', 'email', 'role', 'status', 'createdAt'].flatMap((sort): Record<string, string>[] => [{ sort }, { sort, order: 'asc', page: '2', limit: '25' }, { sort, order: 'desc', page: '1' }]),
  ];

  it.each(USER_QUERIES.map((params) => [JSON.stringify(params), params]))('the user table %s', async (_name, params) => {
    const { body, total } = await get('/api/admin/users', params, adminToken);
    const expected = expectedUsers(reference, params);
    expect(total).toBe(expected.total);
    expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
    expect(body as unknown[]).toHaveLength(expected.items.length);
  });

  const EXPERIENCE_QUERIES: Record<string, string>[] = [
    {},
    ...['dateDesc', 'dateAsc', 'companyAsc', 'companyDesc'].flatMap((sort): Record<string, string>[] => [{ sort }, { sort, page: '2' }, { sort, page: '1', limit: '12' }]),
    { company: 'acme' },
    { company: '(EDITED)', sort: 'companyAsc' },
    { role: 'analyst', page: '1' },
    { company: 'a', role: 'e', sort: 'dateAsc', page: '2' },
  ];

  it.each(EXPERIENCE_QUERIES.map((params) => [JSON.stringify(params), params]))('interview experiences %s', async (_name, params) => {
    const { body, total } = await get('/api/interview-experiences', params, adminToken);
    const expected = expectedExperiences(reference, params);
    expect(total).toBe(expected.total);
    expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
    expect(body as unknown[]).toHaveLength(expected.items.length);
  });

  it('the interview experiences management list, with each search, status and page', async () => {
    for (const params of [{}, { status: 'pending' }, { status: 'approved', page: '2' }, { search: 'edited' }, { search: 'ASHA', page: '1' }, { search: 'bank', status: 'approved' }] as Record<string, string>[]) {
      const { body, total } = await get('/api/interview-experiences/manage', params, adminToken);
      const expected = expectedManagedExperiences(reference, params);
      expect(total).toBe(expected.total);
      expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
      expect(body as unknown[]).toHaveLength(expected.items.length);
    }
  });

  it('the trainings, all and upcoming, whole and paged', async () => {
    for (const params of [{}, { upcoming: 'true' }, { page: '2', limit: '7' }, { upcoming: 'true', page: '1', limit: '5' }] as Record<string, string>[]) {
      const { body, total } = await get('/api/trainings', params, adminToken);
      const expected = expectedTrainings(reference, params, new Date().toISOString());
      expect(total).toBe(expected.total);
      expect((body as Record<string, unknown>[]).map((item, index) => subset(item, expected.items[index] ?? {}))).toEqual(expected.items);
      expect(body as unknown[]).toHaveLength(expected.items.length);
    }
  });

  it("the bulk e-mail's recipients: active accounts with a verified address, by name", async () => {
    const { body } = await get('/api/email/user-groups', {}, adminToken);
    const expected = sorted(
      [...reference.users.values()].filter((user) => user.status === 'active' && user.verified),
      [(user) => textKey(user.fullName)],
      ['asc'],
    ).map(({ _id, fullName, email, role, rollNo }) => ({ _id, fullName, email, role, rollNo, school: null }));
    expect((body as { users: unknown[] }).users).toEqual(expected);
  });

  it("the dashboard's figures", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const expected = expectedStats(reference, today);
    expect((await get('/api/jobs/stats', {}, adminToken)).body).toEqual(expected.jobs);
    expect((await get('/api/jobs/stats/applications', {}, adminToken)).body).toEqual(expected.applications);
    expect((await get('/api/admin/stats/users', {}, adminToken)).body).toEqual(expected.users);
    expect((await get('/api/interview-experiences/stats', {}, adminToken)).body).toEqual({ totalExperiences: reference.experiences.size });
    const now = new Date().toISOString();
    expect((await get('/api/trainings/stats', {}, adminToken)).body).toEqual({
      totalTrainings: reference.trainings.size,
      upcomingTrainings: [...reference.trainings.values()].filter((training) => training.date >= now).length,
    });
  });

  it('a rebuild folded in memory builds the same bytes as the catch-up, at this scale', async () => {
    const scratch = await scratchReadModels();
    try {
      const results = await rebuildProjections(PROJECTIONS, store, scratch.db, undefined, { graceMs: -1 });
      expect([...results.values()].map((result) => result.method)).toEqual(PROJECTIONS.map(() => 'fold'));
      for (const projection of PROJECTIONS) {
        const caughtUp = await rawCollections(query.db, projection.collections.map((collection) => collectionOf(collection, 0)));
        const rebuilt = await rawCollections(scratch.db, projection.collections.map((collection) => collectionOf(collection, 1)));
        for (const collection of projection.collections) {
          expect(caughtUp[collectionOf(collection, 0)]!.length).toBeGreaterThan(0);
          expect(rebuilt[collectionOf(collection, 1)]!.equals(caughtUp[collectionOf(collection, 0)]!)).toBe(true);
        }
      }
    } finally {
      await scratch.drop();
    }
  }, 300_000);
});
