import type { Industry } from '@placement/domain';
import type { SectionKind } from '../parse/sections';

/** Layouts of the outside corpus (corpus/outside): a JSON Resume theme's name, docx or scanned; a LaTeX class and style. */
export type OutsideLayout = `jsonresume-${string}` | `latex-${string}`;

/** Ground truth of one generated resume, as written by corpus/generate.ts into manifest.json. */
export interface ResumeTruth {
  file: string;
  /** How the file was made: the extraction path it exercises. */
  layout: 'pdf-one-column' | 'pdf-two-column' | 'pdf-scanned' | 'docx' | 'docx-table' | 'doc' | OutsideLayout;
  industry: Industry;
  quality: 'strong' | 'medium' | 'weak';
  /** Resumes of one person in several qualities share it (strong and weak variants). */
  person: string;
  name: string;
  email: string | null;
  phone: string | null;
  links: string[];
  sections: SectionKind[];
  skills: string[];
  /** The score band a recruiter would find sensible for this resume, inclusive. */
  scoreBand: [number, number];
  pages: number | null;
  /** Outside corpus: words of the printed text (as countWords counts them) and bullet points printed. */
  words?: number;
  bullets?: number;
  /** Outside corpus: start and end dates of the experience and education entries printed, as 'section:YYYY-MM' or 'section:present'. */
  dates?: string[];
}

export interface CorpusManifest {
  generator: string;
  seed: number;
  resumes: ResumeTruth[];
}
