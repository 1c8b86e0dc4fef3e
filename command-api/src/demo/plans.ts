import {
  APPLICATION_EVENT_VERSIONS,
  CAMPAIGN_EVENT_VERSIONS,
  EMAIL_CLAIM_EVENT_VERSIONS,
  EXPERIENCE_EVENT_VERSIONS,
  JOB_EVENT_VERSIONS,
  SYSTEM_ACTORS,
  TEMPLATE_EVENT_VERSIONS,
  TRAINING_EVENT_VERSIONS,
  USER_EVENT_VERSIONS,
  applicationDecider,
  applicationStreamId,
  campaignDecider,
  campaignStreamId,
  emailClaimDecider,
  experienceDecider,
  experienceStreamId,
  jobDecider,
  jobStreamId,
  NO_ELIGIBILITY_CHECK,
  templateDecider,
  templateStreamId,
  trainingDecider,
  trainingStreamId,
  userDecider,
  userStreamId,
  type Actor,
  type ExperienceFormInput,
  type ApplicationCommand,
  type CampaignCommand,
  type JobCommand,
  type JobStatus,
  type UserCommand,
} from '@placement/domain';
import { MIME_TYPES, emailStreamOf, sanitizeRichText } from '@placement/platform';
import { applicationIdOf } from '../applications/requests';
import type { PendingUpload } from '../uploads';
import { demoOffer } from './offers';
import { demoId, type Season, type SeasonStaff, type SeasonStudent } from './season';
import { streamPlan, type AnyStreamPlan, type PlannedStep } from './streams';

/**
 * The season as stream plans: the commands the portal's own screens would send, each by its
 * person at its time. Students apply and share experiences themselves, the admin posts, approves and
 * reviews, staff run trainings and e-mail, the notifier records what it sent and the open pixel what
 * was opened. Accounts are made as `npm run admin` makes them (an address claim, then the account).
 */

const staffActor = (member: SeasonStaff): Actor => ({ id: member.userId, role: member.role });
const studentActor = (student: SeasonStudent): Actor => ({ id: student.userId, role: 'student' });
const VISITOR: Actor = { id: null, role: 'visitor' };
/** The notifier records campaign outcomes as the portal itself. */
const NOTIFIER: Actor = { id: null, role: 'system' };

/** Where a student's profile resume is kept: as the profile form's upload keys it (folder, an id, the extension). */
export const profileResumeKey = (season: Season, student: SeasonStudent): string => `profiles/${student.userId}/resume/${demoId(season.seed, `resume:${student.n}`)}.pdf`;

/** Where an application's resume is kept: as the apply form's upload keys it. */
export const applicationResumeKey = (season: Season, applicationId: string): string => `resumes/${applicationId}/${demoId(season.seed, `application-resume:${applicationId}`)}.pdf`;

/** A student's resume, rendered once however many streams store it. */
export type ResumeBytes = (student: SeasonStudent) => Promise<Buffer>;

const pdfUpload = (key: string, body: Buffer): PendingUpload => ({ key, body, contentType: MIME_TYPES.pdf });

const DAY_MS = 24 * 60 * 60 * 1000;
/** A change to Scheduled carries its slot: the demo's interviews are two days later at 10:00 UTC, half an hour in the placement cell. */
const demoInterview = (change: { status: string; at: Date }) =>
  change.status === 'Scheduled'
    ? { interview: { startsAt: new Date(Math.floor(change.at.getTime() / DAY_MS) * DAY_MS + 2 * DAY_MS + 10 * 3_600_000).toISOString(), durationMinutes: 30, location: 'Placement cell, interview room 1' } }
    : {};

export function addressPlans(season: Season): AnyStreamPlan[] {
  return season.students.map((student) =>
    streamPlan({
      kind: 'address',
      streamId: emailStreamOf(student.email),
      decider: emailClaimDecider,
      versions: EMAIL_CLAIM_EVENT_VERSIONS,
      steps: [{ command: { type: 'ClaimEmail', userId: student.userId }, at: student.createdAt, actor: SYSTEM_ACTORS.demo, correlation: `student:${student.n}` }],
    }),
  );
}

/** Each student's account (made by the demo, with the one demo password's hash) and the profile the student then fills in. */
export function studentPlans(season: Season, passwordHash: string, resumes: ResumeBytes): AnyStreamPlan[] {
  return season.students.map((student) => {
    const resumeKey = profileResumeKey(season, student);
    const steps: PlannedStep<UserCommand>[] = [
      {
        command: { type: 'CreateUserByAdmin', userId: student.userId, fullName: student.fullName, email: student.email, mobileNo: student.mobileNo, rollNo: student.rollNo, passwordHash, role: 'student', status: 'active' },
        at: student.createdAt,
        actor: SYSTEM_ACTORS.demo,
        correlation: `student:${student.n}`,
      },
      { command: { type: 'UpdateStudentProfile', userId: student.userId, profile: student.profile, resumeKey }, at: student.profileAt, actor: studentActor(student) },
    ];
    return streamPlan({
      kind: 'student',
      streamId: userStreamId(student.userId),
      decider: userDecider,
      versions: USER_EVENT_VERSIONS,
      steps,
      uploads: async () => [pdfUpload(resumeKey, await resumes(student))],
    });
  });
}

export function jobPlans(season: Season): AnyStreamPlan[] {
  const admin = staffActor(season.admin);
  return season.jobs.map((job) => {
    const steps: PlannedStep<JobCommand>[] = [
      { command: { type: 'PostJob', jobId: job.jobId, job: job.form, approveImmediately: job.postedBy === 'admin' }, at: job.postedAt, actor: job.postedBy === 'admin' ? admin : VISITOR },
    ];
    if (job.decidedAt && job.status !== 'pending') steps.push({ command: { type: 'ChangeJobStatus', jobId: job.jobId, status: job.status }, at: job.decidedAt, actor: admin });
    if (job.edit) steps.push({ command: { type: 'EditJob', jobId: job.jobId, job: job.edit.form }, at: job.edit.at, actor: admin });
    return streamPlan({ kind: 'job', streamId: jobStreamId(job.jobId), decider: jobDecider, versions: JOB_EVENT_VERSIONS, steps });
  });
}

/**
 * Each application as its student submits it (with the job's status as the store holds it, as the
 * apply route reads it) and as the admin moves it along.
 */
export function applicationPlans(season: Season, jobStatuses: ReadonlyMap<string, JobStatus | null>, resumes: ResumeBytes): AnyStreamPlan[] {
  const admin = staffActor(season.admin);
  return season.applications.map((application) => {
    const student = season.students[application.student]!;
    const job = season.jobs[application.job]!;
    const applicationId = applicationIdOf(student.userId, job.jobId);
    const resumeKey = applicationResumeKey(season, applicationId);
    const steps: PlannedStep<ApplicationCommand>[] = [
      {
        command: {
          type: 'SubmitApplication',
          applicationId,
          jobId: job.jobId,
          studentId: student.userId,
          jobStatus: jobStatuses.get(job.jobId) ?? null,
          fullName: student.fullName,
          email: student.email,
          phone: student.mobileNo,
          resumeKey,
          // The demo's jobs carry no eligibility rules (their eligibility is the spec's free text).
          eligibility: NO_ELIGIBILITY_CHECK,
        },
        at: application.submittedAt,
        actor: studentActor(student),
      },
      ...application.changes.map((change) => ({ command: { type: 'ChangeApplicationStatus' as const, applicationId, status: change.status, ...demoInterview(change), ...demoOffer(job, change) }, at: change.at, actor: admin })),
    ];
    return streamPlan({
      kind: 'application',
      streamId: applicationStreamId(applicationId),
      decider: applicationDecider,
      versions: APPLICATION_EVENT_VERSIONS,
      steps,
      uploads: async () => [pdfUpload(resumeKey, await resumes(student))],
    });
  });
}

export function trainingPlans(season: Season): AnyStreamPlan[] {
  const coordinator = staffActor(season.staff[0]!);
  return season.trainings.map(({ trainingId, training, scheduledAt, edit }) =>
    streamPlan({
      kind: 'training',
      streamId: trainingStreamId(trainingId),
      decider: trainingDecider,
      versions: TRAINING_EVENT_VERSIONS,
      steps: [
        { command: { type: 'ScheduleTraining' as const, trainingId, training }, at: scheduledAt, actor: coordinator },
        ...(edit ? [{ command: { type: 'EditTraining' as const, trainingId, training: edit.training }, at: edit.at, actor: coordinator }] : []),
      ],
    }),
  );
}

/** One interview experience's stream: shared, then approved when `approved` says when and by whom. */
export function experiencePlan(experienceId: string, experience: ExperienceFormInput, shared: { at: Date; actor: Actor }, approved: { at: Date; actor: Actor } | null): AnyStreamPlan {
  return streamPlan({
    kind: 'experience',
    streamId: experienceStreamId(experienceId),
    decider: experienceDecider,
    versions: EXPERIENCE_EVENT_VERSIONS,
    steps: [
      { command: { type: 'ShareExperience' as const, experienceId, experience }, ...shared },
      ...(approved ? [{ command: { type: 'ApproveExperience' as const, experienceId }, ...approved }] : []),
    ],
  });
}

export function experiencePlans(season: Season): AnyStreamPlan[] {
  return season.experiences.map(({ experienceId, experience, sharedBy, sharedAt, approvedAt, approvedBy }) => {
    const author = sharedBy.kind === 'student' ? studentActor(season.students[sharedBy.student]!) : staffActor(season.staff[sharedBy.staff]!);
    return experiencePlan(experienceId, experience, { at: sharedAt, actor: author }, approvedAt ? { at: approvedAt, actor: staffActor(season.staff[approvedBy]!) } : null);
  });
}

export function templatePlans(season: Season): AnyStreamPlan[] {
  const outreach = staffActor(season.staff[1]!);
  return season.templates.map(({ templateId, template, savedAt }) =>
    streamPlan({
      kind: 'template',
      streamId: templateStreamId(templateId),
      decider: templateDecider,
      versions: TEMPLATE_EVENT_VERSIONS,
      // The e-mail route sanitizes rich text before it is stored.
      steps: [{ command: { type: 'SaveTemplate' as const, templateId, template: { ...template, content: sanitizeRichText(template.content) } }, at: savedAt, actor: outreach }],
    }),
  );
}

/**
 * The campaign as the bulk e-mail screen queues it, what the notifier recorded sending (the demo
 * sends no mail: its events mail nobody) and the opens the pixel recorded.
 */
export function campaignPlans(season: Season): AnyStreamPlan[] {
  const { campaignId, subject, content, queuedAt, recipients, sentAt, opens } = season.campaign;
  if (recipients.length === 0) return [];
  const queue: PlannedStep<CampaignCommand> = {
    command: { type: 'QueueCampaign', campaignId, campaign: { subject, content: sanitizeRichText(content), recipients, attachments: [], trackOpens: true, scheduledFor: null } },
    at: queuedAt,
    actor: staffActor(season.staff[1]!),
    correlation: 'campaign',
  };
  const reports: PlannedStep<CampaignCommand>[] = [
    ...recipients.map((recipient, k) => ({
      command: { type: 'RecordRecipientSent' as const, campaignId, email: recipient.email, messageId: `<${demoId(season.seed, `campaign-mail:${recipient.email}`)}@placement.portal>` },
      at: sentAt[k]!,
      actor: NOTIFIER,
      correlation: 'campaign',
    })),
    ...opens.map((open) => ({ command: { type: 'RecordEmailOpened' as const, campaignId, email: open.email }, at: open.at, actor: VISITOR })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return [streamPlan({ kind: 'campaign', streamId: campaignStreamId(campaignId), decider: campaignDecider, versions: CAMPAIGN_EVENT_VERSIONS, steps: [queue, ...reports] })];
}
