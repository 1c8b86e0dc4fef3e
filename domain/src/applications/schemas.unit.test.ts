import {
  APPLICATION_MESSAGES,
  applicationFormSchema,
  applicationStatusChangeSchema,
  applicationsToExport,
  bulkApplicationStatusSchema,
  resumeFileProblem,
  RESUME_ACCEPT,
} from './schemas';

const validForm = { fullName: 'Asha Rao', email: 'asha@uni.edu', phone: '9876543210' };
const messageAt = (input: Record<string, unknown>, field: string) =>
  applicationFormSchema.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('applicationFormSchema', () => {
  it('accepts and trims a complete form', () => {
    expect(applicationFormSchema.parse({ ...validForm, fullName: ' Asha Rao ' })).toEqual(validForm);
  });

  it.each([
    ['fullName', '  ', 'Full name is required'],
    ['fullName', undefined, 'Full name is required'],
    ['email', '', 'Email is required'],
    ['email', 'asha@', 'Invalid email format'],
    ['phone', '', 'Phone number is required'],
    ['phone', '98765', 'Phone number must be 10 digits'],
    ['phone', '98765432101', 'Phone number must be 10 digits'],
    ['phone', '98765-4321', 'Phone number must be 10 digits'],
  ])('for %s = %j says %s', (field, value, message) => {
    expect(messageAt({ ...validForm, [field]: value }, field)).toBe(message);
  });
});

describe('resumeFileProblem', () => {
  it.each([
    [{ name: 'cv.pdf', type: 'application/pdf' }],
    [{ name: 'cv.DOC', type: 'application/msword' }],
    [{ name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }],
    [{ name: 'cv.docx', type: '' }],
    [{ name: 'cv.pdf' }],
  ])('accepts %j', (file) => {
    expect(resumeFileProblem(file)).toBeNull();
  });

  it.each([[null], [undefined], [{ name: ' ' }]])("says 'Resume is required' for %j", (file) => {
    expect(resumeFileProblem(file)).toBe('Resume is required');
  });

  it.each([[{ name: 'cv.png', type: 'image/png' }], [{ name: 'cv.txt' }], [{ name: 'cv.pdf', type: 'image/png' }]])(
    "says 'Resume must be PDF, DOC, or DOCX' for %j",
    (file) => {
      expect(resumeFileProblem(file)).toBe('Resume must be PDF, DOC, or DOCX');
    },
  );

  it('offers the picker the three extensions', () => {
    expect(RESUME_ACCEPT).toBe('.pdf,.doc,.docx');
  });
});

describe('status schemas', () => {
  const messages = (schema: typeof bulkApplicationStatusSchema | typeof applicationStatusChangeSchema, input: unknown) =>
    schema.safeParse(input).error?.issues.map((issue) => issue.message);

  it('accepts a bulk update with a status and a selection', () => {
    expect(bulkApplicationStatusSchema.parse({ status: 'Scheduled', applicationIds: ['a1'] })).toEqual({ status: 'Scheduled', applicationIds: ['a1'] });
  });

  it('asks for a status and a selection in bulk', () => {
    expect(messages(bulkApplicationStatusSchema, { status: '', applicationIds: [] })).toEqual([
      'Please select a status to apply.',
      'Please select at least one application.',
    ]);
    expect(messages(bulkApplicationStatusSchema, {})).toEqual(['Please select a status to apply.', 'Please select at least one application.']);
  });

  it('refuses an unknown status', () => {
    expect(messages(bulkApplicationStatusSchema, { status: 'Hired', applicationIds: ['a1'] })).toEqual([APPLICATION_MESSAGES.statusInvalid]);
    expect(APPLICATION_MESSAGES.statusInvalid).toBe('Status must be one of Applied, Under Review, Scheduled, Accepted, Rejected');
  });

  it('asks for a status on a single change', () => {
    expect(messages(applicationStatusChangeSchema, {})).toEqual(['Please select a status']);
  });
});

describe('applicationsToExport', () => {
  const applications = [{ status: 'Applied' as const }, { status: 'Accepted' as const }];

  it("says 'No applications to export.' for an empty list", () => {
    expect(applicationsToExport([], 'all')).toEqual({ ok: false, message: 'No applications to export.' });
  });

  it("says 'No applications match the selected status.' when the filter matches nothing", () => {
    expect(applicationsToExport(applications, 'Rejected')).toEqual({ ok: false, message: 'No applications match the selected status.' });
  });

  it('keeps the matching applications, or all of them', () => {
    expect(applicationsToExport(applications, 'Accepted')).toEqual({ ok: true, applications: [{ status: 'Accepted' }] });
    expect(applicationsToExport(applications, 'all')).toEqual({ ok: true, applications });
  });
});
