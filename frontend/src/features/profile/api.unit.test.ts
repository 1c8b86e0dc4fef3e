import { profileFormData } from './api';
import type { ProfileSubmission } from './types';

const submission: ProfileSubmission = {
  mobileNo: '9876543210',
  whatsappNo: '9876543210',
  mailId: '',
  fatherName: 'Ravi',
  fatherNumber: '9123456780',
  school: 'SOET',
  existingBacklogs: '0',
  areaOfInterest: 'Web',
  hasCertifications: true,
  readyToRelocate: false,
  education: {
    tenth: { percentage: '90', passingYear: '2017' },
    twelfth: { percentage: '85', passingYear: '2019' },
    graduation: { degree: '', percentageOrCGPA: '', passingYear: '' },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  },
  skills: [{ id: 's1', name: 'React' }],
  certifications: [
    { name: 'AWS', imageKey: 'profiles/u1/certifications/a.png' },
    { name: 'GCP', imageKey: null },
  ],
  experience: [{ hasExperience: true, organizationName: 'Acme', duration: '3 months', details: 'x' }, { organizationName: 'Beta', duration: '1 year', details: 'y' }],
};

describe('profileFormData', () => {
  it('sends lists and education as JSON text and each new certification image by index', () => {
    const image = new File(['png'], 'gcp.png', { type: 'image/png' });
    const resume = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    const body = profileFormData(submission, { profilePhoto: null, resume, certificationImages: [null, image] });
    expect(JSON.parse(body.get('education') as string)).toEqual(submission.education);
    expect(JSON.parse(body.get('skills') as string)).toEqual(submission.skills);
    expect(JSON.parse(body.get('certifications') as string)).toEqual(submission.certifications);
    const experience = JSON.parse(body.get('experience') as string) as { hasExperience?: boolean }[];
    expect(experience[0]!.hasExperience).toBe(true);
    expect('hasExperience' in experience[1]!).toBe(false);
    expect(body.get('hasCertifications')).toBe('true');
    expect(body.get('readyToRelocate')).toBe('false');
    expect(body.get('certificationImage-0')).toBeNull();
    expect((body.get('certificationImage-1') as File).name).toBe('gcp.png');
    expect((body.get('resume') as File).name).toBe('cv.pdf');
    expect(body.get('profilePhoto')).toBeNull();
  });
});
