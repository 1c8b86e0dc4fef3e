import type { JobFormInput } from './schemas';

/** A complete, valid job form for tests. */
export const validJobForm: JobFormInput = {
  companyName: 'Acme Analytics',
  companyLogo: 'https://acme.example/logo.png',
  website: 'https://acme.example',
  officeAddress: '12 MG Road, Bengaluru',
  yearOfEstablishment: 2004,
  contactPersonName: 'Priya Sharma',
  contactNumber: '9876543210',
  email: 'hr@acme.example',
  profiles: 'Data Analyst',
  eligibility: 'B.Tech CSE, 7 CGPA',
  vacancies: 3,
  offerType: ['Full time Employment'],
  ctcOrStipend: '8 LPA',
  location: 'Bengaluru',
  resultDeclaration: 'Within a week',
  dateOfJoining: '2025-07-01',
  reference: 'Self',
  jobDescription: 'Build dashboards.',
  additionalInfo: '',
  skills: ['SQL', 'Python'],
  category: ['Data Analyst'],
};

/** The form's required fields that take one value (text, a number or a date): blank, each is 'This field is required'. */
export const requiredSingleValueFields = [
  'companyName',
  'officeAddress',
  'website',
  'yearOfEstablishment',
  'contactPersonName',
  'contactNumber',
  'email',
  'profiles',
  'eligibility',
  'vacancies',
  'ctcOrStipend',
  'location',
  'resultDeclaration',
  'dateOfJoining',
  'reference',
] as const;
