/** The student profile form as the browser sends it, with the graduation score and backlogs a test chooses (B.Tech, 2026, SOET). */
export const profileForm = (graduationScore: string, backlogs: string, degree = 'B.Tech'): Record<string, string> => ({
  mobileNo: '9876543210',
  whatsappNo: '9876543211',
  fatherName: 'Ramesh Rao',
  fatherNumber: '9876543212',
  school: 'SOET',
  existingBacklogs: backlogs,
  areaOfInterest: 'Data engineering',
  hasCertifications: 'false',
  readyToRelocate: 'true',
  education: JSON.stringify({
    tenth: { percentage: 91, passingYear: '2019' },
    twelfth: { percentage: 88, passingYear: '2021' },
    graduation: { degree, percentageOrCGPA: graduationScore, passingYear: '2026' },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  }),
  skills: JSON.stringify([{ id: 1, name: 'SQL' }]),
  experience: '[]',
});
