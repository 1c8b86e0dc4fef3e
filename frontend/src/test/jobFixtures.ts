import type { ListedJob } from '@placement/domain';

/** A job as GET /api/jobs lists it (the domain's ListedJob contract), with what a test names. */
export function listedJob(overrides: Partial<ListedJob> = {}): ListedJob {
  return {
    _id: 'job-1',
    companyName: 'Acme',
    companyLogo: '',
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
    skills: ['SQL'],
    category: ['Data Analyst'],
    status: 'approved',
    source: 'admin',
    createdAt: '2025-06-01T09:00:00.000Z',
    applicationCount: 0,
    ...overrides,
  };
}
