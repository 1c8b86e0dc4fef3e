import type { Collection } from 'mongodb';
import { JOB_INTERNAL_FIELDS, type JobApplicationCountDocument, type JobDocument } from '@placement/platform';
import { MAX_PAGE_SIZE } from './lists';

/**
 * What every reply that shows a job leaves out of its document (the internal fields, the `search…`
 * copies among them): shared by the jobs listings and the application review's job list, which read
 * the same read model.
 */
export const JOB_REPLY_PROJECTION = Object.fromEntries(JOB_INTERNAL_FIELDS.map((field) => [field, 0]));

/** A job as the lists show it: the document without its internal fields, with its live applications. */
export type JobView = Omit<JobDocument, (typeof JOB_INTERNAL_FIELDS)[number]> & { applicationCount: number };

/**
 * Up to this many jobs (any page) have their counts read by `$in` of their ids; more (a whole list
 * asked without a page) read the whole counts collection instead, one small document per live job,
 * rather than send an `$in` as long as the collection.
 */
const COUNTS_BY_ID_AT_MOST = MAX_PAGE_SIZE;

/**
 * `jobs` with their live-application counts joined (the applications projection keeps them apart from
 * the job documents; see JobApplicationCountDocument), in the same order. A job without a count
 * document (the applications projection has not reached its posting yet) has none: 0.
 */
export async function withApplicationCounts<Job extends { _id: string }>(counts: Collection<JobApplicationCountDocument>, jobs: readonly Job[]): Promise<(Job & { applicationCount: number })[]> {
  if (jobs.length === 0) return [];
  const filter = jobs.length <= COUNTS_BY_ID_AT_MOST ? { _id: { $in: jobs.map((job) => job._id) } } : {};
  // Sorted: the local FerretDB answers a sorted find in PostgreSQL, and an unsorted `$in` by reading the whole collection.
  const found = await counts.find(filter, { projection: { applicationCount: 1 } }).sort({ _id: 1 }).toArray();
  const byJob = new Map(found.map((count) => [count._id, count.applicationCount]));
  return jobs.map((job) => ({ ...job, applicationCount: byJob.get(job._id) ?? 0 }));
}
