/** A job as GET /api/jobs lists it (spec §3); hasApplied only with a student's token. */
export interface Job {
  _id: string;
  profiles: string;
  companyName: string;
  companyLogo?: string | null;
  website?: string | null;
  officeAddress?: string | null;
  eligibility?: string | null;
  vacancies?: number | null;
  offerType?: string[] | null;
  ctcOrStipend?: string | null;
  /** The placement policy tier the job is marked with ('' or absent: its CTC decides). */
  tier?: string | null;
  location?: string | null;
  dateOfJoining?: string | null;
  reference?: string | null;
  jobDescription?: string | null;
  additionalInfo?: string | null;
  skills?: string[] | null;
  category?: string[] | null;
  createdAt?: string | null;
  hasApplied?: boolean;
  /** Only with a student's token: the job's eligibility rules against the student's profile. */
  eligibilityVerdict?: EligibilityVerdict;
}

export interface EligibilityVerdict {
  eligible: boolean;
  reasons: string[];
  /** An admin let this student apply despite the rules. */
  overridden: boolean;
}

export interface JobListReply {
  success?: boolean;
  count?: number;
  data?: Job[];
  message?: string;
}

/** The filter panel's values. offerType '' or 'All Types' means every type. */
export interface JobFilters {
  search: string;
  location: string;
  offerType: string;
  skills: string;
  category: string;
  /** 'Only jobs I am eligible for' (students only). */
  eligibleOnly: boolean;
}

export interface ApplicationSubmission {
  jobId: string;
  fullName: string;
  email: string;
  phone: string;
  resume: File;
}
