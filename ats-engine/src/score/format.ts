import type { ResumeFormat } from '../extract/types';
import type { DateStyle } from '../parse/dates';
import type { SectionKind } from '../parse/sections';

/**
 * format_score, 0 to 1 = max(0, 1 − Σ penalties of the issues found). Each issue is a fact about
 * the file, shown to the user in metrics.formattingIssues with its explanation:
 *
 *   no Experience or Projects section ..... 0.20    scanned pages (no text layer) ........ 0.25
 *   no Skills section ..................... 0.15    contact only in page header/footer ... 0.10
 *   no Education section .................. 0.10    tables (Word) ........................ 0.10
 *   fewer than 3 bullets .................. 0.15    more than 2 pages / 1000 words ....... 0.10
 *   paragraphs over 60 words .............. 0.05 each, at most 0.10
 *   several columns ....................... 0.05    images (Word) ........................ 0.05
 *   mixed month-date styles ............... 0.05    OCR confidence below 70 % ............ 0.05
 */

export type FormattingIssueId =
  | 'no_experience'
  | 'no_skills'
  | 'no_education'
  | 'few_bullets'
  | 'dense_paragraphs'
  | 'multi_column'
  | 'mixed_dates'
  | 'scanned'
  | 'header_footer_contact'
  | 'tables'
  | 'too_long'
  | 'images'
  | 'low_ocr_confidence';

export interface FormattingIssue {
  id: FormattingIssueId;
  penalty: number;
  message: string;
}

export interface FormatFacts {
  format: ResumeFormat;
  sections: readonly SectionKind[];
  /** Bullets in experience, projects and similar sections. */
  bulletCount: number;
  denseParagraphs: number;
  columns: number;
  dateStyles: readonly DateStyle[];
  pageCount: number | null;
  scannedPages: readonly number[];
  contactOnlyInHeaderFooter: boolean;
  tables: number;
  images: number;
  wordCount: number;
  ocrConfidence?: number;
}

const pages = (list: readonly number[]) => (list.length === 1 ? `Page ${list[0]}` : `Pages ${list.join(', ')}`);

export function formattingIssues(facts: FormatFacts): FormattingIssue[] {
  const issues: FormattingIssue[] = [];
  const add = (id: FormattingIssueId, penalty: number, message: string) => issues.push({ id, penalty, message });
  const has = (kind: SectionKind) => facts.sections.includes(kind);

  if (facts.scannedPages.length > 0) {
    add('scanned', 0.25, `${pages(facts.scannedPages)} ${facts.scannedPages.length === 1 ? 'is an image' : 'are images'} without selectable text (a scan or photo). Most ATS cannot read it; we read it with OCR.`);
  }
  if (!has('experience') && !has('projects')) add('no_experience', 0.2, 'No Experience or Projects section heading was found.');
  if (!has('skills')) add('no_skills', 0.15, 'No Skills section heading was found.');
  if (!has('education')) add('no_education', 0.1, 'No Education section heading was found.');
  if (facts.bulletCount < 3) add('few_bullets', 0.15, `Only ${facts.bulletCount} bullet point${facts.bulletCount === 1 ? '' : 's'}: achievements written as paragraphs are hard to scan.`);
  if (facts.denseParagraphs > 0) {
    add('dense_paragraphs', Math.min(0.1, 0.05 * facts.denseParagraphs), `${facts.denseParagraphs} paragraph${facts.denseParagraphs === 1 ? ' has' : 's have'} more than 60 words.`);
  }
  if (facts.contactOnlyInHeaderFooter) add('header_footer_contact', 0.1, 'Contact details are only in the page header or footer, which many ATS skip.');
  if (facts.tables > 0) add('tables', 0.1, `The document uses ${facts.tables === 1 ? 'a table' : `${facts.tables} tables`} for layout; ATS often read table cells out of order.`);
  if (facts.columns > 1) add('multi_column', 0.05, `The layout has ${facts.columns} columns; some ATS read straight across them.`);
  if (facts.images > 0 && facts.format !== 'pdf') add('images', 0.05, `The document contains ${facts.images} image${facts.images === 1 ? '' : 's'}; ATS ignore text in images.`);
  if (facts.dateStyles.length > 1) add('mixed_dates', 0.05, `Dates are written in ${facts.dateStyles.length} styles (${facts.dateStyles.join(', ')}); use one.`);
  const tooLong = facts.pageCount !== null ? facts.pageCount > 2 : facts.wordCount > 1000;
  if (tooLong) add('too_long', 0.1, facts.pageCount !== null ? `The resume has ${facts.pageCount} pages; two is the usual maximum.` : `The resume has ${facts.wordCount} words, more than two pages' worth.`);
  if (facts.ocrConfidence !== undefined && facts.ocrConfidence < 70) {
    add('low_ocr_confidence', 0.05, `The scanned text was hard to read (OCR confidence ${Math.round(facts.ocrConfidence)} %); some words may be wrong.`);
  }
  return issues;
}

export function formatScore(issues: readonly FormattingIssue[]): number {
  return Math.max(0, 1 - issues.reduce((sum, issue) => sum + issue.penalty, 0));
}
