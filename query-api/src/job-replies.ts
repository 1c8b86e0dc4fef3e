import { JOB_INTERNAL_FIELDS, type JobDocument } from '@placement/platform';

/**
 * What every reply that shows a job leaves out of its document: shared by the jobs listings and the
 * application review's job list, which read the same read model.
 */
export const JOB_REPLY_PROJECTION = Object.fromEntries(JOB_INTERNAL_FIELDS.map((field) => [field, 0]));

/** A job as the lists show it (the document without its internal fields). */
export type JobView = Omit<JobDocument, (typeof JOB_INTERNAL_FIELDS)[number]>;
