import { JOB_CATEGORY_SUGGESTIONS, suggestCategories } from './categories';
import { JOB_MESSAGES, jobFormSchema, missingJobFieldsAlert, missingRequiredJobFields, parseSkills } from './schemas';
import { requiredSingleValueFields, validJobForm } from './test-fixtures';


const schema = jobFormSchema(2025);
const messagesFor = (form: Record<string, unknown>): string[] => schema.safeParse(form).error?.issues.map((issue) => issue.message) ?? [];
const messageAt = (form: Record<string, unknown>, field: string): string | undefined =>
  schema.safeParse(form).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('jobFormSchema', () => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(validJobForm).success).toBe(true);
  });

  it.each(requiredSingleValueFields)("says 'This field is required' for a blank %s", (field) => {
    expect(messageAt({ ...validJobForm, [field]: '' }, field)).toBe('This field is required');
  });

  it("says 'This field is required' for a missing text field", () => {
    const { companyName: _companyName, ...rest } = validJobForm;
    expect(messagesFor(rest)).toEqual(['This field is required']);
  });

  it.each([
    ['offerType', [], 'Please select at least one offer type'],
    ['offerType', undefined, 'Please select at least one offer type'],
    ['skills', [], 'Please add at least one skill'],
    ['skills', ' , ', 'Please add at least one skill'],
    ['category', ['  '], 'Please select at least one category'],
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['yearOfEstablishment', 1799, 'Please enter a valid year'],
    ['yearOfEstablishment', 2026, 'Please enter a valid year'],
    ['yearOfEstablishment', 'nineteen', 'Please enter a valid year'],
    ['yearOfEstablishment', 1999.5, 'Please enter a valid year'],
    ['vacancies', 0, JOB_MESSAGES.vacancies],
    ['vacancies', 1.5, JOB_MESSAGES.vacancies],
    ['offerType', ['Part time'], JOB_MESSAGES.offerTypeValue],
    ['resultDeclaration', 'Next year', JOB_MESSAGES.resultDeclarationValue],
    ['dateOfJoining', 'soon', JOB_MESSAGES.date],
    ['companyLogo', 'logo.png', JOB_MESSAGES.logoUrl],
    ['companyLogo', 'javascript:alert(1)', JOB_MESSAGES.logoUrl],
    ['website', 'javascript:alert(document.cookie)', JOB_MESSAGES.website],
    ['website', 'JavaScript:alert(1)', JOB_MESSAGES.website],
    ['website', 'data:text/html,<script>alert(1)</script>', JOB_MESSAGES.website],
    ['website', 'vbscript:msgbox(1)', JOB_MESSAGES.website],
    ['website', 'mailto:hr@acme.example', JOB_MESSAGES.website],
    ['website', 'file:///etc/passwd', JOB_MESSAGES.website],
    ['website', 'ftp://acme.example', JOB_MESSAGES.website],
    ['website', 'acme', JOB_MESSAGES.website],
    ['website', 'acme example.com', JOB_MESSAGES.website],
  ])('for %s = %j says %s', (field, value, message) => {
    expect(messageAt({ ...validJobForm, [field]: value }, field)).toBe(message);
  });

  it.each(['https://acme.example', 'http://acme.example/careers?x=1', 'acme.example', 'www.acme.example/careers', 'acme.example:8080/jobs'])(
    'takes the website %s (http, https, or an address without a scheme, opened over https)',
    (website) => {
      expect(schema.parse({ ...validJobForm, website }).website).toBe(website);
    },
  );

  it('accepts the boundary years 1800 and the current year, also as text', () => {
    expect(schema.parse({ ...validJobForm, yearOfEstablishment: 1800 }).yearOfEstablishment).toBe(1800);
    expect(schema.parse({ ...validJobForm, yearOfEstablishment: '2025' }).yearOfEstablishment).toBe(2025);
  });

  it('defaults vacancies to 1, result declaration to Same day and reference to Self', () => {
    const { vacancies: _v, resultDeclaration: _r, reference: _ref, ...rest } = validJobForm;
    expect(schema.parse(rest)).toMatchObject({ vacancies: 1, resultDeclaration: 'Same day', reference: 'Self' });
  });

  it('leaves the optional fields empty when absent', () => {
    const { jobDescription: _d, companyLogo: _l, additionalInfo: _a, ...rest } = validJobForm;
    expect(schema.parse(rest)).toMatchObject({ jobDescription: '', companyLogo: '', additionalInfo: '' });
  });

  it('normalises skills given as text and categories given with duplicates', () => {
    const parsed = schema.parse({ ...validJobForm, skills: 'React, node ,react,', category: ['Data Analyst', ' data analyst', 'BI'] });
    expect(parsed.skills).toEqual(['React', 'node']);
    expect(parsed.category).toEqual(['Data Analyst', 'BI']);
  });

  it('accepts a full ISO date-time as the joining date', () => {
    expect(schema.safeParse({ ...validJobForm, dateOfJoining: '2025-07-01T00:00:00.000Z' }).success).toBe(true);
  });
});

describe('parseSkills', () => {
  it('splits on commas, trims, drops blanks and case-insensitive duplicates keeping the first spelling', () => {
    expect(parseSkills(' Java, SQL,, java , Spring Boot,sql ')).toEqual(['Java', 'SQL', 'Spring Boot']);
  });
});

describe('category suggestions', () => {
  it('holds about seventy distinct job roles', () => {
    expect(JOB_CATEGORY_SUGGESTIONS.length).toBeGreaterThanOrEqual(65);
    expect(new Set(JOB_CATEGORY_SUGGESTIONS.map((name) => name.toLowerCase())).size).toBe(JOB_CATEGORY_SUGGESTIONS.length);
  });

  it('matches a case-insensitive substring and leaves out chosen ones', () => {
    expect(suggestCategories('DATA', ['data analyst'])).toEqual(['Database Administrator', 'Data Scientist', 'Data Engineer']);
  });

  it('suggests everything not chosen for a blank query', () => {
    expect(suggestCategories('  ', ['Teacher'])).toHaveLength(JOB_CATEGORY_SUGGESTIONS.length - 1);
  });
});

describe('missing required fields alert', () => {
  it('names nothing for a complete form', () => {
    expect(missingRequiredJobFields(validJobForm)).toEqual([]);
    expect(missingJobFieldsAlert(validJobForm)).toBeNull();
  });

  it('names the blank required fields in form order', () => {
    const form = { ...validJobForm, companyName: ' ', yearOfEstablishment: '', offerType: [], skills: ' , ', category: [] };
    expect(missingRequiredJobFields(form)).toEqual(['Company Name', 'Year of Establishment', 'Offer Type', 'Skills', 'Category']);
    expect(missingJobFieldsAlert(form)).toBe('Please fill in the following required fields:\nCompany Name\nYear of Establishment\nOffer Type\nSkills\nCategory');
  });

  it('ignores the optional fields', () => {
    expect(missingRequiredJobFields({ ...validJobForm, jobDescription: '', companyLogo: '', additionalInfo: '' })).toEqual([]);
  });
});
