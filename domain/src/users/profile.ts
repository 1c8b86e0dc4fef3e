import { z } from 'zod';
import { SCHOOLS } from '../constants';
import { flag, fourDigitYear, numberBetween, oneOf, optionalEmail, optionalFourDigitYear, optionalText, requiredText, tenDigitNumber, wholeNumberAtLeastZero } from '../schemas-shared/fields';
import { MESSAGES } from './form-messages';

/**
 * The student profile form (spec student side, sections 3 and 5). fullName, email and rollNo are
 * read-only there and belong to the account, so they are not part of it; the resume, the photo and
 * the certification images are files, checked at upload, and arrive here as storage keys.
 */

/** A missing group is validated as an empty one, so that its fields report their own messages. */
const group = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess((value) => value ?? {}, z.object(shape));

const schoolYear = (messages: { percentageRequired: string; percentageRange: string; yearRequired: string; yearDigits: string }) =>
  group({
    percentage: numberBetween(0, 100, messages.percentageRequired, messages.percentageRange),
    passingYear: fourDigitYear(messages.yearRequired, messages.yearDigits),
  });

/** Graduation and masters may be left blank entirely. */
const degree = (yearDigits: string) =>
  group({
    degree: optionalText(),
    percentageOrCGPA: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), optionalText()),
    passingYear: optionalFourDigitYear(yearDigits),
  });

export const educationSchema = group({
  tenth: schoolYear({
    percentageRequired: MESSAGES.tenthPercentageRequired,
    percentageRange: MESSAGES.tenthPercentageRange,
    yearRequired: MESSAGES.tenthPassingYearRequired,
    yearDigits: MESSAGES.tenthPassingYearDigits,
  }),
  twelfth: schoolYear({
    percentageRequired: MESSAGES.twelfthPercentageRequired,
    percentageRange: MESSAGES.twelfthPercentageRange,
    yearRequired: MESSAGES.twelfthPassingYearRequired,
    yearDigits: MESSAGES.twelfthPassingYearDigits,
  }),
  graduation: degree(MESSAGES.graduationPassingYearDigits),
  masters: degree(MESSAGES.mastersPassingYearDigits),
});
export type Education = z.infer<typeof educationSchema>;

export const skillSchema = z.object({
  id: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredText(MESSAGES.skillIdRequired)),
  name: requiredText(MESSAGES.skillNameRequired),
});
export type Skill = z.infer<typeof skillSchema>;

export const certificationSchema = z.object({
  name: requiredText(MESSAGES.certificationNameRequired),
  /** Storage key of the uploaded image; the command side fills it in for new uploads. */
  imageKey: z.string().trim().min(1).nullish().transform((key) => key ?? null),
});
export type Certification = z.infer<typeof certificationSchema>;

const EXPERIENCE_REQUIRED_FIELDS = [
  ['organizationName', MESSAGES.organizationNameRequired],
  ['duration', MESSAGES.durationRequired],
  ['details', MESSAGES.detailsRequired],
] as const;

/** Only an entry whose experience flag is on must be filled in. */
export const experienceEntrySchema = z
  .object({
    hasExperience: flag(),
    organizationName: optionalText(),
    duration: optionalText(),
    details: optionalText(),
  })
  .superRefine((entry, context) => {
    if (!entry.hasExperience) return;
    for (const [field, message] of EXPERIENCE_REQUIRED_FIELDS) {
      if (entry[field] === '') context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

const isSwitchedOn = (value: unknown): boolean => value === true || value === 'true';

/** Certifications the student switched off are neither validated nor kept: the profile shows what the form shows. */
const dropCertificationsUnlessEnabled = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !isSwitchedOn((value as { hasCertifications?: unknown }).hasCertifications)
    ? { ...value, certifications: [] }
    : value;

export const studentProfileSchema = z.preprocess(
  dropCertificationsUnlessEnabled,
  z.object({
    mobileNo: tenDigitNumber(MESSAGES.mobileNoRequired, MESSAGES.mobileNoDigits),
    whatsappNo: tenDigitNumber(MESSAGES.whatsappNoRequired, MESSAGES.whatsappNoDigits),
    mailId: optionalEmail(MESSAGES.mailIdInvalid),
    fatherName: requiredText(MESSAGES.fatherNameRequired),
    fatherNumber: tenDigitNumber(MESSAGES.fatherNumberRequired, MESSAGES.fatherNumberDigits),
    education: educationSchema,
    school: oneOf(SCHOOLS, MESSAGES.schoolRequired),
    existingBacklogs: wholeNumberAtLeastZero(MESSAGES.existingBacklogsRequired, MESSAGES.existingBacklogsWholeNumber),
    areaOfInterest: requiredText(MESSAGES.areaOfInterestRequired),
    skills: z.array(skillSchema, { error: MESSAGES.skillsRequired }).min(1, { error: MESSAGES.skillsRequired }),
    hasCertifications: flag(),
    certifications: z.preprocess((value) => value ?? [], z.array(certificationSchema)),
    readyToRelocate: flag(),
    experience: z.preprocess((value) => value ?? [], z.array(experienceEntrySchema)),
  }),
);

export type StudentProfileInput = z.input<typeof studentProfileSchema>;
export type StudentProfileFields = z.output<typeof studentProfileSchema>;
