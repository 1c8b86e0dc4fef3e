import type { ApplicationStatus, JobReply, ReviewedApplication } from '@placement/domain';

/**
 * The review screen's records are the domain's contracts (domain/src/applications/contracts.ts),
 * imported as types only: an application with the form's fields, the applicant (userId) and the job
 * (jobId) nested, its interview slot and offer.
 */
export type { ReviewedApplication };

/** A job of the review list, with its number of live applications (spec §3). */
export type ReviewJob = JobReply;

/** The review list's sortable columns, as the server names its sorts (GET /applications/jobs?sort=). */
export type ReviewJobSortField = 'profile' | 'company' | 'ctcOrStipend' | 'location' | 'applicationCount';

export type ExportStatusFilter = 'all' | ApplicationStatus;

const present = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** Spec §3 precedence: the name of the nested user first; the application's own e-mail and phone first. */
export const applicantName = (application: ReviewedApplication): string | null => present(application.userId?.fullName) ?? present(application.fullName);
export const applicantEmail = (application: ReviewedApplication): string | null => present(application.email) ?? present(application.userId?.email);
export const applicantPhone = (application: ReviewedApplication): string | null => present(application.phone) ?? present(application.userId?.phone);
export const applicantRollNo = (application: ReviewedApplication): string | null => present(application.userId?.rollNo);
