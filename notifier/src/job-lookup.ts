import { fold, jobDecider, jobStreamId, type JobEvent } from '@placement/domain';
import { toDomainEvents, type EventStore } from '@placement/platform';
import type { JobSummary } from './templates';

const CACHE_MS = 60_000;
const CACHE_SIZE = 500;

/**
 * The role and company an application mail names, read from the job's own stream (application events
 * carry only the job id). Cached briefly: a status change to every applicant of a job asks the same.
 */
export class JobLookup {
  private readonly cache = new Map<string, { at: number; summary: Promise<JobSummary | undefined> }>();

  constructor(private readonly store: EventStore) {}

  summary(jobId: string): Promise<JobSummary | undefined> {
    const cached = this.cache.get(jobId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.summary;
    const summary = this.read(jobId);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(jobId, { at: Date.now(), summary });
    summary.catch(() => this.cache.delete(jobId));
    return summary;
  }

  private async read(jobId: string): Promise<JobSummary | undefined> {
    const job = fold(jobDecider, toDomainEvents<JobEvent>(await this.store.readStream(jobStreamId(jobId))));
    return job.kind === 'live' ? { profiles: job.fields.profiles, companyName: job.fields.companyName } : undefined;
  }
}
