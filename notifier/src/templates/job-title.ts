/** What the application mails name of a job. */
export interface JobSummary {
  profiles: string;
  companyName: string;
}

export const jobTitle = (job: JobSummary): string => `${job.profiles} at ${job.companyName}`;
