import type { ApplicationStatus } from '@placement/domain';
import type { ShownInterview } from '../../../shared/interviews';
import type { ApplicationOffer } from '../../../shared/offers';

/** A job of the review list, with its number of live applications (spec §3). */
export interface ReviewJob {
  _id: string;
  profiles: string;
  companyName: string;
  ctcOrStipend?: string | null;
  location?: string | null;
  offerType?: string[] | null;
  applicationCount?: number | null;
  createdAt?: string | null;
}

export interface ApplicantAccount {
  _id?: string;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  rollNo?: string | null;
}

/** An application as the review screen reads it: the form's fields, the applicant (userId) and the job (jobId) nested. */
export interface ReviewedApplication {
  _id: string;
  status: ApplicationStatus;
  appliedDate?: string | null;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  resume?: string | null;
  userId?: ApplicantAccount | null;
  jobId?: Omit<ReviewJob, '_id' | 'applicationCount' | 'createdAt'> & { _id?: string } | null;
  /** The interview slot of a Scheduled application (issue 16 part 2). */
  interview?: ShownInterview | null;
  /** The offer of an Accepted application and the student's answer (issue 16 part 3). */
  offer?: ApplicationOffer | null;
}

export type ExportStatusFilter = 'all' | ApplicationStatus;

const present = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** Spec §3 precedence: the name of the nested user first; the application's own e-mail and phone first. */
export const applicantName = (application: ReviewedApplication): string | null => present(application.userId?.fullName) ?? present(application.fullName);
export const applicantEmail = (application: ReviewedApplication): string | null => present(application.email) ?? present(application.userId?.email);
export const applicantPhone = (application: ReviewedApplication): string | null => present(application.phone) ?? present(application.userId?.phone);
export const applicantRollNo = (application: ReviewedApplication): string | null => present(application.userId?.rollNo);
