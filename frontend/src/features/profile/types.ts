import type { ProfileReply } from '@placement/domain';

/** One line of the education shown: a school year (percentage) or a degree (percentage or CGPA). */
export interface EducationEntry {
  percentage?: number | string | null;
  percentageOrCGPA?: number | string | null;
  passingYear?: number | string | null;
  degree?: string | null;
}

/** GET /api/profile/me: the student's account and profile, the domain's profile reply. */
export type Profile = ProfileReply;

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
