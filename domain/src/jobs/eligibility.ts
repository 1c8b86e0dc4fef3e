import { z } from 'zod';
import { SCHOOLS, type School } from '../constants';
import { safeText, uniqueTrimmed } from '../schemas-shared';
import type { StudentProfileFields } from '../users/profile';

/**
 * A job's eligibility rules, beside the free-text eligibility the spec keeps. Every rule is optional:
 * null (or an empty list) admits everyone. The decider checks them when a student applies, from the
 * profile as it stands then; the job screens show the same verdict before.
 */
export const GRADUATION_SCALES = ['CGPA', 'percentage'] as const;
export type GraduationScale = (typeof GRADUATION_SCALES)[number];

export interface EligibilityRules {
  minTenthPercentage: number | null;
  minTwelfthPercentage: number | null;
  /** The minimum graduation score, on `graduationScale`. */
  minGraduation: number | null;
  graduationScale: GraduationScale;
  maxBacklogs: number | null;
  /** The passing years of the student's course (masters if any, else graduation); empty admits every year. */
  passingYears: string[];
  /** The student's course degree (masters if any, else graduation), compared without case, spaces or dots. */
  degrees: string[];
  /** The student's school (the profile's branch); empty admits every school. */
  schools: School[];
}

export const NO_ELIGIBILITY_RULES: EligibilityRules = {
  minTenthPercentage: null,
  minTwelfthPercentage: null,
  minGraduation: null,
  graduationScale: 'CGPA',
  maxBacklogs: null,
  passingYears: [],
  degrees: [],
  schools: [],
};

/**
 * Percentage points per CGPA point, the conversion the cell uses between a 10-point CGPA and a
 * percentage (the common ×9.5 rule). One constant for now; see docs/decisions.md.
 */
export const CGPA_TO_PERCENTAGE = 9.5;

export const ELIGIBILITY_MESSAGES = {
  percentage: 'Percentages must be numbers between 0 and 100',
  cgpa: 'A CGPA must be a number between 0 and 10',
  scale: 'Please choose CGPA or percentage',
  backlogs: 'Backlogs allowed must be a whole number of at least 0',
  years: 'Passing years must be 4-digit years',
  schools: `Schools must be among ${SCHOOLS.join(', ')}`,
  degrees: 'Degrees must be a list of names',
  notEligible: 'Not eligible',
} as const;

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Blank, missing or null mean no rule; text from a form becomes a number. */
const optionalNumber = (message: string, rules: (number: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess((value) => (isBlank(value) ? null : typeof value === 'string' ? Number(value.trim()) : value), rules(z.number({ error: message })).nullable());

/** A list typed as 'B.Tech, M.Tech' or sent as an array; blanks and repeats are dropped. */
const textList = (message: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? [] : typeof value === 'string' ? value.split(',') : value),
    z.array(z.preprocess((item) => (typeof item === 'number' ? String(item) : item), safeText({ error: message })), { error: message }).transform(uniqueTrimmed),
  );

export const eligibilityRulesSchema = z.preprocess(
  (value) => value ?? {},
  z.object({
    minTenthPercentage: optionalNumber(ELIGIBILITY_MESSAGES.percentage, (n) => n.min(0, { error: ELIGIBILITY_MESSAGES.percentage }).max(100, { error: ELIGIBILITY_MESSAGES.percentage })),
    minTwelfthPercentage: optionalNumber(ELIGIBILITY_MESSAGES.percentage, (n) => n.min(0, { error: ELIGIBILITY_MESSAGES.percentage }).max(100, { error: ELIGIBILITY_MESSAGES.percentage })),
    minGraduation: optionalNumber(ELIGIBILITY_MESSAGES.percentage, (n) => n.min(0, { error: ELIGIBILITY_MESSAGES.percentage }).max(100, { error: ELIGIBILITY_MESSAGES.percentage })),
    graduationScale: z.preprocess((value) => (isBlank(value) ? 'CGPA' : value), z.enum(GRADUATION_SCALES, { error: ELIGIBILITY_MESSAGES.scale })),
    maxBacklogs: optionalNumber(ELIGIBILITY_MESSAGES.backlogs, (n) => n.int({ error: ELIGIBILITY_MESSAGES.backlogs }).min(0, { error: ELIGIBILITY_MESSAGES.backlogs })),
    passingYears: textList(ELIGIBILITY_MESSAGES.years).refine((years) => years.every((year) => /^\d{4}$/.test(year)), { error: ELIGIBILITY_MESSAGES.years }),
    degrees: textList(ELIGIBILITY_MESSAGES.degrees),
    schools: z.preprocess(
      (value) => (isBlank(value) ? [] : typeof value === 'string' ? value.split(',').map((school) => school.trim()) : value),
      z.array(z.enum(SCHOOLS, { error: ELIGIBILITY_MESSAGES.schools }), { error: ELIGIBILITY_MESSAGES.schools }).transform((schools) => [...new Set(schools)]),
    ),
  }).refine((rules) => rules.graduationScale !== 'CGPA' || rules.minGraduation === null || rules.minGraduation <= 10, {
    error: ELIGIBILITY_MESSAGES.cgpa,
    path: ['minGraduation'],
  }),
);
export type EligibilityRulesInput = z.input<typeof eligibilityRulesSchema>;

/** Rules from an event or a read model that may predate them (older jobs have none). */
export const rulesOrNone = (rules: EligibilityRules | null | undefined): EligibilityRules => ({ ...NO_ELIGIBILITY_RULES, ...(rules ?? {}) });

export const hasEligibilityRules = (rules: EligibilityRules | null | undefined): boolean => {
  const { minTenthPercentage, minTwelfthPercentage, minGraduation, maxBacklogs, passingYears, degrees, schools } = rulesOrNone(rules);
  return [minTenthPercentage, minTwelfthPercentage, minGraduation, maxBacklogs].some((rule) => rule !== null) || passingYears.length + degrees.length + schools.length > 0;
};

/** What the rules read of a student's profile. */
export interface EligibilityProfile {
  tenthPercentage: number | null;
  twelfthPercentage: number | null;
  graduation: { value: number; scale: GraduationScale } | null;
  /** The course's degree: the masters degree if any, else the graduation degree; '' when neither. */
  degree: string;
  passingYear: string;
  school: string;
  existingBacklogs: number | null;
}

/**
 * A graduation score as students type it ('8.4', '84%', '8.4/10', '72.5 percent'): a value up to 10 is
 * a CGPA, above it a percentage (up to 100); anything else is no score.
 */
export function graduationScoreOf(text: string): EligibilityProfile['graduation'] {
  const match = /\d+(\.\d+)?/.exec(text);
  if (!match) return null;
  const value = Number(match[0]);
  if (text.includes('%') || /percent/i.test(text)) return value <= 100 ? { value, scale: 'percentage' } : null;
  if (value <= 10) return { value, scale: 'CGPA' };
  return value <= 100 ? { value, scale: 'percentage' } : null;
}

type ProfileForEligibility = Pick<StudentProfileFields, 'education' | 'school' | 'existingBacklogs'>;

export function eligibilityProfileOf(profile: ProfileForEligibility | null | undefined): EligibilityProfile {
  if (!profile) return { tenthPercentage: null, twelfthPercentage: null, graduation: null, degree: '', passingYear: '', school: '', existingBacklogs: null };
  const { tenth, twelfth, graduation, masters } = profile.education;
  const course = masters.degree.trim() !== '' ? masters : graduation;
  return {
    tenthPercentage: tenth.percentage,
    twelfthPercentage: twelfth.percentage,
    graduation: graduationScoreOf(graduation.percentageOrCGPA),
    degree: course.degree.trim(),
    passingYear: course.passingYear.trim(),
    school: profile.school,
    existingBacklogs: profile.existingBacklogs,
  };
}

/** 'B. Tech', 'btech' and 'B.Tech' are one degree. */
export const degreeKeyOf = (degree: string): string => degree.toLowerCase().replace(/[^a-z0-9]/g, '');

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** A CGPA shows one decimal at least ('7.0'), a percentage as typed ('72', '68.5'). */
export const formatScore = (value: number, scale: GraduationScale): string => (scale === 'CGPA' && Number.isInteger(value) ? value.toFixed(1) : String(round2(value)));

/** A graduation score on the other scale. */
export function convertScore(score: { value: number; scale: GraduationScale }, to: GraduationScale, percentPerCgpaPoint = CGPA_TO_PERCENTAGE): number {
  if (score.scale === to) return score.value;
  return to === 'percentage' ? score.value * percentPerCgpaPoint : score.value / percentPerCgpaPoint;
}

const notInProfile = (label: string): string => `${label} is not in your profile`;
const among = (label: string, value: string, allowed: readonly string[]): string => `${label} ${value} is not among ${allowed.join(', ')}`;

function minimumReason(label: string, value: number | null, minimum: number | null): string | null {
  if (minimum === null) return null;
  if (value === null) return notInProfile(label);
  return value < minimum ? `${label} ${formatScore(value, 'percentage')} is below ${formatScore(minimum, 'percentage')}` : null;
}

function graduationReason(rules: EligibilityRules, score: EligibilityProfile['graduation'], percentPerCgpaPoint: number): string | null {
  const { minGraduation: minimum, graduationScale: scale } = rules;
  if (minimum === null) return null;
  const label = `graduation ${scale}`;
  if (score === null) return notInProfile(label);
  const value = round2(convertScore(score, scale, percentPerCgpaPoint));
  if (value >= minimum) return null;
  const from = score.scale === scale ? '' : ` (from ${score.scale === 'CGPA' ? `CGPA ${formatScore(score.value, 'CGPA')}` : `${formatScore(score.value, 'percentage')}%`})`;
  return `${label} ${formatScore(value, scale)}${from} is below ${formatScore(minimum, scale)}`;
}

function backlogReason(backlogs: number | null, maximum: number | null): string | null {
  if (maximum === null) return null;
  if (backlogs === null) return notInProfile('existing backlogs');
  return backlogs > maximum ? `${backlogs} existing backlog${backlogs === 1 ? '' : 's'}, at most ${maximum} allowed` : null;
}

function listReason(label: string, value: string, allowed: readonly string[], same: (left: string, right: string) => boolean): string | null {
  if (allowed.length === 0) return null;
  if (value === '') return notInProfile(label);
  return allowed.some((entry) => same(entry, value)) ? null : among(label, value, allowed);
}

/** Every rule the profile breaks, in the form's order, each as its own sentence part. */
export function eligibilityReasons(rules: EligibilityRules | null | undefined, profile: EligibilityProfile, percentPerCgpaPoint = CGPA_TO_PERCENTAGE): string[] {
  const all = rulesOrNone(rules);
  return [
    minimumReason('10th percentage', profile.tenthPercentage, all.minTenthPercentage),
    minimumReason('12th percentage', profile.twelfthPercentage, all.minTwelfthPercentage),
    graduationReason(all, profile.graduation, percentPerCgpaPoint),
    backlogReason(profile.existingBacklogs, all.maxBacklogs),
    listReason('passing year', profile.passingYear, all.passingYears, (left, right) => left === right),
    listReason('degree', profile.degree, all.degrees, (left, right) => degreeKeyOf(left) === degreeKeyOf(right)),
    listReason('school', profile.school, all.schools, (left, right) => left === right),
  ].filter((reason): reason is string => reason !== null);
}

export interface EligibilityVerdict {
  eligible: boolean;
  reasons: string[];
  /** 'Not eligible: …' naming every failing rule; null when eligible. */
  message: string | null;
}

export const notEligibleMessage = (reasons: readonly string[]): string => `${ELIGIBILITY_MESSAGES.notEligible}: ${reasons.join('; ')}`;

export function eligibilityOf(rules: EligibilityRules | null | undefined, profile: EligibilityProfile, percentPerCgpaPoint = CGPA_TO_PERCENTAGE): EligibilityVerdict {
  const reasons = eligibilityReasons(rules, profile, percentPerCgpaPoint);
  return { eligible: reasons.length === 0, reasons, message: reasons.length === 0 ? null : notEligibleMessage(reasons) };
}

/**
 * The rules and the profile as plain comparable values, for read models that select or count by them
 * (the graduation score as a CGPA, the degree as its key). `eligibilityOf` and a query over these agree.
 */
export interface ComparableRules {
  minTenthPercentage: number | null;
  minTwelfthPercentage: number | null;
  /** Set when the rule is on the CGPA scale; `minGraduationPercentage` when on the percentage scale. */
  minGraduationCgpa: number | null;
  minGraduationPercentage: number | null;
  maxBacklogs: number | null;
  passingYears: string[];
  degreeKeys: string[];
  schools: string[];
}

export function comparableRulesOf(rules: EligibilityRules | null | undefined): ComparableRules {
  const all = rulesOrNone(rules);
  return {
    minTenthPercentage: all.minTenthPercentage,
    minTwelfthPercentage: all.minTwelfthPercentage,
    minGraduationCgpa: all.graduationScale === 'CGPA' ? all.minGraduation : null,
    minGraduationPercentage: all.graduationScale === 'percentage' ? all.minGraduation : null,
    maxBacklogs: all.maxBacklogs,
    passingYears: all.passingYears,
    degreeKeys: all.degrees.map(degreeKeyOf),
    schools: all.schools,
  };
}

export interface ComparableProfile {
  tenthPercentage: number | null;
  twelfthPercentage: number | null;
  /** The graduation score on both scales, rounded as `eligibilityOf` compares it. */
  graduationCgpa: number | null;
  graduationPercentage: number | null;
  backlogs: number | null;
  passingYear: string | null;
  degreeKey: string | null;
  school: string | null;
}

export function comparableProfileOf(profile: EligibilityProfile, percentPerCgpaPoint = CGPA_TO_PERCENTAGE): ComparableProfile {
  const orNull = (text: string): string | null => (text === '' ? null : text);
  return {
    tenthPercentage: profile.tenthPercentage,
    twelfthPercentage: profile.twelfthPercentage,
    graduationCgpa: profile.graduation === null ? null : round2(convertScore(profile.graduation, 'CGPA', percentPerCgpaPoint)),
    graduationPercentage: profile.graduation === null ? null : round2(convertScore(profile.graduation, 'percentage', percentPerCgpaPoint)),
    backlogs: profile.existingBacklogs,
    passingYear: orNull(profile.passingYear),
    degreeKey: orNull(degreeKeyOf(profile.degree)),
    school: orNull(profile.school),
  };
}

/** What applying checks: the job's rules, the student's profile as it stands, and any exception an admin granted. */
export interface EligibilityCheck {
  rules: EligibilityRules;
  profile: EligibilityProfile;
  overrideReason: string | null;
}

/** A check that refuses nobody: a job without rules (the demo season's, bulk loads, benchmarks). */
export const NO_ELIGIBILITY_CHECK: EligibilityCheck = { rules: NO_ELIGIBILITY_RULES, profile: eligibilityProfileOf(null), overrideReason: null };
