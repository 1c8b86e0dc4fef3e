import { INDUSTRIES } from '@placement/domain';
import { extractJobTerms, matchJobDescription } from './job-description';
import { compileTerm, industryLexicon, industryListsForData } from './lexicon';
import { indexText, termMatches } from './matcher';

const has = (term: string, text: string) => termMatches(compileTerm(term), indexText(text));

describe('industry keyword lists (data files)', () => {
  it.each(INDUSTRIES)('%s has categories of distinct terms and a soft-skills list', (industry) => {
    const lexicon = industryLexicon(industry);
    const terms = lexicon.categories.flatMap((c) => c.terms.map((t) => t.display.toLowerCase()));
    expect(lexicon.categories.length).toBeGreaterThanOrEqual(4);
    expect(terms.length).toBeGreaterThanOrEqual(40);
    expect(new Set(terms).size).toBe(terms.length);
    expect(lexicon.categories.map((c) => c.name)).toContain('soft_skills');
    expect(industryListsForData[industry].industry).toBe(industry);
  });
});

describe('term matching', () => {
  it('matches word forms through stems', () => {
    expect(has('Project Management', 'Managed projects for three clients')).toBe(false); // order matters
    expect(has('Project Management', 'Handled project managing duties')).toBe(true);
    expect(has('Data Visualization', 'visualizing data')).toBe(false);
    expect(has('Budgeting', 'Prepared budgets for 4 departments')).toBe(true);
  });

  it('matches synonyms and abbreviations', () => {
    expect(has('JavaScript', 'Wrote JS and TS daily')).toBe(true);
    expect(has('Kubernetes', 'Deployed to k8s')).toBe(true);
    expect(has('Machine Learning', 'Built ML models')).toBe(true);
    expect(has('Search Engine Optimization', 'SEO audits')).toBe(true);
    expect(has('PostgreSQL', 'Postgres 15')).toBe(true);
  });

  it('never matches inside a longer word', () => {
    expect(has('Java', 'JavaScript developer')).toBe(false);
    expect(has('SQL', 'PostgreSQL and MySQL')).toBe(false);
    expect(has('React', 'Reactive systems')).toBe(false);
  });

  it('matches ambiguous short terms only as written', () => {
    expect(has('Go', 'Built services in Go')).toBe(true);
    expect(has('Go', 'Ready to go the extra mile')).toBe(false);
    expect(has('R', 'Statistics in R and Python')).toBe(true);
    expect(has('R', 'Priya R. Nair')).toBe(false);
    expect(has('Excel', 'Advanced Excel')).toBe(true);
    expect(has('Excel', 'I excel at teamwork')).toBe(false);
  });
});

describe('job description matching', () => {
  const jd = `Backend Engineer. Requirements: 2+ years of experience with Java or Golang, PostgreSQL and Kafka.
    Familiarity with Kubernetes, Terraform and observability. You will own observability dashboards and on-call rotations.`;

  it('takes known terms in order of appearance and frequent other words, never boilerplate', () => {
    const terms = extractJobTerms(jd);
    const known = terms.filter((t) => t.weight === 2).map((t) => t.term.display);
    const other = terms.filter((t) => t.weight === 1).map((t) => t.term.display);
    expect(known).toEqual(['Java', 'Go', 'PostgreSQL', 'Kafka', 'Kubernetes', 'Terraform']);
    expect(other).toEqual(['observability']);
    expect(terms.map((t) => t.term.display)).not.toContain('experience');
    expect(terms.map((t) => t.term.display)).not.toContain('years');
  });

  it('weighs matches and lists what is missing', () => {
    const match = matchJobDescription(extractJobTerms(jd), indexText('Java developer: Postgres, k8s, Apache Kafka, Grafana observability'));
    expect(match.matched).toEqual(['Java', 'PostgreSQL', 'Kafka', 'Kubernetes', 'observability']);
    expect(match.missing).toEqual(['Go', 'Terraform']);
    expect(match.rate).toBeCloseTo(9 / 13);
  });

  it('gives no rate when the description names nothing', () => {
    expect(matchJobDescription(extractJobTerms('We are hiring! Apply now.'), indexText('anything')).rate).toBeUndefined();
  });
});
