/**
 * A JSON Resume document through moderncv (TeX Live's CV class, from Debian's texlive-latex-extra)
 * in one of its styles, typeset by pdflatex: classic (name left, contact details in a right-hand
 * column, dates in a left margin), casual (name in the page's corner, contact details in the
 * footer) and banking (name and contact centred over the page, dates flush right). Each style has
 * the wording a writer of that style might choose for its headings and dates, so the corpus holds
 * heading variants and date styles nobody here chose for the parser. Set with moderncv's
 * `nosymbols` option (letters for icons: Font Awesome needs texlive-fonts-extra, 1.4 GB), and
 * without hyphenation, so the truth's values are printed whole.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JsonResume } from './resumes';

export const LATEX_STYLES = ['classic', 'casual', 'banking'] as const;
export type LatexStyle = (typeof LATEX_STYLES)[number];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** How each style writes a date, and the words of its headings. */
const STYLE: Record<LatexStyle, { date: (iso: string) => string; present: string; headings: Record<string, string> }> = {
  classic: {
    date: (iso) => `${MONTHS[Number(iso.slice(5, 7)) - 1]!.slice(0, 3)} ${iso.slice(0, 4)}`,
    present: 'Present',
    headings: { summary: 'Summary', work: 'Experience', volunteer: 'Volunteer Experience', education: 'Education', projects: 'Projects', skills: 'Skills', awards: 'Honors and Awards', certificates: 'Certifications', publications: 'Publications', languages: 'Languages', interests: 'Interests' },
  },
  casual: {
    date: (iso) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
    present: 'present',
    headings: { summary: 'Profile', work: 'Work History', volunteer: 'Volunteer Work', education: 'Education', projects: 'Selected Projects', skills: 'Technical Skills', awards: 'Awards', certificates: 'Certificates', publications: 'Publications', languages: 'Languages', interests: 'Hobbies and Interests' },
  },
  banking: {
    date: (iso) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`,
    present: 'Present',
    headings: { summary: 'Professional Summary', work: 'Professional Experience', volunteer: 'Volunteering Experience', education: 'Academic Qualifications', projects: 'Academic Projects', skills: 'Core Competencies', awards: 'Achievements', certificates: 'Licenses and Certifications', publications: 'Research and Publications', languages: 'Languages Known', interests: 'Personal Interests' },
  },
};

/** Text as LaTeX source: its special characters escaped. */
export const tex = (text: string): string =>
  text.replace(/[\\{}$&#%_^~]/g, (c) => ({ '\\': '\\textbackslash{}', '^': '\\^{}', '~': '\\~{}' })[c] ?? `\\${c}`);

const bare = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/+$/, '');

export function latexSource(resume: JsonResume, style: LatexStyle): string {
  const { date, present, headings } = STYLE[style];
  const range = (start?: string, end?: string) => (start ? `${date(start)} -- ${end ? date(end) : present}` : '');
  const items = (list?: string[]) => (list?.length ? `\\begin{itemize}${list.map((h) => `\\item ${tex(h)}`).join('')}\\end{itemize}` : '');
  const { basics } = resume;
  const words = basics.name.split(' ');
  const out: string[] = [
    '\\documentclass[11pt,a4paper,sans]{moderncv}',
    `\\moderncvstyle[nosymbols]{${style}}`,
    '\\moderncvcolor{blue}',
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage[scale=0.8]{geometry}',
    '\\hyphenpenalty=10000\\exhyphenpenalty=10000',
    `\\name{${tex(words.slice(0, -1).join(' '))}}{${tex(words.at(-1)!)}}`,
  ];
  if (basics.label) out.push(`\\title{${tex(basics.label)}}`);
  const location = basics.location;
  if (location?.city) out.push(`\\address{${tex([location.city, location.region].filter(Boolean).join(', '))}}{${tex(location.countryCode ?? '')}}`);
  if (basics.phone) out.push(`\\phone[mobile]{${tex(basics.phone)}}`);
  if (basics.email) out.push(`\\email{${tex(basics.email)}}`);
  if (basics.url) out.push(`\\homepage{${tex(bare(basics.url))}}`);
  for (const profile of basics.profiles ?? []) {
    const network = profile.network.toLowerCase();
    // moderncv knows some networks and prints the user name (the link is the PDF's annotation); others as a web page.
    if (['linkedin', 'github', 'twitter'].includes(network)) out.push(`\\social[${network}]{${tex(profile.username)}}`);
    else out.push(`\\extrainfo{${tex(bare(profile.url))}}`);
  }
  out.push('\\begin{document}', '\\makecvtitle');
  const section = (key: string, body: string[]) => {
    if (body.length > 0) out.push(`\\section{${headings[key]}}`, ...body);
  };
  if (basics.summary) section('summary', [`\\cvitem{}{${tex(basics.summary)}}`]);
  section('work', (resume.work ?? []).map((w) => `\\cventry{${range(w.startDate, w.endDate)}}{${tex(w.position)}}{${tex(w.name)}}{${tex(w.location ?? '')}}{}{${w.summary ? tex(w.summary) : ''}${items(w.highlights)}}`));
  section('volunteer', (resume.volunteer ?? []).map((v) => `\\cventry{${range(v.startDate, v.endDate)}}{${tex(v.position)}}{${tex(v.organization)}}{}{}{${v.summary ? tex(v.summary) : ''}${items(v.highlights)}}`));
  section(
    'education',
    (resume.education ?? []).map(
      (e) => `\\cventry{${range(e.startDate, e.endDate)}}{${tex(e.studyType)}}{${tex(e.institution)}}{}{${tex(e.score ?? '')}}{${tex(e.area)}${e.courses?.length ? `. Relevant coursework: ${tex(e.courses.join(', '))}` : ''}}`,
    ),
  );
  section('projects', (resume.projects ?? []).map((p) => `\\cventry{${range(p.startDate, p.endDate)}}{${tex(p.name)}}{}{}{}{${tex(p.description)}${items(p.highlights)}}`));
  section('skills', (resume.skills ?? []).map((s) => `\\cvitem{${tex(s.name)}}{${tex(s.keywords.join(', '))}}`));
  section('awards', (resume.awards ?? []).map((a) => `\\cvitem{${a.date.slice(0, 4)}}{${tex(a.title)}, ${tex(a.awarder)}${a.summary ? `. ${tex(a.summary)}` : ''}}`));
  section('certificates', (resume.certificates ?? []).map((c) => `\\cvitem{${c.date.slice(0, 4)}}{${tex(c.name)}, ${tex(c.issuer)}}`));
  section('publications', (resume.publications ?? []).map((p) => `\\cvitem{${p.releaseDate.slice(0, 4)}}{${tex(p.name)}. \\textit{${tex(p.publisher)}}}`));
  section('languages', (resume.languages ?? []).map((l) => `\\cvitemwithcomment{${tex(l.language)}}{${tex(l.fluency)}}{}`));
  section('interests', (resume.interests ?? []).length ? [`\\cvitem{}{${tex((resume.interests ?? []).map((i) => i.name).join(', '))}}`] : []);
  out.push('\\end{document}', '');
  return out.join('\n');
}

/** Typesets the document with pdflatex (`pdflatex` is TeX Live's, installed by infra/local/latex.ts). */
export function renderLatexPdf(resume: JsonResume, style: LatexStyle, pdflatex = 'pdflatex'): Uint8Array {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ats-latex-'));
  try {
    writeFileSync(path.join(dir, 'resume.tex'), latexSource(resume, style));
    try {
      execFileSync(pdflatex, ['-interaction=nonstopmode', '-halt-on-error', 'resume.tex'], { cwd: dir, stdio: 'pipe', timeout: 60_000 });
    } catch (error) {
      const log = readFileSync(path.join(dir, 'resume.log'), 'utf8');
      throw new Error(`pdflatex failed on the ${style} style: ${log.split('\n').filter((l) => l.startsWith('!')).join(' ') || (error as Error).message}`, { cause: error });
    }
    return new Uint8Array(readFileSync(path.join(dir, 'resume.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
