import { factorDetailsSchema } from '@placement/domain';
import { analyzeDocument } from '../analyze';
import type { ExtractedDocument } from '../extract/types';
import { explainFactors, factorPoints, type ExplainFacts } from './explain';
import { atsScore, FACTORS, type FactorScores } from './total';

const facts: ExplainFacts = {
  industryFound: ['Python', 'SQL'],
  industryMissing: ['Docker', 'Kubernetes'],
  job: { matched: ['Python'], missing: ['Go'], rate: 0.6666 },
  statements: [
    { text: 'Built a parser in Python serving 2,000 students', verb: 'Built', quantified: true },
    { text: 'Responsible for the weekly report', quantified: false },
    { text: 'built the CI pipeline', verb: 'built', quantified: false },
    { text: 'Led a team of 4', verb: 'Led', quantified: true },
  ],
  issues: [{ id: 'multi_column', penalty: 0.05, message: 'The layout has 2 columns; some ATS read straight across them.' }],
  wordCount: 420,
  fileType: 'pdf',
  pageCount: 1,
  scannedPages: [],
  contact: { email: true, phone: false, name: true, link: false },
  education: { section: true, degree: true, institution: false, year: true, grade: false },
};
const scores: FactorScores = { keyword_match: 0.5, format_score: 0.95, word_count: 1, action_verbs: 0.6, file_format: 1, contact_info: 0.55, education_format: 0.75 };

describe('factor details', () => {
  const details = explainFactors(scores, facts);

  it('gives each factor its points: 100 × weight × score, out of 100 × weight', () => {
    expect(details.keyword_match).toMatchObject({ weight: 0.3, score: 0.5, points: 15, maxPoints: 30 });
    expect(details.format_score).toMatchObject({ weight: 0.15, score: 0.95, points: 14.3, maxPoints: 15 });
    expect(details.file_format).toMatchObject({ points: 5, maxPoints: 5 });
    expect(FACTORS.reduce((sum, f) => sum + details[f].maxPoints, 0)).toBeCloseTo(100);
    expect(factorPoints('word_count', 1.4)).toBe(10);
    expect(factorPoints('word_count', -1)).toBe(0);
  });

  it('names the keywords found and missing, for the industry and the job description', () => {
    expect(details.keyword_match.evidence).toEqual({
      industryFound: ['Python', 'SQL'],
      industryMissing: ['Docker', 'Kubernetes'],
      industryTarget: 25,
      jobDescription: { matched: ['Python'], missing: ['Go'], matchRate: 0.67 },
    });
    expect(explainFactors(scores, { ...facts, job: undefined }).keyword_match.evidence.jobDescription).toBeNull();
  });

  it('quotes the statements counted as verb-led and as quantified, and the distinct verbs once', () => {
    expect(details.action_verbs.evidence).toEqual({
      statements: 4,
      verbLed: ['Built a parser in Python serving 2,000 students', 'built the CI pipeline', 'Led a team of 4'],
      distinctVerbs: ['built', 'Led'],
      withoutVerb: ['Responsible for the weekly report'],
      quantified: ['Built a parser in Python serving 2,000 students', 'Led a team of 4'],
    });
  });

  it('lists the formatting penalties and the contact and education items with their weights', () => {
    expect(details.format_score.evidence.issues).toEqual([{ id: 'multi_column', penalty: 0.05, message: expect.stringContaining('2 columns') }]);
    expect(details.contact_info.evidence.items).toEqual([
      { item: 'email', found: true, weight: 0.4 },
      { item: 'phone', found: false, weight: 0.3 },
      { item: 'name', found: true, weight: 0.15 },
      { item: 'link', found: false, weight: 0.15 },
    ]);
    expect(details.education_format.evidence.items.filter((i) => !i.found).map((i) => i.item)).toEqual(['institution', 'grade']);
    expect(details.word_count.evidence).toEqual({ words: 420, idealMin: 300, idealMax: 700 });
  });

  it('matches the contract the API description and the /cv screen read', () => {
    expect(factorDetailsSchema.parse(details)).toEqual(details);
  });
});

describe('the analysis reply explains its score', () => {
  const lines = [
    'Asha Rao',
    'asha.rao@gmail.com | +91 98450 12345',
    'EXPERIENCE',
    'Intern, Acme  Jan 2023 – Jun 2023',
    '• Built a Python service handling 3,000 requests per day',
    '• Responsible for testing',
    'SKILLS',
    'Python, SQL, Git',
  ];
  const document: ExtractedDocument = {
    format: 'pdf',
    pageCount: 1,
    ocrPages: [],
    columns: 1,
    tables: 0,
    images: 0,
    truncated: false,
    lines: lines.map((text, i) => ({ text, page: 1, column: 0, height: i === 0 ? 20 : 10 })),
  };
  const { response } = analyzeDocument(document, 'software', 'We need Python and Kubernetes engineers');

  it('carries the scorer version and points that add up to ats_score', () => {
    expect(response.scorerVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const total = FACTORS.reduce((sum, f) => sum + response.factorDetails[f].points, 0);
    expect(Math.abs(total - response.ats_score)).toBeLessThanOrEqual(0.5 + 0.05 * FACTORS.length);
    expect(response.ats_score).toBe(atsScore(response.factorScores));
    for (const f of FACTORS) expect(response.factorDetails[f].score).toBe(response.factorScores[f]);
  });

  it('shows the evidence behind the factors of this resume', () => {
    const { keyword_match, action_verbs } = response.factorDetails;
    expect(keyword_match.evidence.industryFound).toEqual(expect.arrayContaining(['Python', 'SQL']));
    expect(keyword_match.evidence.jobDescription?.missing).toEqual(expect.arrayContaining(['Kubernetes']));
    expect(action_verbs.evidence.quantified).toEqual(['Built a Python service handling 3,000 requests per day']);
    expect(action_verbs.evidence.withoutVerb).toEqual(['Responsible for testing']);
  });
});
