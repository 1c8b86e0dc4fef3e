import type { JobFormInput } from '@placement/domain';
import { aJobForm, formOf, SAMPLE_FILES, type SignedInUser } from '../../../command-api/src/test-support';
import { applicationsProjection } from '../../../projectors/src/projections/applications';
import { jobsProjection } from '../../../projectors/src/projections/jobs';
import { usersProjection } from '../../../projectors/src/projections/users';
import { openPortal, Portal } from '../test-support';

export { CALLERS, idsOf, type Caller } from '../test-support';

/**
 * The real command-api to write with and the real query-api to read with, its jobs, applications and
 * users projections (the job lists read students' eligibility) following the log into a read-model
 * database of this test file alone.
 */
export class JobsPortal extends Portal {
  static override async start(): Promise<JobsPortal> {
    return new JobsPortal(await openPortal([jobsProjection, applicationsProjection, usersProjection]));
  }

  /** A job posted by the admin (approved at once) or through the public form (pending); its id. */
  async postJob(fields: Partial<JobFormInput> = {}, as: 'admin' | 'public' = 'admin'): Promise<string> {
    const body = { ...aJobForm(), ...fields };
    const reply = as === 'admin' ? await this.write('POST', '/api/jobs', { token: this.user('admin').token, body }) : await this.write('POST', '/api/jobs/public', { body });
    return (reply.data as { _id: string })._id;
  }

  /** An application through the real multipart form; its id. */
  async apply(student: SignedInUser, jobId: string, form: Partial<Record<'fullName' | 'email' | 'phone', string>> = {}, resume: Buffer = SAMPLE_FILES.pdf): Promise<string> {
    const fields = { jobId, fullName: 'Form Name', email: 'form.address@example.com', phone: '9876543210', ...form };
    const name = resume === SAMPLE_FILES.pdf ? 'cv.pdf' : 'cv.docx';
    const reply = await this.write('POST', '/api/applications', { token: student.token, form: formOf(fields, [['resume', resume, name]]) });
    return reply.applicationId as string;
  }
}
