import { nanoid } from '@reduxjs/toolkit';
import { experienceEntrySchema, studentProfileSchema } from '@placement/domain';
import { firstErrorPerField, validate, type FieldErrors } from '../../shared/validation';
import type { EducationEntry, Profile, ProfileSubmission, ProfileUploads } from './types';

/** Messages of the form's file rules (spec §5), as the server words them. */
export const PROFILE_FILE_MESSAGES = {
  resumeType: 'Resume must be a PDF',
  certificationImageType: 'Certification image must be an image file',
  profilePhotoType: 'Profile photo must be an image file',
} as const;

export interface CertificationValue {
  key: string;
  name: string;
  /** The stored image (kept unless a new file replaces it). */
  imageKey: string | null;
  image: string | null;
  file: File | null;
}

export interface ExperienceValue {
  key: string;
  organizationName: string;
  duration: string;
  details: string;
}

export interface ProfileFormValues {
  mobileNo: string;
  whatsappNo: string;
  mailId: string;
  fatherName: string;
  fatherNumber: string;
  education: ProfileSubmission['education'];
  school: string;
  existingBacklogs: string;
  areaOfInterest: string;
  skills: { id: string; name: string }[];
  hasCertifications: boolean;
  certifications: CertificationValue[];
  readyToRelocate: boolean;
  /** The first entry's flag (spec §2: only the first entry carries hasExperience). */
  hasExperience: boolean;
  experience: ExperienceValue[];
  profilePhoto: File | null;
  resume: File | null;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

const school = (entry: EducationEntry | null | undefined) => ({ percentage: text(entry?.percentage), passingYear: text(entry?.passingYear) });
const degree = (entry: EducationEntry | null | undefined) => ({
  degree: text(entry?.degree),
  percentageOrCGPA: text(entry?.percentageOrCGPA),
  passingYear: text(entry?.passingYear),
});

export const emptyExperience = (): ExperienceValue => ({ key: nanoid(), organizationName: '', duration: '', details: '' });
export const emptyCertification = (): CertificationValue => ({ key: nanoid(), name: '', imageKey: null, image: null, file: null });

/** The form's starting values from GET /api/profile/me. */
export function formValuesOf(profile: Profile | null): ProfileFormValues {
  const experience = (profile?.experience ?? []).map((entry) => ({
    key: nanoid(),
    organizationName: text(entry.organizationName),
    duration: text(entry.duration),
    details: text(entry.details),
  }));
  return {
    mobileNo: text(profile?.mobileNo),
    whatsappNo: text(profile?.whatsappNo),
    mailId: text(profile?.mailId),
    fatherName: text(profile?.fatherName),
    fatherNumber: text(profile?.fatherNumber),
    education: {
      tenth: school(profile?.education?.tenth),
      twelfth: school(profile?.education?.twelfth),
      graduation: degree(profile?.education?.graduation),
      masters: degree(profile?.education?.masters),
    },
    school: text(profile?.school),
    existingBacklogs: text(profile?.existingBacklogs),
    areaOfInterest: text(profile?.areaOfInterest),
    skills: (profile?.skills ?? []).filter((skill) => text(skill.name).trim() !== '').map((skill) => ({ id: text(skill.id) || nanoid(), name: skill.name })),
    hasCertifications: Boolean(profile?.hasCertifications),
    certifications: (profile?.certifications ?? []).map((certification) => ({
      key: nanoid(),
      name: text(certification.name),
      imageKey: certification.imageKey ?? null,
      image: certification.image ?? null,
      file: null,
    })),
    readyToRelocate: Boolean(profile?.readyToRelocate),
    hasExperience: Boolean(profile?.experience?.[0]?.hasExperience),
    experience: experience.length > 0 ? experience : [emptyExperience()],
    profilePhoto: null,
    resume: null,
  };
}

const isPdf = (file: File): boolean => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
const isImage = (file: File): boolean => file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|bmp|svg)$/i.test(file.name);

/** The multipart fields of the form's values (files apart). */
export function submissionOf(values: ProfileFormValues): ProfileSubmission {
  const certifications = values.hasCertifications ? values.certifications : [];
  const experience = values.hasExperience
    ? values.experience.map(({ organizationName, duration, details }, index) => ({
        ...(index === 0 ? { hasExperience: true } : {}),
        organizationName: organizationName.trim(),
        duration: duration.trim(),
        details: details.trim(),
      }))
    : [{ hasExperience: false, organizationName: '', duration: '', details: '' }];
  return {
    mobileNo: values.mobileNo.trim(),
    whatsappNo: values.whatsappNo.trim(),
    mailId: values.mailId.trim(),
    fatherName: values.fatherName.trim(),
    fatherNumber: values.fatherNumber.trim(),
    school: values.school,
    existingBacklogs: values.existingBacklogs.trim(),
    areaOfInterest: values.areaOfInterest.trim(),
    hasCertifications: values.hasCertifications,
    readyToRelocate: values.readyToRelocate,
    education: values.education,
    skills: values.skills,
    certifications: certifications.map(({ name, imageKey, file }) => ({ name: name.trim(), imageKey: file ? null : imageKey })),
    experience,
  };
}

export function uploadsOf(values: ProfileFormValues): ProfileUploads {
  return {
    profilePhoto: values.profilePhoto,
    resume: values.resume,
    certificationImages: values.hasCertifications ? values.certifications.map((certification) => certification.file) : [],
  };
}

/** Every rule of spec §5 for the profile: the domain schema, every experience entry when the flag is on, and the files. */
export function validateProfileForm(values: ProfileFormValues): FieldErrors {
  const submission = submissionOf(values);
  const errors: FieldErrors = { ...validate(studentProfileSchema, submission).errors };
  if (values.hasExperience) {
    values.experience.forEach((entry, index) => {
      const result = experienceEntrySchema.safeParse({ ...entry, hasExperience: true });
      if (!result.success) {
        for (const [field, message] of Object.entries(firstErrorPerField(result.error.issues))) {
          errors[`experience.${index}.${field}`] ??= message;
        }
      }
    });
  }
  if (values.hasCertifications) {
    values.certifications.forEach((certification, index) => {
      if (certification.file && !isImage(certification.file)) errors[`certifications.${index}.image`] = PROFILE_FILE_MESSAGES.certificationImageType;
    });
  }
  if (values.resume && !isPdf(values.resume)) errors.resume = PROFILE_FILE_MESSAGES.resumeType;
  if (values.profilePhoto && !isImage(values.profilePhoto)) errors.profilePhoto = PROFILE_FILE_MESSAGES.profilePhotoType;
  return errors;
}

/** Percentages: the input refuses anything outside 0-100 (spec §5). */
export const acceptsPercentage = (value: string): boolean => value === '' || (/^\d{0,3}(\.\d{0,2})?$/.test(value) && Number(value) >= 0 && Number(value) <= 100);
