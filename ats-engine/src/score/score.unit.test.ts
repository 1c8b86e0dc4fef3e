import { actionVerbScore } from './action-verbs';
import { contactInfoScore } from './contact-info';
import { educationFormatScore } from './education-format';
import { fileFormatScore } from './file-format';
import { formatScore, formattingIssues, type FormatFacts } from './format';
import { industryCoverage, keywordMatchScore } from './keyword-match';
import { recommendations, type RecommendationFacts } from './recommendations';
import { atsScore, FACTOR_WEIGHTS, FACTORS } from './total';
import { wordCountScore } from './word-count';

describe('keyword_match', () => {
  it('is industry coverage up to 25 terms without a job description', () => {
    expect(industryCoverage(0)).toBe(0);
    expect(keywordMatchScore(10)).toBeCloseTo(0.4);
    expect(keywordMatchScore(25)).toBe(1);
    expect(keywordMatchScore(40)).toBe(1);
  });

  it('weighs the job description 70 % when there is one', () => {
    expect(keywordMatchScore(25, 0.5)).toBeCloseTo(0.65);
    expect(keywordMatchScore(0, 1)).toBeCloseTo(0.7);
  });
});

describe('word_count', () => {
  it.each([
    [0, 0],
    [50, 0.15],
    [100, 0.3],
    [200, 0.65],
    [300, 1],
    [700, 1],
    [850, 0.75],
    [1000, 0.5],
    [3000, 0.2],
  ])('%i words → %f', (words, score) => {
    expect(wordCountScore(words)).toBeCloseTo(score);
  });
});

describe('action_verbs', () => {
  it('rewards verb-led statements up to 80 % and six distinct verbs', () => {
    expect(actionVerbScore({ statements: 0, verbLed: 0, distinctVerbs: 0 })).toBe(0);
    expect(actionVerbScore({ statements: 10, verbLed: 8, distinctVerbs: 6 })).toBeCloseTo(1);
    expect(actionVerbScore({ statements: 10, verbLed: 4, distinctVerbs: 3 })).toBeCloseTo(0.7 * 0.5 + 0.3 * 0.5);
    expect(actionVerbScore({ statements: 10, verbLed: 10, distinctVerbs: 1 })).toBeCloseTo(0.7 + 0.05);
  });
});

describe('file_format', () => {
  it('prefers PDF and DOCX, and scales down scanned pages', () => {
    expect(fileFormatScore('pdf', 2, 0)).toBe(1);
    expect(fileFormatScore('docx', null, 0)).toBe(1);
    expect(fileFormatScore('doc', null, 0)).toBe(0.7);
    expect(fileFormatScore('pdf', 1, 1)).toBeCloseTo(0.3);
    expect(fileFormatScore('pdf', 2, 1)).toBeCloseTo(0.65);
  });
});

describe('contact_info and education_format', () => {
  it('sum the weights of what is present', () => {
    expect(contactInfoScore({ email: true, phone: true, name: true, link: true })).toBeCloseTo(1);
    expect(contactInfoScore({ email: true, phone: false, name: true, link: false })).toBeCloseTo(0.55);
    expect(educationFormatScore({ section: true, degree: true, institution: true, year: true, grade: true })).toBeCloseTo(1);
    expect(educationFormatScore({ section: false, degree: true, institution: false, year: true, grade: false })).toBeCloseTo(0.35);
  });
});

const cleanFacts: FormatFacts = {
  format: 'pdf',
  sections: ['summary', 'education', 'experience', 'projects', 'skills'],
  bulletCount: 10,
  denseParagraphs: 0,
  columns: 1,
  dateStyles: ['Mon YYYY'],
  pageCount: 1,
  scannedPages: [],
  contactOnlyInHeaderFooter: false,
  tables: 0,
  images: 0,
  wordCount: 450,
};

describe('format_score', () => {
  it('is 1 for a clean resume', () => {
    expect(formattingIssues(cleanFacts)).toEqual([]);
    expect(formatScore([])).toBe(1);
  });

  it('subtracts each issue once and never goes below 0', () => {
    const issues = formattingIssues({
      ...cleanFacts,
      sections: [],
      bulletCount: 0,
      columns: 2,
      dateStyles: ['MM/YYYY', 'Mon YYYY'],
      scannedPages: [1],
      pageCount: 3,
      contactOnlyInHeaderFooter: true,
      ocrConfidence: 55,
    });
    expect(issues.map((i) => i.id)).toEqual(['scanned', 'no_experience', 'no_skills', 'no_education', 'few_bullets', 'header_footer_contact', 'multi_column', 'mixed_dates', 'too_long', 'low_ocr_confidence']);
    expect(issues[0]!.message).toBe('Page 1 is an image without selectable text (a scan or photo). Most ATS cannot read it; we read it with OCR.');
    expect(formatScore(issues)).toBe(0);
    expect(formatScore(formattingIssues({ ...cleanFacts, tables: 2 }))).toBeCloseTo(0.9);
  });

  it('judges length by words when the page count is unknown', () => {
    expect(formattingIssues({ ...cleanFacts, format: 'docx', pageCount: null, wordCount: 1200 }).map((i) => i.id)).toEqual(['too_long']);
  });
});

describe('ats_score', () => {
  it('weights sum to 1 and the score is a rounded percentage', () => {
    expect(FACTORS.reduce((sum, f) => sum + FACTOR_WEIGHTS[f], 0)).toBeCloseTo(1);
    const all = (v: number) => Object.fromEntries(FACTORS.map((f) => [f, v])) as Record<(typeof FACTORS)[number], number>;
    expect(atsScore(all(1))).toBe(100);
    expect(atsScore(all(0))).toBe(0);
    expect(atsScore({ ...all(1), keyword_match: 0 })).toBe(70);
    expect(atsScore({ ...all(0.5), file_format: 2 })).toBe(53);
  });
});

const facts = (overrides: Partial<RecommendationFacts> = {}): RecommendationFacts => ({
  industryLabel: 'Software',
  industryFound: 20,
  industryMissing: ['Docker', 'Kubernetes'],
  contact: { email: true, phone: true, name: true, link: true },
  statements: 10,
  verbLed: 9,
  weakExamples: [],
  quantified: 6,
  wordCount: 450,
  format: 'pdf',
  issues: [],
  education: { degree: true, year: true, grade: true, section: true },
  ...overrides,
});

describe('recommendations', () => {
  it('has nothing to say about a resume without findings', () => {
    expect(recommendations(facts())).toEqual([]);
  });

  it('ties each one to a finding and orders them by priority, then factor weight', () => {
    const list = recommendations(
      facts({
        job: { matched: ['Java'], missing: ['Go', 'Terraform'], rate: 0.4 },
        contact: { email: false, phone: true, name: true, link: false },
        verbLed: 6,
        weakExamples: ['Responsible for deployments'],
        quantified: 2,
        wordCount: 240,
        format: 'doc',
      }),
    );
    expect(list.map((r) => [r.priority, r.category])).toEqual([
      ['high', 'Keywords'],
      ['high', 'Contact Information'],
      ['medium', 'Action Verbs'],
      ['medium', 'Achievements'],
      ['medium', 'Length'],
      ['medium', 'File Format'],
      ['low', 'Contact Information'],
    ]);
    expect(list[0]!.recommendation).toBe("Your resume matches 40% of the job description's keywords. Where they are true for you, add: Go, Terraform.");
    expect(list[2]!.recommendation).toContain("rewrite 'Responsible for deployments'");
    expect(list[4]!.recommendation).toBe('Your resume has 240 words. Aim for 300-700: add projects, internships, skills and results.');
  });
});
