import type { z } from 'zod';
import { MESSAGES } from './form-messages';
import { fieldProblems } from '../schemas-shared';
import { studentProfileSchema } from './profile';

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

const validProfile = () => ({
  mobileNo: '9876543210',
  whatsappNo: '9876543211',
  mailId: '',
  fatherName: 'Ramesh Rao',
  fatherNumber: '9876543212',
  education: {
    tenth: { percentage: 91.2, passingYear: '2017' },
    twelfth: { percentage: '88', passingYear: 2019 },
    graduation: { degree: 'B.Tech', percentageOrCGPA: 8.4, passingYear: '2023' },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  },
  school: 'SOET',
  existingBacklogs: '0',
  areaOfInterest: 'Data engineering',
  skills: [{ id: 1, name: 'SQL' }],
  hasCertifications: 'false',
  certifications: [],
  readyToRelocate: 'true',
  experience: [{ hasExperience: false, organizationName: '', duration: '', details: '' }],
});

/** A copy of the valid profile with one value replaced at a dotted path ('education.tenth.percentage'). */
function withValue(path: string, value: unknown): Record<string, unknown> {
  const profile: Record<string, unknown> = validProfile();
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, profile);
  parent[last] = value;
  return profile;
}

describe('studentProfileSchema', () => {
  it('accepts a complete profile, turning form text into numbers and flags', () => {
    expect(studentProfileSchema.parse(validProfile())).toEqual({
      mobileNo: '9876543210',
      whatsappNo: '9876543211',
      mailId: null,
      fatherName: 'Ramesh Rao',
      fatherNumber: '9876543212',
      education: {
        tenth: { percentage: 91.2, passingYear: '2017' },
        twelfth: { percentage: 88, passingYear: '2019' },
        graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
        masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
      },
      school: 'SOET',
      existingBacklogs: 0,
      areaOfInterest: 'Data engineering',
      skills: [{ id: '1', name: 'SQL' }],
      hasCertifications: false,
      certifications: [],
      readyToRelocate: true,
      experience: [{ hasExperience: false, organizationName: '', duration: '', details: '' }],
    });
  });

  it('lets graduation and masters be left out entirely', () => {
    const { education } = validProfile();
    const parsed = studentProfileSchema.parse({ ...validProfile(), education: { tenth: education.tenth, twelfth: education.twelfth } });
    expect(parsed.education.masters).toEqual({ degree: '', percentageOrCGPA: '', passingYear: '' });
  });

  it('keeps certifications only while they are switched on', () => {
    const certifications = [{ name: 'AWS Cloud Practitioner', imageKey: 'certifications/u1/aws.png' }, { name: 'Scrum' }];
    expect(studentProfileSchema.parse({ ...validProfile(), hasCertifications: true, certifications }).certifications).toEqual([
      { name: 'AWS Cloud Practitioner', imageKey: 'certifications/u1/aws.png' },
      { name: 'Scrum', imageKey: null },
    ]);
    expect(studentProfileSchema.parse({ ...validProfile(), hasCertifications: false, certifications }).certifications).toEqual([]);
  });

  it('asks nothing of an experience entry whose flag is off, and keeps its text', () => {
    const experience = [{ hasExperience: false, organizationName: 'Acme', duration: '', details: '' }];
    expect(studentProfileSchema.parse({ ...validProfile(), experience }).experience).toEqual(experience);
  });

  it.each([
    ['mobileNo', undefined, 'mobileNo', MESSAGES.mobileNoRequired],
    ['mobileNo', '98765', 'mobileNo', MESSAGES.mobileNoDigits],
    ['mobileNo', '98765abcde', 'mobileNo', MESSAGES.mobileNoDigits],
    ['whatsappNo', '', 'whatsappNo', MESSAGES.whatsappNoRequired],
    ['whatsappNo', '12345678901', 'whatsappNo', MESSAGES.whatsappNoDigits],
    ['fatherName', ' ', 'fatherName', MESSAGES.fatherNameRequired],
    ['fatherNumber', undefined, 'fatherNumber', MESSAGES.fatherNumberRequired],
    ['fatherNumber', '+919876543', 'fatherNumber', MESSAGES.fatherNumberDigits],
    ['education.tenth.percentage', '', 'education.tenth.percentage', MESSAGES.tenthPercentageRequired],
    ['education.tenth.percentage', 100.5, 'education.tenth.percentage', MESSAGES.tenthPercentageRange],
    ['education.tenth.percentage', '-1', 'education.tenth.percentage', MESSAGES.tenthPercentageRange],
    ['education.tenth.percentage', 'ninety', 'education.tenth.percentage', MESSAGES.tenthPercentageRange],
    ['education.tenth.passingYear', undefined, 'education.tenth.passingYear', MESSAGES.tenthPassingYearRequired],
    ['education.tenth.passingYear', '17', 'education.tenth.passingYear', MESSAGES.tenthPassingYearDigits],
    ['education.twelfth.percentage', undefined, 'education.twelfth.percentage', MESSAGES.twelfthPercentageRequired],
    ['education.twelfth.percentage', 101, 'education.twelfth.percentage', MESSAGES.twelfthPercentageRange],
    ['education.twelfth.passingYear', '', 'education.twelfth.passingYear', MESSAGES.twelfthPassingYearRequired],
    ['education.twelfth.passingYear', 20190, 'education.twelfth.passingYear', MESSAGES.twelfthPassingYearDigits],
    ['education.graduation.passingYear', '23', 'education.graduation.passingYear', MESSAGES.graduationPassingYearDigits],
    ['education.masters.passingYear', 'two thousand', 'education.masters.passingYear', MESSAGES.mastersPassingYearDigits],
    ['school', undefined, 'school', MESSAGES.schoolRequired],
    ['school', 'SOMX', 'school', MESSAGES.schoolRequired],
    ['existingBacklogs', '', 'existingBacklogs', MESSAGES.existingBacklogsRequired],
    ['existingBacklogs', -1, 'existingBacklogs', MESSAGES.existingBacklogsWholeNumber],
    ['existingBacklogs', '1.5', 'existingBacklogs', MESSAGES.existingBacklogsWholeNumber],
    ['areaOfInterest', '', 'areaOfInterest', MESSAGES.areaOfInterestRequired],
    ['skills', [], 'skills', MESSAGES.skillsRequired],
    ['skills', undefined, 'skills', MESSAGES.skillsRequired],
    ['skills', [{ id: 's1', name: ' ' }], 'skills.0.name', MESSAGES.skillNameRequired],
    ['skills', [{ name: 'SQL' }], 'skills.0.id', MESSAGES.skillIdRequired],
    ['mailId', 'asha@', 'mailId', MESSAGES.mailIdInvalid],
  ])('%s = %j → %s: %s', (path, value, field, message) => {
    expect(problemsOf(studentProfileSchema, withValue(path, value))).toEqual([{ field, message }]);
  });

  it('requires a name for each certification while certifications are on', () => {
    const profile = { ...validProfile(), hasCertifications: 'true', certifications: [{ name: 'Scrum' }, { name: '' }] };
    expect(problemsOf(studentProfileSchema, profile)).toEqual([{ field: 'certifications.1.name', message: MESSAGES.certificationNameRequired }]);
  });

  it('requires organization, duration and details of an entry whose experience flag is on', () => {
    const profile = { ...validProfile(), experience: [{ hasExperience: true }] };
    expect(problemsOf(studentProfileSchema, profile)).toEqual([
      { field: 'experience.0.organizationName', message: MESSAGES.organizationNameRequired },
      { field: 'experience.0.duration', message: MESSAGES.durationRequired },
      { field: 'experience.0.details', message: MESSAGES.detailsRequired },
    ]);
  });

  it('reports the problems of every field at once', () => {
    expect(problemsOf(studentProfileSchema, { experience: [{ hasExperience: 'true', organizationName: 'Acme', duration: '6 months' }] })).toHaveLength(13);
  });

  it('keeps the spec\'s wording of its messages', () => {
    expect([MESSAGES.mobileNoDigits, MESSAGES.whatsappNoDigits, MESSAGES.fatherNumberDigits, MESSAGES.tenthPercentageRange, MESSAGES.twelfthPercentageRange]).toEqual([
      'Mobile number must be 10 digits',
      'WhatsApp number must be 10 digits',
      "Father's number must be 10 digits",
      '10th percentage must be a number between 0 and 100',
      '12th percentage must be a number between 0 and 100',
    ]);
  });
});
