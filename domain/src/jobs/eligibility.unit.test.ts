import {
  comparableProfileOf,
  comparableRulesOf,
  eligibilityOf,
  eligibilityProfileOf,
  eligibilityRulesSchema,
  graduationScoreOf,
  hasEligibilityRules,
  NO_ELIGIBILITY_RULES,
  type EligibilityProfile,
  type EligibilityRules,
} from './eligibility';

const rules = (overrides: Partial<EligibilityRules>): EligibilityRules => ({ ...NO_ELIGIBILITY_RULES, ...overrides });

/** A student who meets ordinary rules: 10th 85, 12th 80, B.Tech 2026 at CGPA 8.0, SOET, no backlogs. */
const student: EligibilityProfile = {
  tenthPercentage: 85,
  twelfthPercentage: 80,
  graduation: { value: 8, scale: 'CGPA' },
  degree: 'B.Tech',
  passingYear: '2026',
  school: 'SOET',
  existingBacklogs: 0,
};

/** Given the job's rules, when a student with this profile is checked: the verdict. */
const given = (jobRules: Partial<EligibilityRules>) => ({ when: (profile: Partial<EligibilityProfile>) => eligibilityOf(rules(jobRules), { ...student, ...profile }) });

describe('eligibility rules: given a job, when a student is checked', () => {
  it('admits everyone when the job has no rules', () => {
    expect(given({}).when({ existingBacklogs: 5, graduation: null })).toEqual({ eligible: true, reasons: [], message: null });
  });

  it('admits a student who meets every rule, minimums included', () => {
    const verdict = given({ minTenthPercentage: 85, minTwelfthPercentage: 80, minGraduation: 8, maxBacklogs: 0, passingYears: ['2026'], degrees: ['B.Tech'], schools: ['SOET'] }).when({});
    expect(verdict.eligible).toBe(true);
  });

  it('names every failing rule in one message, in the form order', () => {
    expect(given({ minGraduation: 7, maxBacklogs: 0 }).when({ graduation: { value: 6.8, scale: 'CGPA' }, existingBacklogs: 2 })).toEqual({
      eligible: false,
      reasons: ['graduation CGPA 6.8 is below 7.0', '2 existing backlogs, at most 0 allowed'],
      message: 'Not eligible: graduation CGPA 6.8 is below 7.0; 2 existing backlogs, at most 0 allowed',
    });
  });

  it.each([
    [{ minTenthPercentage: 90 }, {}, '10th percentage 85 is below 90'],
    [{ minTwelfthPercentage: 82.5 }, { twelfthPercentage: 80.25 }, '12th percentage 80.25 is below 82.5'],
    [{ maxBacklogs: 0 }, { existingBacklogs: 1 }, '1 existing backlog, at most 0 allowed'],
    [{ passingYears: ['2025', '2027'] }, {}, 'passing year 2026 is not among 2025, 2027'],
    [{ degrees: ['M.Tech', 'MCA'] }, {}, 'degree B.Tech is not among M.Tech, MCA'],
    [{ schools: ['SOMC'] as EligibilityRules['schools'] }, {}, 'school SOET is not among SOMC'],
  ])('refuses %j with its message', (jobRules, profile, reason) => {
    expect(given(jobRules).when(profile)).toEqual({ eligible: false, reasons: [reason], message: `Not eligible: ${reason}` });
  });

  it('compares degrees without case, spaces or dots', () => {
    expect(given({ degrees: ['btech', 'M. Tech'] }).when({ degree: 'B. Tech' }).eligible).toBe(true);
  });

  it('converts a percentage to the CGPA the rule asks for (x9.5) and says so', () => {
    expect(given({ minGraduation: 7 }).when({ graduation: { value: 65, scale: 'percentage' } }).reasons).toEqual(['graduation CGPA 6.84 (from 65%) is below 7.0']);
    expect(given({ minGraduation: 7 }).when({ graduation: { value: 66.5, scale: 'percentage' } }).eligible).toBe(true);
  });

  it('converts a CGPA to the percentage the rule asks for', () => {
    expect(given({ minGraduation: 70, graduationScale: 'percentage' }).when({ graduation: { value: 7.2, scale: 'CGPA' } }).reasons).toEqual([
      'graduation percentage 68.4 (from CGPA 7.2) is below 70',
    ]);
    expect(given({ minGraduation: 70, graduationScale: 'percentage' }).when({ graduation: { value: 7.4, scale: 'CGPA' } }).eligible).toBe(true);
  });

  it('refuses a rule the profile cannot answer, and a student without a profile on every rule', () => {
    expect(given({ minGraduation: 6, degrees: ['B.Tech'] }).when({ graduation: null, degree: '' }).reasons).toEqual([
      'graduation CGPA is not in your profile',
      'degree is not in your profile',
    ]);
    expect(eligibilityOf(rules({ minTenthPercentage: 60, maxBacklogs: 1 }), eligibilityProfileOf(null)).message).toBe(
      'Not eligible: 10th percentage is not in your profile; existing backlogs is not in your profile',
    );
  });
});

describe('the profile as the rules read it', () => {
  const education = {
    tenth: { percentage: 91.2, passingYear: '2017' },
    twelfth: { percentage: 88, passingYear: '2019' },
    graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  };

  it('reads the graduation score and the course (graduation unless there is a masters degree)', () => {
    expect(eligibilityProfileOf({ education, school: 'SOET', existingBacklogs: 1 })).toEqual({
      tenthPercentage: 91.2,
      twelfthPercentage: 88,
      graduation: { value: 8.4, scale: 'CGPA' },
      degree: 'B.Tech',
      passingYear: '2023',
      school: 'SOET',
      existingBacklogs: 1,
    });
    const masters = { degree: 'M.Tech', percentageOrCGPA: '9', passingYear: '2025' };
    expect(eligibilityProfileOf({ education: { ...education, masters }, school: 'SOET', existingBacklogs: 0 })).toMatchObject({ degree: 'M.Tech', passingYear: '2025', graduation: { value: 8.4 } });
  });

  it.each([
    ['8.4', { value: 8.4, scale: 'CGPA' }],
    ['8.4/10', { value: 8.4, scale: 'CGPA' }],
    ['84%', { value: 84, scale: 'percentage' }],
    ['72.5 percent', { value: 72.5, scale: 'percentage' }],
    ['72.5', { value: 72.5, scale: 'percentage' }],
    ['', null],
    ['pending', null],
    ['840', null],
  ])('reads %j as %j', (text, score) => {
    expect(graduationScoreOf(text)).toEqual(score);
  });
});

describe('the rules form', () => {
  it('takes text from a form and keeps no rule for blanks', () => {
    expect(eligibilityRulesSchema.parse({ minTenthPercentage: '60', minGraduation: '', maxBacklogs: '0', passingYears: '2026, 2027,2026', degrees: 'B.Tech, b.tech ,MCA', schools: 'SOET' })).toEqual({
      ...NO_ELIGIBILITY_RULES,
      minTenthPercentage: 60,
      maxBacklogs: 0,
      passingYears: ['2026', '2027'],
      degrees: ['B.Tech', 'MCA'],
      schools: ['SOET'],
    });
    expect(eligibilityRulesSchema.parse(undefined)).toEqual(NO_ELIGIBILITY_RULES);
  });

  it.each([
    [{ minTenthPercentage: 101 }, 'minTenthPercentage', 'Percentages must be numbers between 0 and 100'],
    [{ minGraduation: 11 }, 'minGraduation', 'A CGPA must be a number between 0 and 10'],
    [{ maxBacklogs: 1.5 }, 'maxBacklogs', 'Backlogs allowed must be a whole number of at least 0'],
    [{ passingYears: ['26'] }, 'passingYears', 'Passing years must be 4-digit years'],
    [{ schools: ['MIT'] }, 'schools', 'Schools must be among SOET, SOMC, SOHS, SOLS, SOED, Other'],
    [{ graduationScale: 'GPA' }, 'graduationScale', 'Please choose CGPA or percentage'],
  ])('refuses %j', (input, field, message) => {
    const result = eligibilityRulesSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([[field, message]]);
  });

  it('knows a job without rules', () => {
    expect(hasEligibilityRules(undefined)).toBe(false);
    expect(hasEligibilityRules(NO_ELIGIBILITY_RULES)).toBe(false);
    expect(hasEligibilityRules(rules({ maxBacklogs: 0 }))).toBe(true);
  });
});

describe('comparable values for read models', () => {
  it('keep the graduation rule on its scale and the score on both, rounded as the verdict compares', () => {
    expect(comparableRulesOf(rules({ minGraduation: 70, graduationScale: 'percentage', degrees: ['B. Tech'] }))).toMatchObject({
      minGraduationCgpa: null,
      minGraduationPercentage: 70,
      degreeKeys: ['btech'],
    });
    expect(comparableProfileOf({ ...student, graduation: { value: 65, scale: 'percentage' } })).toMatchObject({ graduationCgpa: 6.84, graduationPercentage: 65, degreeKey: 'btech' });
    expect(comparableProfileOf(eligibilityProfileOf(null))).toEqual({
      tenthPercentage: null,
      twelfthPercentage: null,
      graduationCgpa: null,
      graduationPercentage: null,
      backlogs: null,
      passingYear: null,
      degreeKey: null,
      school: null,
    });
  });
});
