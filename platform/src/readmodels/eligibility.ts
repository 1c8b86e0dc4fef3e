import { comparableProfileOf, comparableRulesOf, eligibilityProfileOf, type ComparableProfile, type EligibilityRules, type StudentProfile } from '@placement/domain';
import type { Document } from 'mongodb';

/**
 * A job's eligibility rules as the read model selects by them (the job document's `eligibilityMatch`):
 * the domain's comparable rules with every empty list as null, so that "no rule or the student's value
 * passes" is one plain equality or range per rule. Documents written before the rules existed have no
 * `eligibilityMatch` and admit everyone, as the domain reads them.
 */
export interface JobEligibilityMatch {
  minTenthPercentage: number | null;
  minTwelfthPercentage: number | null;
  minGraduationCgpa: number | null;
  minGraduationPercentage: number | null;
  maxBacklogs: number | null;
  passingYears: string[] | null;
  degreeKeys: string[] | null;
  schools: string[] | null;
}

const listOrNull = (list: readonly string[]): string[] | null => (list.length === 0 ? null : [...list]);

export function jobEligibilityMatchOf(rules: EligibilityRules | null | undefined): JobEligibilityMatch {
  const comparable = comparableRulesOf(rules);
  return {
    minTenthPercentage: comparable.minTenthPercentage,
    minTwelfthPercentage: comparable.minTwelfthPercentage,
    minGraduationCgpa: comparable.minGraduationCgpa,
    minGraduationPercentage: comparable.minGraduationPercentage,
    maxBacklogs: comparable.maxBacklogs,
    passingYears: listOrNull(comparable.passingYears),
    degreeKeys: listOrNull(comparable.degreeKeys),
    schools: listOrNull(comparable.schools),
  };
}

/** A student profile as the user documents keep it for counting (`eligibility`). */
export const studentEligibilityOf = (profile: StudentProfile | null | undefined): ComparableProfile => comparableProfileOf(eligibilityProfileOf(profile));

const MATCH = 'eligibilityMatch';

/** No minimum, or one the value reaches; a missing value passes only when there is no rule. */
const minimum = (field: keyof JobEligibilityMatch, value: number | null): Document =>
  value === null ? { [`${MATCH}.${field}`]: null } : { $or: [{ [`${MATCH}.${field}`]: null }, { [`${MATCH}.${field}`]: { $lte: value } }] };

const maximum = (field: keyof JobEligibilityMatch, value: number | null): Document =>
  value === null ? { [`${MATCH}.${field}`]: null } : { $or: [{ [`${MATCH}.${field}`]: null }, { [`${MATCH}.${field}`]: { $gte: value } }] };

const listed = (field: keyof JobEligibilityMatch, value: string | null): Document =>
  value === null ? { [`${MATCH}.${field}`]: null } : { $or: [{ [`${MATCH}.${field}`]: null }, { [`${MATCH}.${field}`]: value }] };

/** The jobs a student with this profile is eligible for (`eligibilityOf` agrees), or was let in to by an override. */
export function eligibleJobsFilter(profile: ComparableProfile, studentId: string): Document {
  return {
    $or: [
      { [MATCH]: null },
      { eligibilityOverrides: studentId },
      {
        $and: [
          minimum('minTenthPercentage', profile.tenthPercentage),
          minimum('minTwelfthPercentage', profile.twelfthPercentage),
          minimum('minGraduationCgpa', profile.graduationCgpa),
          minimum('minGraduationPercentage', profile.graduationPercentage),
          maximum('maxBacklogs', profile.backlogs),
          listed('passingYears', profile.passingYear),
          listed('degreeKeys', profile.degreeKey),
          listed('schools', profile.school),
        ],
      },
    ],
  };
}

const STUDENT = 'eligibility';

/** The conditions a job's rules put on a student's `eligibility` (none for a job without rules). */
function studentRulesOf(match: JobEligibilityMatch | null | undefined): Document[] {
  const rules: Document[] = [];
  if (match) {
    const atLeast = (field: keyof ComparableProfile, value: number | null) => value !== null && rules.push({ [`${STUDENT}.${field}`]: { $gte: value } });
    atLeast('tenthPercentage', match.minTenthPercentage);
    atLeast('twelfthPercentage', match.minTwelfthPercentage);
    atLeast('graduationCgpa', match.minGraduationCgpa);
    atLeast('graduationPercentage', match.minGraduationPercentage);
    if (match.maxBacklogs !== null) rules.push({ [`${STUDENT}.backlogs`]: { $lte: match.maxBacklogs } });
    if (match.passingYears) rules.push({ [`${STUDENT}.passingYear`]: { $in: match.passingYears } });
    if (match.degreeKeys) rules.push({ [`${STUDENT}.degreeKey`]: { $in: match.degreeKeys } });
    if (match.schools) rules.push({ [`${STUDENT}.school`]: { $in: match.schools } });
  }
  return rules;
}

/**
 * Whether a job's rules admit every student account (it has none; overrides then change nothing):
 * eligibleStudentsFilter is `{ role: 'student' }`, whose count is the users projection's `student`
 * counter. At scale 1 (20,000 students) counting them read every user document (20-60 ms on the
 * local server), reading the counter about 1 ms.
 */
export const admitsEveryStudent = (match: JobEligibilityMatch | null | undefined): boolean => studentRulesOf(match).length === 0;

/** The student accounts a job admits (by the `eligibility` of their user documents), overrides included. */
export function eligibleStudentsFilter(match: JobEligibilityMatch | null | undefined, overrides: readonly string[] = []): Document {
  const rules = studentRulesOf(match);
  const admitted = rules.length === 0 ? {} : { $and: rules };
  return { role: 'student', ...(overrides.length === 0 || rules.length === 0 ? admitted : { $or: [admitted, { _id: { $in: [...overrides] } }] }) };
}
