import {
  APPLICATION_MESSAGES,
  applicationFormSchema,
  applicationIdFor,
  INTERVIEW_MESSAGES,
  type ApplicationStatus,
  type InterviewSlot,
} from '@placement/domain';
import { badRequest, fieldErrors, nameBasedUuid, type FieldError, type UploadedFile } from '@placement/platform';
import { z } from 'zod';
import { fileProblem, type FileRule } from '../uploads';
import { APPLICATION_REPLIES } from './views';

/** What an application command is given: the application's id, the form and its resume, the bulk status body's check. */

/** The namespace of application ids (name-based UUIDs). */
const APPLICATION_NAMESPACE = '3f1c9b6e8d2a4c7fa1e05b9d2c6f8a41';

/** One student and one job always name the same application stream, so the store admits one application. */
export const applicationIdOf = (studentId: string, jobId: string): string => applicationIdFor(studentId, jobId, (name) => nameBasedUuid(APPLICATION_NAMESPACE, name));

const jobChoice = z.object({
  jobId: z.string({ error: APPLICATION_REPLIES.jobRequired }).trim().min(1, { error: APPLICATION_REPLIES.jobRequired }),
});
type ApplicationFields = z.output<typeof applicationFormSchema> & z.output<typeof jobChoice> & { resume: UploadedFile };

const problemsOf = (result: z.ZodSafeParseResult<unknown>): FieldError[] => (result.success ? [] : fieldErrors(result.error));

/**
 * The form's fields and its resume, every problem at once in the order the form shows them; a missing
 * job comes last, as it is a broken client rather than a mistake in the form.
 */
export async function validApplication(body: unknown, resume: UploadedFile | undefined, resumeRule: FileRule): Promise<ApplicationFields> {
  const form = applicationFormSchema.safeParse(body ?? {});
  const job = jobChoice.safeParse(body ?? {});
  const resumeMessage = resume ? await fileProblem(resume, resumeRule) : APPLICATION_MESSAGES.resumeRequired;
  if (form.success && job.success && resume && !resumeMessage) return { ...form.data, ...job.data, resume };
  const problems = [...problemsOf(form), ...(resumeMessage ? [{ field: 'resume', message: resumeMessage }] : []), ...problemsOf(job)];
  throw badRequest(problems[0]!.message, problems);
}

/** The whole bulk request is refused at once when Scheduled comes without a slot, or a slot with another status. */
export function refuseMisplacedSlot(body: { status: ApplicationStatus; interview?: InterviewSlot | undefined }, context: z.RefinementCtx): void {
  if (body.status === 'Scheduled' && !body.interview) context.addIssue({ code: 'custom', path: ['interview'], message: INTERVIEW_MESSAGES.required });
  if (body.status !== 'Scheduled' && body.interview) context.addIssue({ code: 'custom', path: ['interview'], message: INTERVIEW_MESSAGES.onlyWhenScheduled });
}
