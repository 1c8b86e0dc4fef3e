/** GET /api/profile/me (spec §3, query-api profileView). */
export interface EducationEntry {
  percentage?: number | string | null;
  percentageOrCGPA?: number | string | null;
  passingYear?: number | string | null;
  degree?: string | null;
}

export interface Profile {
  _id: string;
  fullName: string;
  email: string;
  rollNo?: string | null;
  mobileNo?: string | null;
  whatsappNo?: string | null;
  mailId?: string | null;
  fatherName?: string | null;
  fatherNumber?: string | null;
  education?: { tenth?: EducationEntry | null; twelfth?: EducationEntry | null; graduation?: EducationEntry | null; masters?: EducationEntry | null } | null;
  school?: string | null;
  existingBacklogs?: number | null;
  areaOfInterest?: string | null;
  skills?: { id?: string; name: string }[];
  hasCertifications?: boolean;
  certifications?: { name: string; image?: string | null; imageKey?: string | null }[];
  readyToRelocate?: boolean;
  experience?: { hasExperience?: boolean; organizationName?: string; duration?: string; details?: string }[];
  resume?: string | null;
  profilePhoto?: string | null;
}
