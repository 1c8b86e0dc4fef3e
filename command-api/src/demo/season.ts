import type {
  ApplicationStatus,
  CampaignRecipient,
  ExperienceFormInput,
  JobFormInput,
  StaffRole,
  StudentProfileFields,
  TemplateFormInput,
  TrainingFormInput,
} from '@placement/domain';
import { nameBasedUuid } from '@placement/platform';
import {
  CAMPAIGN,
  CERTIFICATIONS,
  CITIES,
  COMPANIES,
  FATHER_FIRST_NAMES,
  FIRST_NAMES,
  INTERNSHIP_ORGANIZATIONS,
  INTERVIEW_LOCATIONS,
  INTERVIEW_ROUNDS,
  LAST_NAMES,
  PROGRAMS,
  PROJECTS,
  REFERENCE_WEIGHTS,
  RESULT_DECLARATION_WEIGHTS,
  ROLES,
  TEMPLATES,
  TRAININGS,
  type Company,
  type Program,
  type RoleTemplate,
} from './vocabulary';

/**
 * One placement season as plain data: who, what and when. Pure and deterministic: the same seed,
 * size and `now` give the same season, and every id is a name-based UUID of the seed and the thing
 * ('demo:<seed>:student:17'), so a second load finds every stream where the first left it. Times
 * run from ten weeks before `now` up to shortly before it (trainings and joining dates also after).
 */

export interface DemoSize {
  students: number;
  jobs: number;
  applications: number;
}

/** The season `npm run demo` loads. */
export const DEMO_SIZE: DemoSize = { students: 300, jobs: 60, applications: 1500 };

export const DEFAULT_DEMO_SEED = 'placement-season';

export const SEASON_DAYS = 70;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** Nothing in the season happens later than this before `now`. */
const LATEST = 10 * MINUTE;

/** The namespace of the demo's name-based ids. */
const DEMO_NAMESPACE = '5d3f0a9e7b2c4e61a8f4c2d9e0b17a36';

/** The id of one thing of the season: a name-based UUID of 'demo:<seed>:<name>'. */
export const demoId = (seed: string, name: string): string => nameBasedUuid(DEMO_NAMESPACE, `demo:${seed}:${name}`);

// ---------------------------------------------------------------- randomness

/** A small deterministic generator (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a text, as a generator seed. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, min: number, max: number): number => min + random() * (max - min);
const wholeBetween = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const chance = (random: Random, p: number): boolean => random() < p;

function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries.at(-1)![0];
}

/** `count` different values, in a random order. */
function sample<T>(random: Random, values: readonly T[], count: number): T[] {
  const pool = [...values];
  for (let index = pool.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool.slice(0, Math.min(count, pool.length));
}

const digits = (random: Random, count: number): string => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
const mobileNumber = (random: Random): string => `${pick(random, ['6', '7', '8', '9'])}${digits(random, 9)}`;
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const slugOf = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// ---------------------------------------------------------------- the season's data

export interface SeasonStaff {
  userId: string;
  fullName: string;
  email: string;
  role: StaffRole;
  /** The demo's sign-in, printed at the end of the load: long enough and uncommon (the password policy). */
  password: string;
  createdAt: Date;
}

export interface SeasonStudent {
  n: number;
  userId: string;
  fullName: string;
  email: string;
  rollNo: string;
  mobileNo: string;
  program: Program;
  /** The year the student graduates (the batch). */
  batch: number;
  city: string;
  linkedIn: string;
  createdAt: Date;
  profileAt: Date;
  /** As the profile form sends it (the decider parses it with the profile schema). */
  profile: StudentProfileFields;
  /** The projects on the resume. */
  projects: readonly { title: string; detail: string }[];
}

export interface SeasonJob {
  n: number;
  jobId: string;
  company: Company;
  role: RoleTemplate;
  form: JobFormInput;
  /** Posted by an admin (approved at once) or through the public form (pending until an admin decides). */
  postedBy: 'admin' | 'public';
  postedAt: Date;
  status: 'approved' | 'pending' | 'rejected';
  /** When an admin approved or rejected a publicly posted job. */
  decidedAt: Date | null;
  /** An admin's later edit (more vacancies, a note), for some jobs. */
  edit: { at: Date; form: JobFormInput } | null;
}

export interface SeasonApplication {
  student: number;
  job: number;
  submittedAt: Date;
  /** Each later status with when an admin set it, in order. */
  changes: { status: ApplicationStatus; at: Date }[];
}

export interface SeasonTraining {
  trainingId: string;
  training: TrainingFormInput;
  scheduledAt: Date;
  edit: { at: Date; training: TrainingFormInput } | null;
}

export interface SeasonExperience {
  experienceId: string;
  /** A student shares (pending until staff approve), or staff publish at once. */
  sharedBy: { kind: 'student'; student: number } | { kind: 'staff'; staff: number };
  experience: ExperienceFormInput;
  sharedAt: Date;
  approvedAt: Date | null;
  /** The staff member (index) who approved it. */
  approvedBy: number;
}

export interface SeasonTemplate {
  templateId: string;
  template: TemplateFormInput;
  savedAt: Date;
}

export interface SeasonCampaign {
  campaignId: string;
  subject: string;
  content: string;
  queuedAt: Date;
  recipients: CampaignRecipient[];
  /** When the notifier sent each recipient's mail (same order as recipients). */
  sentAt: Date[];
  opens: { email: string; at: Date }[];
}

export interface Season {
  seed: string;
  now: Date;
  start: Date;
  admin: SeasonStaff;
  /** Two staff members: the training coordinator and the industry relations lead. */
  staff: SeasonStaff[];
  students: SeasonStudent[];
  jobs: SeasonJob[];
  applications: SeasonApplication[];
  trainings: SeasonTraining[];
  experiences: SeasonExperience[];
  templates: SeasonTemplate[];
  campaign: SeasonCampaign;
}

export interface SeasonOptions {
  seed: string;
  size: DemoSize;
  now: Date;
}

/** The demo's sign-ins: the same on every stack, as a demo's should be. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'demo.admin@university.edu', fullName: 'Meera Iyer', password: 'season-demo-admin-pass' },
  staff: [
    { email: 'demo.training@university.edu', fullName: 'Rohan Mehta', password: 'season-demo-staff-pass' },
    { email: 'demo.outreach@university.edu', fullName: 'Ananya Kulkarni', password: 'season-demo-staff-pass' },
  ],
  /** Every demo student signs in with this password. */
  studentPassword: 'season-demo-student-pass',
} as const;

export function buildSeason({ seed, size, now }: SeasonOptions): Season {
  const randomFor = (purpose: string): Random => seededRandom(hashText(`${seed}:${purpose}`));
  const id = (name: string) => demoId(seed, name);
  const start = new Date(now.getTime() - SEASON_DAYS * DAY);
  const latest = now.getTime() - LATEST;
  const clampToPast = (time: number): Date => new Date(Math.min(time, latest));
  const atDay = (day: number): number => start.getTime() + day * DAY;
  // The batch placed this season graduates next summer (the season runs from July to December).
  const batch = now.getUTCMonth() >= 6 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();

  const accountsAt = new Date(atDay(-2));
  const admin: SeasonStaff = { userId: id('admin'), role: 'admin', ...DEMO_ACCOUNTS.admin, createdAt: accountsAt };
  const staff: SeasonStaff[] = DEMO_ACCOUNTS.staff.map((account, k) => ({ userId: id(`staff:${k}`), role: 'staff', ...account, createdAt: accountsAt }));

  const students = buildStudents(size.students, randomFor('students'), id, { batch, atDay });
  const jobs = buildJobs(size.jobs, randomFor('jobs'), id, { now, batch, atDay, latest });
  const applications = buildApplications(size.applications, randomFor('applications'), students, jobs, latest);
  const trainings = buildTrainings(randomFor('trainings'), id, { now, atDay, latest });
  const experiences = buildExperiences(Math.max(3, Math.round(size.students / 12)), randomFor('experiences'), id, { students, jobs, applications, batch, latest });
  const templates = TEMPLATES.map((template, k) => ({ templateId: id(`template:${k}`), template: { ...template }, savedAt: new Date(atDay(1 + k * 0.8 + 0.4)) }));
  const campaign = buildCampaign(randomFor('campaign'), id, students, clampToPast(atDay(14.2)), latest);

  return { seed, now, start, admin, staff, students, jobs, applications, trainings, experiences, templates, campaign };
}

// ---------------------------------------------------------------- students

function buildStudents(count: number, random: Random, id: (name: string) => string, season: { batch: number; atDay: (day: number) => number }): SeasonStudent[] {
  const serials = new Map<string, number>();
  const usedEmails = new Set<string>();
  return Array.from({ length: count }, (_, n) => {
    const program = weighted(
      random,
      PROGRAMS.map((candidate) => [candidate, candidate.weight] as const),
    );
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const entryYear = season.batch - program.years;
    const serial = (serials.get(program.code) ?? 0) + 1;
    serials.set(program.code, serial);
    const rollNo = `${String(entryYear).slice(2)}${program.code}${String(serial).padStart(3, '0')}`;
    let email = `${first}.${rollNo}@university.edu`.toLowerCase();
    if (usedEmails.has(email)) email = `${first}.${last}.${rollNo}@university.edu`.toLowerCase();
    usedEmails.add(email);
    const mobileNo = mobileNumber(random);
    // One ability behind the marks, so a student's 10th, 12th and CGPA agree with each other.
    const ability = random();
    const mark = (low: number, high: number) => Math.min(high, low + (high - low) * (0.55 * ability + 0.45 * random()));
    const percentage = (low: number) => Math.round(mark(low, 97.6) * 10) / 10;
    const grade = program.grading === 'cgpa' ? mark(5.9, 9.7).toFixed(2) : `${percentage(55).toFixed(1)}%`;
    const bachelor = program.bachelor;
    const twelfthYear = bachelor !== undefined ? entryYear - 3 : entryYear;
    const skills = sample(random, program.skills, wholeBetween(random, 4, 7)).map((name, k) => ({ id: String(k + 1), name }));
    const certifications = chance(random, 0.55) ? sample(random, CERTIFICATIONS[program.group], wholeBetween(random, 1, 2)).map((name) => ({ name, imageKey: null })) : [];
    const interned = chance(random, 0.4);
    const organization = pick(random, INTERNSHIP_ORGANIZATIONS);
    const area = pick(random, program.areas);
    const createdAt = new Date(season.atDay(between(random, 0, 0.5)));
    const profile: StudentProfileFields = {
      mobileNo,
      whatsappNo: chance(random, 0.85) ? mobileNo : mobileNumber(random),
      mailId: chance(random, 0.5) ? `${first}${last}${digits(random, 2)}@gmail.com`.toLowerCase() : '',
      fatherName: `${pick(random, FATHER_FIRST_NAMES)} ${last}`,
      fatherNumber: mobileNumber(random),
      education: {
        tenth: { percentage: percentage(62), passingYear: String(twelfthYear - 2) },
        twelfth: { percentage: percentage(58), passingYear: String(twelfthYear) },
        graduation: bachelor !== undefined
          ? { degree: bachelor, percentageOrCGPA: mark(6.2, 9.5).toFixed(2), passingYear: String(entryYear) }
          : { degree: program.degree, percentageOrCGPA: grade, passingYear: String(season.batch) },
        masters: bachelor !== undefined ? { degree: program.degree, percentageOrCGPA: grade, passingYear: String(season.batch) } : { degree: '', percentageOrCGPA: '', passingYear: '' },
      },
      school: program.school,
      existingBacklogs: ability < 0.12 ? wholeBetween(random, 1, 3) : 0,
      areaOfInterest: area,
      skills,
      hasCertifications: certifications.length > 0,
      certifications,
      readyToRelocate: chance(random, 0.8),
      experience: interned
        ? [
            {
              hasExperience: true,
              organizationName: organization,
              duration: `8 weeks (May to July ${season.batch - 1})`,
              details: `Summer intern in the ${area.toLowerCase()} team: ${pick(random, ['built internal tools', 'analysed operational data', 'supported a product launch', 'automated weekly reports', 'assisted on a client project'])} and presented the outcome to the team lead.`,
            },
          ]
        : [],
    };
    return {
      n,
      userId: id(`student:${n}`),
      fullName: `${first} ${last}`,
      email,
      rollNo,
      mobileNo,
      program,
      batch: season.batch,
      city: pick(random, CITIES),
      linkedIn: `linkedin.com/in/${first}-${last}-${rollNo}`.toLowerCase(),
      createdAt,
      profileAt: new Date(createdAt.getTime() + between(random, 0.2, 6) * DAY),
      profile,
      projects: sample(random, PROJECTS[program.group], 2),
    };
  });
}

// ---------------------------------------------------------------- jobs

function ctcOf(random: Random, role: RoleTemplate): string {
  if (role.pay.kind === 'LPA') return `${(Math.round(between(random, role.pay.min, role.pay.max) * 2) / 2).toFixed(1)} LPA`;
  const stipend = Math.round(between(random, role.pay.min, role.pay.max) / 1000) * 1000;
  return `Rs. ${stipend.toLocaleString('en-IN')} per month`;
}

function buildJobs(
  count: number,
  random: Random,
  id: (name: string) => string,
  season: { now: Date; batch: number; atDay: (day: number) => number; latest: number },
): SeasonJob[] {
  // About three in four approved, the rest waiting for an admin or rejected (one of each from three jobs up).
  const pendingCount = count >= 3 ? Math.max(1, Math.round(count * 0.13)) : 0;
  const rejectedCount = count >= 3 ? Math.max(1, Math.round(count * 0.12)) : 0;
  const approvedCount = count - pendingCount - rejectedCount;
  const statuses = sample(random, Array.from({ length: count }, (_, n) => (n < approvedCount ? 'approved' : n < approvedCount + rejectedCount ? 'rejected' : 'pending') as SeasonJob['status']), count);
  return statuses.map((status, n) => {
    const role = weighted(
      random,
      ROLES.map((candidate) => [candidate, candidate.weight] as const),
    );
    const hiring = COMPANIES.filter((company) => company.groups.some((group) => role.groups.includes(group)));
    const company = pick(random, hiring.length > 0 ? hiring : COMPANIES);
    const postedBy: SeasonJob['postedBy'] = status === 'approved' && chance(random, 0.5) ? 'admin' : 'public';
    const postedDay = status === 'pending' ? SEASON_DAYS - between(random, 0.5, 6) : between(random, 3, SEASON_DAYS - 5);
    const postedAt = new Date(Math.min(season.atDay(postedDay), season.latest));
    const decidedAt = postedBy === 'public' && status !== 'pending' ? new Date(Math.min(postedAt.getTime() + between(random, 0.3, 3) * DAY, season.latest)) : null;
    const joinsLater = status !== 'approved' || chance(random, 0.8);
    const joining = joinsLater ? season.now.getTime() + between(random, 30, 200) * DAY : postedAt.getTime() + between(random, 10, 25) * DAY;
    const contact = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    const form: JobFormInput = {
      companyName: company.name,
      companyLogo: '',
      website: `https://www.${company.slug}.example.com`,
      officeAddress: company.address,
      yearOfEstablishment: company.founded,
      contactPersonName: contact,
      contactNumber: mobileNumber(random),
      email: `campus.hiring@${company.slug}.example.com`,
      profiles: role.profile,
      eligibility: role.eligibility,
      vacancies: wholeBetween(random, 2, 25),
      offerType: chance(random, 0.25) && role.offerTypes.length > 1 ? [...role.offerTypes] : [pick(random, role.offerTypes)],
      ctcOrStipend: ctcOf(random, role),
      location: chance(random, 0.75) ? company.city : pick(random, CITIES),
      resultDeclaration: weighted(random, RESULT_DECLARATION_WEIGHTS),
      dateOfJoining: isoDay(new Date(joining)),
      reference: weighted(random, REFERENCE_WEIGHTS),
      jobDescription: role.description,
      additionalInfo: chance(random, 0.4) ? pick(random, ['No service agreement.', 'Relocation support and joining bonus.', 'Two-year service agreement.', 'Laptop provided; hybrid after training.']) : '',
      skills: [...role.skills],
      category: [role.category],
    };
    const editAt = postedAt.getTime() + between(random, 0.5, 3) * DAY;
    const edit =
      status === 'approved' && postedBy === 'admin' && chance(random, 0.2) && editAt < season.latest
        ? { at: new Date(editAt), form: { ...form, vacancies: Number(form.vacancies) + wholeBetween(random, 2, 10), additionalInfo: 'Vacancies increased after the pre-placement talk.' } }
        : null;
    return { n, jobId: id(`job:${n}`), company, role, form, postedBy, postedAt, status, decidedAt, edit };
  });
}

/** When students may first apply to a job: once it is approved. */
export const openedAt = (job: SeasonJob): Date => (job.postedBy === 'admin' ? job.postedAt : job.decidedAt!);

// ---------------------------------------------------------------- applications

/** What an admin does next with an application, and after how many days. */
function nextStatus(random: Random, status: ApplicationStatus): { status: ApplicationStatus; days: number } | null {
  switch (status) {
    case 'Applied':
      return chance(random, 0.85) ? { status: 'Under Review', days: between(random, 1, 5) } : null;
    case 'Under Review': {
      const roll = random();
      if (roll < 0.35) return { status: 'Rejected', days: between(random, 2, 7) };
      return roll < 0.85 ? { status: 'Scheduled', days: between(random, 2, 6) } : null;
    }
    case 'Scheduled': {
      const roll = random();
      if (roll < 0.38) return { status: 'Accepted', days: between(random, 2, 8) };
      return roll < 0.85 ? { status: 'Rejected', days: between(random, 2, 8) } : null;
    }
    default:
      return null;
  }
}

function buildApplications(count: number, random: Random, students: SeasonStudent[], jobs: SeasonJob[], latest: number): SeasonApplication[] {
  const open = jobs.filter((job) => job.status === 'approved' && openedAt(job).getTime() < latest - 6 * HOUR);
  if (open.length === 0 || students.length === 0) return [];
  // Some students apply to many jobs, some to a few.
  const activity = students.map(() => 0.2 + random() ** 2 * 2);
  const applied = new Set<string>();
  const applications: SeasonApplication[] = [];
  for (let attempt = 0; applications.length < count && attempt < count * 20; attempt++) {
    const student = students[weightedIndex(random, activity)]!;
    const suitable = open.filter((job) => job.role.groups.includes(student.program.group) && !applied.has(`${student.n}:${job.n}`));
    const candidates = suitable.length > 0 ? suitable : open.filter((job) => !applied.has(`${student.n}:${job.n}`));
    if (candidates.length === 0) continue;
    const job = pick(random, candidates);
    const from = Math.max(openedAt(job).getTime(), student.profileAt.getTime()) + 2 * HOUR;
    const until = Math.min(from + 12 * DAY, latest - 2 * HOUR);
    if (from >= until) continue;
    applied.add(`${student.n}:${job.n}`);
    const submittedAt = between(random, from, until);
    const changes: SeasonApplication['changes'] = [];
    let status: ApplicationStatus = 'Applied';
    let at = submittedAt;
    for (let next = nextStatus(random, status); next; next = nextStatus(random, status)) {
      at += next.days * DAY;
      if (at >= latest) break;
      status = next.status;
      changes.push({ status, at: new Date(at) });
    }
    applications.push({ student: student.n, job: job.n, submittedAt: new Date(submittedAt), changes });
  }
  return applications;
}

function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (let index = 0; index < weights.length; index++) {
    roll -= weights[index]!;
    if (roll < 0) return index;
  }
  return weights.length - 1;
}

// ---------------------------------------------------------------- trainings

function buildTrainings(random: Random, id: (name: string) => string, season: { now: Date; atDay: (day: number) => number; latest: number }): SeasonTraining[] {
  // From ten days into the season to a month after today: past sessions and upcoming ones.
  const first = 10;
  const last = SEASON_DAYS + 30;
  return TRAININGS.map((topic, k) => {
    const day = first + ((last - first) * k) / Math.max(1, TRAININGS.length - 1);
    const date = new Date(season.atDay(Math.floor(day)));
    date.setUTCHours(k % 2 === 0 ? 4 : 9, k % 2 === 0 ? 30 : 0, 0, 0);
    const scheduledAt = new Date(Math.min(Math.max(date.getTime() - between(random, 8, 14) * DAY, season.atDay(1)), season.latest));
    const training: TrainingFormInput = {
      title: topic.title,
      description: topic.description,
      date: date.toISOString(),
      duration: topic.duration,
      mode: topic.mode,
      registrationLink: `https://university.edu/cdc/trainings/${slugOf(topic.title)}`,
    };
    // One session moves by a day after it was announced.
    const editAt = scheduledAt.getTime() + 2 * DAY;
    const edit = k === 4 && editAt < season.latest ? { at: new Date(editAt), training: { ...training, date: new Date(date.getTime() + DAY).toISOString() } } : null;
    return { trainingId: id(`training:${k}`), training, scheduledAt, edit };
  });
}

// ---------------------------------------------------------------- interview experiences

function buildExperiences(
  count: number,
  random: Random,
  id: (name: string) => string,
  season: { students: SeasonStudent[]; jobs: SeasonJob[]; applications: SeasonApplication[]; batch: number; latest: number },
): SeasonExperience[] {
  const interviewed = season.applications.filter((application) => application.changes.some((change) => change.status === 'Scheduled'));
  const chosen = sample(random, interviewed, count);
  const experiences: SeasonExperience[] = [];
  for (const application of chosen) {
    const student = season.students[application.student]!;
    const job = season.jobs[application.job]!;
    const outcome = application.changes.at(-1)!;
    const sharedAt = outcome.at.getTime() + between(random, 0.5, 4) * DAY;
    if (sharedAt >= season.latest) continue;
    const accepted = outcome.status === 'Accepted';
    const rounds = INTERVIEW_ROUNDS[student.program.group];
    const approvedAt = sharedAt + between(random, 0.2, 2) * DAY;
    experiences.push({
      experienceId: id(`experience:${experiences.length}`),
      sharedBy: { kind: 'student', student: student.n },
      experience: {
        companyName: job.company.name,
        role: job.role.profile,
        author: student.fullName,
        batch: String(season.batch),
        course: student.program.degree,
        interviewLocation: pick(random, INTERVIEW_LOCATIONS),
        offerStatus: accepted ? (chance(random, 0.1) ? 'Declined' : 'Accepted') : 'No Selected',
        experienceRating: accepted ? weighted(random, [['Amazing', 4], ['Neutral', 1]] as const) : weighted(random, [['Neutral', 3], ['Bad', 1], ['Amazing', 1]] as const),
        difficulty: weighted(random, [['Easy', 1], ['Medium', 3], ['Hard', 2]] as const),
        rounds: accepted || outcome.status === 'Scheduled' ? [...rounds] : rounds.slice(0, Math.max(1, rounds.length - 1)),
      },
      sharedAt: new Date(sharedAt),
      approvedAt: chance(random, 0.8) && approvedAt < season.latest ? new Date(approvedAt) : null,
      approvedBy: wholeBetween(random, 0, 1),
    });
  }
  // The training coordinator publishes two experiences gathered from last year's batch.
  const approved = season.jobs.filter((job) => job.status === 'approved');
  for (const job of sample(random, approved, 2)) {
    const group = job.role.groups[0]!;
    experiences.push({
      experienceId: id(`experience:${experiences.length}`),
      sharedBy: { kind: 'staff', staff: 0 },
      experience: {
        companyName: job.company.name,
        role: job.role.profile,
        author: 'Placement Cell (from last year\u2019s batch)',
        batch: String(season.batch - 1),
        course: PROGRAMS.find((program) => program.group === group)?.degree ?? 'B.Tech CSE',
        interviewLocation: pick(random, INTERVIEW_LOCATIONS),
        offerStatus: 'Accepted',
        experienceRating: 'Amazing',
        difficulty: 'Medium',
        rounds: [...INTERVIEW_ROUNDS[group]],
      },
      sharedAt: new Date(Math.min(job.postedAt.getTime() + DAY, season.latest)),
      approvedAt: null,
      approvedBy: 0,
    });
  }
  return experiences;
}

// ---------------------------------------------------------------- bulk e-mail

function buildCampaign(random: Random, id: (name: string) => string, students: SeasonStudent[], queuedAt: Date, latest: number): SeasonCampaign {
  const recipients = students.map((student) => ({ userId: student.userId, email: student.email, fullName: student.fullName }));
  // The notifier sends a couple of mails a second.
  const sentAt = recipients.map((_, k) => new Date(Math.min(queuedAt.getTime() + 20_000 + k * 450, latest)));
  const opens = recipients
    .flatMap((recipient, k) => {
      if (!chance(random, 0.62)) return [];
      const at = sentAt[k]!.getTime() + (random() < 0.6 ? between(random, 5 * MINUTE, 6 * HOUR) : between(random, 6 * HOUR, 4 * DAY));
      return at < latest ? [{ email: recipient.email, at: new Date(at) }] : [];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return { campaignId: id('campaign:0'), subject: CAMPAIGN.subject, content: CAMPAIGN.content, queuedAt, recipients, sentAt, opens };
}
