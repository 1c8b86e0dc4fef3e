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

/** What the profile form sends (POST /api/profile/update), before it becomes multipart. */
export interface ProfileSubmission {
  mobileNo: string;
  whatsappNo: string;
  mailId: string;
  fatherName: string;
  fatherNumber: string;
  school: string;
  existingBacklogs: string;
  areaOfInterest: string;
  hasCertifications: boolean;
  readyToRelocate: boolean;
  education: {
    tenth: { percentage: string; passingYear: string };
    twelfth: { percentage: string; passingYear: string };
    graduation: { degree: string; percentageOrCGPA: string; passingYear: string };
    masters: { degree: string; percentageOrCGPA: string; passingYear: string };
  };
  skills: { id: string; name: string }[];
  /** imageKey keeps an image uploaded before; a new image goes as certificationImage-{index}. */
  certifications: { name: string; imageKey: string | null }[];
  experience: { hasExperience?: boolean; organizationName: string; duration: string; details: string }[];
}

/** The files of one save: each is optional (the server keeps the stored one when absent). */
export interface ProfileUploads {
  profilePhoto: File | null;
  resume: File | null;
  /** By certification index; null keeps that certification's stored image. */
  certificationImages: (File | null)[];
}
