import { admitsEveryStudent, eligibleStudentsFilter, jobEligibilityMatchOf, type JobEligibilityMatch } from './eligibility';

const NO_RULES: JobEligibilityMatch = jobEligibilityMatchOf(null);

describe('the students a job admits', () => {
  it('admits every student account when the job has no rules, whatever its overrides', () => {
    expect(admitsEveryStudent(null)).toBe(true);
    expect(admitsEveryStudent(undefined)).toBe(true);
    expect(admitsEveryStudent(NO_RULES)).toBe(true);
    expect(eligibleStudentsFilter(NO_RULES)).toEqual({ role: 'student' });
    expect(eligibleStudentsFilter(NO_RULES, ['s-1'])).toEqual({ role: 'student' });
  });

  it.each<[string, Partial<JobEligibilityMatch>, object]>([
    ['a minimum', { minGraduationCgpa: 7 }, { 'eligibility.graduationCgpa': { $gte: 7 } }],
    ['a minimum of zero', { minTenthPercentage: 0 }, { 'eligibility.tenthPercentage': { $gte: 0 } }],
    ['no backlogs', { maxBacklogs: 0 }, { 'eligibility.backlogs': { $lte: 0 } }],
    ['passing years', { passingYears: ['2026'] }, { 'eligibility.passingYear': { $in: ['2026'] } }],
    ['degrees', { degreeKeys: ['btech-cse', 'mba'] }, { 'eligibility.degreeKey': { $in: ['btech-cse', 'mba'] } }],
    ['schools', { schools: ['law'] }, { 'eligibility.school': { $in: ['law'] } }],
  ])('counts the students %s admits, and the overridden ones', (_rule, rule, condition) => {
    const match = { ...NO_RULES, ...rule };
    expect(admitsEveryStudent(match)).toBe(false);
    expect(eligibleStudentsFilter(match)).toEqual({ role: 'student', $and: [condition] });
    expect(eligibleStudentsFilter(match, ['s-1'])).toEqual({ role: 'student', $or: [{ $and: [condition] }, { _id: { $in: ['s-1'] } }] });
  });
});
