import type { FormattingIssue } from './format';
import { FACTOR_WEIGHTS, type Factor } from './total';
import { IDEAL_WORDS } from './word-count';

/**
 * Recommendations, each tied to a finding of this resume and ordered high → medium → low, then by
 * the weight of the factor it would raise. Priority rules are stated next to each rule below.
 */

export type Priority = 'high' | 'medium' | 'low';

export interface Recommendation {
  priority: Priority;
  category: string;
  recommendation: string;
}

export interface RecommendationFacts {
  industryLabel: string;
  industryFound: number;
  industryMissing: string[];
  job?: { matched: string[]; missing: string[]; rate: number };
  contact: { email: boolean; phone: boolean; name: boolean; link: boolean };
  statements: number;
  verbLed: number;
  weakExamples: string[];
  quantified: number;
  wordCount: number;
  format: 'pdf' | 'docx' | 'doc';
  issues: readonly FormattingIssue[];
  education: { degree: boolean; year: boolean; grade: boolean; section: boolean };
}

const list = (items: readonly string[], max = 8) => (items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', '));
const quote = (text: string) => `'${text.length > 60 ? `${text.slice(0, 57)}...` : text}'`;
const ORDER: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

export function recommendations(facts: RecommendationFacts): Recommendation[] {
  const out: (Recommendation & { factor: Factor })[] = [];
  const add = (priority: Priority, factor: Factor, category: string, recommendation: string) => out.push({ priority, factor, category, recommendation });
  const issue = (id: FormattingIssue['id']) => facts.issues.find((i) => i.id === id);

  // Job description: under half of its weight matched is high, under three quarters medium.
  if (facts.job && facts.job.missing.length > 0) {
    const pct = Math.round(facts.job.rate * 100);
    add(facts.job.rate < 0.5 ? 'high' : facts.job.rate < 0.75 ? 'medium' : 'low', 'keyword_match', 'Keywords',
      `Your resume matches ${pct}% of the job description's keywords. Where they are true for you, add: ${list(facts.job.missing)}.`);
  }
  // Industry vocabulary: fewer than 4 terms is high, fewer than 8 medium.
  if (facts.industryFound < 8 && facts.industryMissing.length > 0) {
    add(facts.industryFound < 4 ? 'high' : 'medium', 'keyword_match', 'Keywords',
      `Only ${facts.industryFound} common ${facts.industryLabel} keyword${facts.industryFound === 1 ? ' was' : 's were'} found. Name the tools and skills you actually use, for example: ${list(facts.industryMissing, 6)}.`);
  }
  // Missing sections: experience and skills are high, education medium.
  if (issue('no_experience')) add('high', 'format_score', 'Sections', 'Add an "Experience" (or "Internships") or "Projects" section with a standard heading, so an ATS can find your work.');
  if (issue('no_skills')) add('high', 'format_score', 'Sections', 'Add a "Skills" section listing your tools and technologies, separated by commas.');
  if (issue('no_education')) add('medium', 'education_format', 'Sections', 'Add an "Education" section heading above your degree details.');
  // Contact: e-mail and phone high, name medium, link low.
  if (!facts.contact.email) add('high', 'contact_info', 'Contact Information', 'Add your e-mail address near your name at the top.');
  if (!facts.contact.phone) add('high', 'contact_info', 'Contact Information', 'Add a phone number (with country code if you apply abroad) at the top.');
  if (!facts.contact.name) add('medium', 'contact_info', 'Contact Information', 'Put your full name alone on the first line, in plain text.');
  if (!facts.contact.link) add('low', 'contact_info', 'Contact Information', 'Add a LinkedIn profile, or a GitHub or portfolio link that shows your work.');
  if (issue('header_footer_contact')) add('medium', 'contact_info', 'Contact Information', 'Move your contact details from the page header or footer into the body of the page.');
  // Bullets and verbs: no bullets high; verb share under 50% high, under 80% medium.
  if (issue('few_bullets')) add('high', 'action_verbs', 'Action Verbs', 'Describe each role and project in 2-5 bullet points, one achievement per bullet.');
  if (facts.statements > 0) {
    const share = facts.verbLed / facts.statements;
    if (share < 0.8) {
      const example = facts.weakExamples[0] ? ` For example, rewrite ${quote(facts.weakExamples[0])} to start with what you did.` : '';
      add(share < 0.5 ? 'high' : 'medium', 'action_verbs', 'Action Verbs',
        `${facts.verbLed} of ${facts.statements} bullet points start with an action verb. Open each with one, such as Led, Built, Reduced or Designed.${example}`);
    }
    // Quantification: under 30% of bullets with a number is medium, under 50% low.
    const quantifiedShare = facts.quantified / facts.statements;
    if (quantifiedShare < 0.5) {
      add(quantifiedShare < 0.3 ? 'medium' : 'low', 'action_verbs', 'Achievements',
        `${facts.quantified} of ${facts.statements} bullet points contain a number. Quantify results where you can: users, time saved, % improvement, amounts, ranks.`);
    }
  }
  // Length: under 200 words high, under 300 medium, over 900 medium.
  if (facts.wordCount < IDEAL_WORDS.min) {
    add(facts.wordCount < 200 ? 'high' : 'medium', 'word_count', 'Length', `Your resume has ${facts.wordCount} words. Aim for ${IDEAL_WORDS.min}-${IDEAL_WORDS.max}: add projects, internships, skills and results.`);
  } else if (facts.wordCount > 900) {
    add('medium', 'word_count', 'Length', `Your resume has ${facts.wordCount} words. Trim it to ${IDEAL_WORDS.min}-${IDEAL_WORDS.max} by cutting older or less relevant detail.`);
  }
  // File: scanned high, DOC medium.
  if (issue('scanned')) add('high', 'file_format', 'File Format', 'Upload a PDF exported from your editor (File > Save as PDF), not a scan or photo, so the text is selectable.');
  else if (facts.format === 'doc') add('medium', 'file_format', 'File Format', 'Save the resume as PDF or DOCX; the old .doc format is read poorly by many ATS.');
  // Education details: degree medium, year and grade low.
  if (facts.education.section && !facts.education.degree) add('medium', 'education_format', 'Education', 'State your degree and major in full, e.g. "B.Tech in Computer Science".');
  if (facts.education.section && !facts.education.year) add('low', 'education_format', 'Education', 'Add the graduation year (or expected year) to each education entry.');
  if (facts.education.section && !facts.education.grade) add('low', 'education_format', 'Education', 'Add your CGPA or percentage if it is a strength.');
  // Remaining formatting issues: tables and long documents medium, the rest low.
  for (const id of ['tables', 'too_long', 'dense_paragraphs', 'multi_column', 'images', 'mixed_dates', 'low_ocr_confidence'] as const) {
    const found = issue(id);
    if (!found) continue;
    const advice: Record<typeof id, string> = {
      tables: 'Replace layout tables with plain paragraphs and tab stops.',
      too_long: 'Keep the resume to one or two pages.',
      dense_paragraphs: 'Break long paragraphs into bullet points.',
      multi_column: 'A single-column layout is the safest for ATS.',
      images: 'Make sure no important text is only inside an image or icon.',
      mixed_dates: 'Write every date the same way, e.g. "Jun 2021 - Present".',
      low_ocr_confidence: 'Upload a text-based PDF so nothing is misread.',
    };
    add(id === 'tables' || id === 'too_long' ? 'medium' : 'low', 'format_score', 'Formatting', `${found.message} ${advice[id]}`);
  }
  return out
    .map((r, order) => ({ ...r, order }))
    .sort((a, b) => ORDER[a.priority] - ORDER[b.priority] || FACTOR_WEIGHTS[b.factor] - FACTOR_WEIGHTS[a.factor] || a.order - b.order)
    .map(({ priority, category, recommendation }) => ({ priority, category, recommendation }));
}
