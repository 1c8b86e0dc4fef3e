import { jobFormSchema, type ListedJob } from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';

/** A job as GET /api/jobs lists it (the domain's ListedJob contract): the domain's sample form, posted and approved, with what a test names. */
export function listedJob(overrides: Partial<ListedJob> = {}): ListedJob {
  return {
    ...jobFormSchema(2025).parse(jobFixtures.validJobForm),
    _id: 'job-1',
    status: 'approved',
    source: 'admin',
    createdAt: '2025-06-01T09:00:00.000Z',
    applicationCount: 0,
    ...overrides,
  };
}
