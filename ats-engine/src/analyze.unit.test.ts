import { analyzeDocument, AnalysisCache, scoreDocument, scoresOf, type CachedAnalysis } from './analyze';
import type { ExtractedDocument } from './extract/types';

const doc = (lines: string[], format: ExtractedDocument['format'] = 'pdf'): ExtractedDocument => ({
  format,
  pageCount: 1,
  ocrPages: [],
  columns: 1,
  tables: 0,
  images: 0,
  truncated: false,
  lines: lines.map((text, i) => ({ text, page: 1, column: 0, height: i === 0 ? 20 : 10 })),
});

const STRONG = doc([
  'Kavya Menon',
  'kavya.menon@gmail.com | +91 98450 12345 | linkedin.com/in/kavya-menon | github.com/kavyam',
  'SUMMARY',
  'Data scientist skilled in Python, SQL and machine learning, with experience in A/B testing and Tableau dashboards.',
  'EDUCATION',
  'M.Sc in Statistics, Christ University, Bengaluru  2021 – 2023',
  'CGPA: 8.8/10',
  'EXPERIENCE',
  'Data Science Intern, Quantify AI  Jan 2023 – Jun 2023',
  '• Built a churn prediction model in scikit-learn with 0.89 AUC, retaining 4,000 customers per quarter',
  '• Designed ETL data pipelines in Airflow processing 50 GB of data daily',
  '• Reduced forecast error by 23% with a time series model in Python',
  'Data Analyst, RetailIQ  Jun 2021 – Dec 2022',
  '• Ran 12 A/B tests with hypothesis testing, increasing revenue by 6%',
  '• Created Tableau dashboards used by 40 managers to track KPIs',
  '• Cleaned and merged 8 data sources with Pandas, cutting preparation time by 70%',
  'PROJECTS',
  'Credit Card Fraud Detection',
  '• Trained XGBoost and neural network models on 280,000 transactions, reaching 0.95 recall',
  '• Deployed the model with Docker and FastAPI serving 200 requests per second',
  'SKILLS',
  'Programming: Python, SQL, R, Pandas, NumPy, Scikit-learn',
  'Machine Learning: Deep Learning, Natural Language Processing, TensorFlow, PyTorch',
  'Analytics: Statistics, Data Visualization, Tableau, Power BI, Spark',
  'CERTIFICATIONS',
  '• TensorFlow Developer Certificate',
]);

const WEAK = doc([
  'Kavya Menon',
  'kavya.menon@gmail.com',
  'Education',
  'M.Sc Statistics, Christ University',
  'Experience',
  'Data Analyst, RetailIQ',
  'Responsible for data entry and making reports. Worked on Excel sheets for the manager. Did analysis of data.',
  'Skills: Excel, Python basics, Quick learner',
]);

describe('analyzeDocument', () => {
  it('scores a strong resume far above its weak variant, for the right reasons', () => {
    const strong = analyzeDocument(STRONG, 'data_science').response;
    const weak = analyzeDocument(WEAK, 'data_science').response;
    expect(strong.ats_score).toBeGreaterThanOrEqual(80);
    expect(weak.ats_score).toBeLessThan(50);
    expect(strong.ats_score - weak.ats_score).toBeGreaterThan(35);
    expect(strong.factorScores.action_verbs).toBeGreaterThan(weak.factorScores.action_verbs);
    expect(strong.factorScores.keyword_match).toBeGreaterThan(weak.factorScores.keyword_match);
    expect(weak.recommendations.filter((r) => r.priority === 'high').map((r) => r.category)).toEqual(
      expect.arrayContaining(['Keywords', 'Contact Information', 'Action Verbs', 'Length']),
    );
    expect(weak.metrics.formattingIssues).toContain('Only 0 bullet points: achievements written as paragraphs are hard to scan.');
  });

  it('reports the industry keywords found per category and those missing', () => {
    const { response } = analyzeDocument(STRONG, 'data_science');
    expect(response.keywordAnalysis.industryKeywords.languages_and_libraries).toEqual(['Python', 'R', 'SQL', 'Pandas', 'NumPy', 'Scikit-learn', 'TensorFlow', 'PyTorch', 'Spark']);
    expect(response.keywordAnalysis.missingIndustryKeywords.languages_and_libraries).toEqual(['Keras', 'Matplotlib', 'Hadoop']);
  });

  it('reads the same resume against another industry differently', () => {
    const asData = analyzeDocument(STRONG, 'data_science').response;
    const asNursing = analyzeDocument(STRONG, 'healthcare').response;
    expect(asNursing.factorScores.keyword_match).toBeLessThan(asData.factorScores.keyword_match);
  });

  it('uses the job description when given', () => {
    const jd = 'Data Scientist: Python, SQL, Spark, Airflow, AWS SageMaker, Kubernetes. Build forecasting models.';
    const { response } = analyzeDocument(STRONG, 'data_science', jd);
    expect(response.keywordAnalysis.jobDescription!.matched).toEqual(expect.arrayContaining(['Python', 'SQL', 'Spark', 'Airflow']));
    expect(response.keywordAnalysis.jobDescription!.missing).toEqual(expect.arrayContaining(['AWS', 'Kubernetes']));
  });

  // Catastrophic backtracking on such a line takes minutes: it shows as this test running out of time.
  it('reads hostile text: one 100,000-character line', () => {
    const { response } = analyzeDocument(doc(['Jane Doe', `${'a'.repeat(50_000)}@${'b.'.repeat(20_000)}${'9 '.repeat(5_000)}`]), 'software');
    expect(response.success).toBe(true);
  }, 10_000);

  it('marks a DOC lower on file format and is deterministic', () => {
    const pdf = analyzeDocument(STRONG, 'data_science').response;
    const word = analyzeDocument({ ...STRONG, format: 'doc', pageCount: null }, 'data_science').response;
    expect(word.factorScores.file_format).toBe(0.7);
    expect(word.recommendations.some((r) => r.category === 'File Format')).toBe(true);
    expect(analyzeDocument(STRONG, 'data_science').response).toEqual(pdf);
  });
});

describe('scoreDocument', () => {
  it.each([
    ['a strong resume', STRONG, undefined],
    ['a weak resume', WEAK, undefined],
    ['with a job description', STRONG, 'Data Scientist: Python, SQL, Spark, Airflow, AWS SageMaker, Kubernetes.'],
  ] as const)('gives the scores the event keeps before the reply, the same numbers the reply shows (%s)', (_name, document, jd) => {
    const scored = scoreDocument(document, 'data_science', jd);
    const response = scored.describe();
    expect(scored.scores).toEqual(scoresOf(response));
    expect(response).toEqual(analyzeDocument(document, 'data_science', jd).response);
  });
});

describe('AnalysisCache', () => {
  const entry = (score: number): CachedAnalysis => {
    const response = analyzeDocument(WEAK, 'software').response;
    return { response: { ...response, ats_score: score }, scores: { ...scoresOf(response), atsScore: score }, wordCount: 30 };
  };
  const key = (over: Partial<Parameters<typeof AnalysisCache.key>[0]> = {}) =>
    AnalysisCache.key({ studentId: 's1', fileHash: 'f1', format: 'pdf', industry: 'software', jobDescriptionHash: null, ...over });

  it('keys on the student, the file, its type, the industry and the job description', () => {
    const keys = [key(), key({ studentId: 's2' }), key({ fileHash: 'f2' }), key({ format: 'docx' }), key({ industry: 'finance' }), key({ jobDescriptionHash: 'j1' })];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key()).toBe(key());
  });

  it('forgets the least recently used entry beyond its size, and entries past their age', () => {
    let now = 0;
    const cache = new AnalysisCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    expect(cache.get('a')?.scores.atsScore).toBe(1); // a is now the most recently used
    cache.set('c', entry(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.scores.atsScore).toBe(1);
    expect(cache.size).toBe(2);
    now = 1001;
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
