/**
 * A generated resume: who, what it says, and how it reads as a list of blocks that every renderer
 * (PDF, DOCX, DOC, scan) draws the same way. The ground truth is derived from the same spec.
 */
import type { Industry } from '@placement/domain';
import type { SectionKind } from '../src/parse/sections';
import type { ResumeTruth } from '../src/quality/truth';
import { CITIES, CONTENT, FIRST_NAMES, INSTITUTIONS, LAST_NAMES, pick, random, sample } from './content';

export type Quality = ResumeTruth['quality'];

export type Block =
  | { type: 'name'; text: string }
  | { type: 'headline'; text: string }
  | { type: 'contact'; parts: string[] }
  | { type: 'heading'; kind: SectionKind; text: string }
  | { type: 'entry'; left: string; right?: string }
  | { type: 'subline'; text: string }
  | { type: 'bullet'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'skills'; label?: string; items: string[] };

export interface Person {
  id: string;
  first: string;
  /** A middle initial ("S."), for some. */
  middle?: string;
  last: string;
  email: string;
  phone: string;
  city: string;
  links: string[];
}

export interface ResumeSpec {
  person: Person;
  industry: Industry;
  quality: Quality;
  /** Contact actually shown (weak resumes leave things out). */
  shown: { email: boolean; phone: boolean; links: string[] };
  /** Sections in reading order, each with its blocks (heading first). */
  sections: { kind: SectionKind; blocks: Block[] }[];
  skills: string[];
  headingStyle: 'upper' | 'title';
  /** Presentation choices that vary across the corpus. */
  look: {
    nameUpper: boolean;
    contactLabels: boolean;
    bullet: '•' | '-' | '·';
    headingColon: boolean;
  };
}

const PHONE_FORMATS = [
  (d: string) => `+91 ${d.slice(0, 5)} ${d.slice(5)}`,
  (d: string) => `+91-${d.slice(0, 5)}-${d.slice(5)}`,
  (d: string) => `${d.slice(0, 5)} ${d.slice(5)}`,
  (d: string) => d,
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d: string) => `+44 ${d.slice(0, 4)} ${d.slice(4)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
];

export function makePerson(seed: number, industry: Industry): Person {
  const rand = random(seed * 7919 + 17);
  const first = pick(rand, FIRST_NAMES);
  const last = pick(rand, LAST_NAMES);
  const slug = `${first}${last}`.toLowerCase();
  const digits = `9${Array.from({ length: 9 }, () => Math.floor(rand() * 10)).join('')}`;
  const email = pick(rand, [`${first}.${last}@gmail.com`, `${slug}${Math.floor(rand() * 90) + 10}@outlook.com`, `${first[0]}${last}@proton.me`]).toLowerCase();
  const links = CONTENT[industry].links.map((kind) => {
    const style = rand() < 0.5;
    switch (kind) {
      case 'linkedin':
        return style ? `linkedin.com/in/${first}-${last}`.toLowerCase() : `https://www.linkedin.com/in/${slug}`;
      case 'github':
        return style ? `github.com/${slug}` : `https://github.com/${first.toLowerCase()}-${last.toLowerCase()}`;
      case 'behance':
        return `behance.net/${slug}`;
      case 'portfolio':
        return style ? `${slug}.design` : `https://${slug}.dev`;
    }
  });
  const person: Person = { id: `p${seed}`, first, last, email, phone: pick(rand, PHONE_FORMATS)(digits), city: pick(rand, CITIES), links };
  if (rand() < 0.25) person.middle = `${pick(rand, [...'ABCDGKMNRSV'])}.`;
  return person;
}

const HEADINGS: Record<SectionKind, string[]> = {
  summary: ['Summary', 'Professional Summary', 'Profile', 'Career Objective'],
  education: ['Education', 'Academic Qualifications', 'Education'],
  experience: ['Experience', 'Work Experience', 'Professional Experience', 'Internships'],
  projects: ['Projects', 'Academic Projects', 'Key Projects'],
  skills: ['Skills', 'Technical Skills', 'Key Skills', 'Core Competencies'],
  certifications: ['Certifications', 'Licenses & Certifications', 'Certificates'],
  achievements: ['Achievements', 'Awards & Achievements', 'Honors and Awards'],
  activities: ['Extracurricular Activities'],
  publications: ['Publications'],
  languages: ['Languages'],
  interests: ['Interests'],
  references: ['References'],
};

const NON_STANDARD: Partial<Record<SectionKind, string[]>> = {
  experience: ['Where I Worked', 'My Journey'],
  education: ['Studies', 'Schooling'],
};

const INDUSTRY_EXPERIENCE_HEADING: Partial<Record<Industry, string>> = { education: 'Teaching Experience', healthcare: 'Clinical Experience' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const FULL_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function dateRange(rand: () => number, startYear: number, style: 'Mon' | 'Month' | 'MM' | 'Year', ongoing: boolean): string {
  const m1 = Math.floor(rand() * 12);
  const months = 3 + Math.floor(rand() * 18);
  const endIndex = startYear * 12 + m1 + months;
  const end = { year: Math.floor(endIndex / 12), month: endIndex % 12 };
  const fmt = (year: number, month: number) =>
    style === 'Mon' ? `${MONTHS[month]} ${year}` : style === 'Month' ? `${FULL_MONTHS[month]} ${year}` : style === 'MM' ? `${String(month + 1).padStart(2, '0')}/${year}` : String(year);
  return `${fmt(startYear, m1)} – ${ongoing ? 'Present' : fmt(end.year, end.month)}`;
}

export function buildSpec(person: Person, industry: Industry, quality: Quality, seed: number, options: { compact?: boolean } = {}): ResumeSpec {
  const rand = random(seed * 104729 + 3);
  const c = CONTENT[industry];
  const headingStyle = rand() < 0.5 ? 'upper' : 'title';
  const look: ResumeSpec['look'] = {
    nameUpper: rand() < 0.25,
    contactLabels: rand() < 0.25,
    bullet: pick(rand, ['•', '•', '-', '·'] as const),
    headingColon: rand() < 0.2,
  };
  const heading = (kind: SectionKind): Block => {
    let text = kind === 'experience' && INDUSTRY_EXPERIENCE_HEADING[industry] && rand() < 0.5 ? INDUSTRY_EXPERIENCE_HEADING[industry]! : pick(rand, HEADINGS[kind]);
    // Some weak resumes name their sections in their own words, which no ATS recognises.
    if (quality === 'weak' && rand() < 0.3) text = pick(rand, NON_STANDARD[kind] ?? [text]);
    if (headingStyle === 'upper') text = text.toUpperCase();
    if (look.headingColon) text = `${text}:`;
    return { type: 'heading', kind, text };
  };
  const dateStyle = pick(rand, ['Mon', 'Mon', 'MM', 'Month'] as const);
  const gradYear = 2021 + Math.floor(rand() * 4);
  const sections: ResumeSpec['sections'] = [];
  const strong = quality === 'strong';
  const weak = quality === 'weak';
  const compact = Boolean(options.compact);

  if (!weak && (strong || rand() < 0.5)) {
    sections.push({ kind: 'summary', blocks: [heading('summary'), { type: 'paragraph', text: pick(rand, c.summary) }] });
  }

  const education: Block[] = [heading('education')];
  const institution = pick(rand, INSTITUTIONS);
  education.push({ type: 'entry', left: `${pick(rand, c.degrees)}, ${institution}`, right: weak ? undefined : `${gradYear - 4} – ${gradYear}` });
  if (strong) education.push({ type: 'subline', text: rand() < 0.5 ? `CGPA: ${(7.6 + rand() * 2).toFixed(2)}/10` : `Percentage: ${Math.round(72 + rand() * 20)}%` });
  else if (weak) education.push({ type: 'subline', text: `Passed in ${gradYear}` });
  if (strong && !compact) education.push({ type: 'entry', left: `Class XII (CBSE), ${pick(rand, ['Kendriya Vidyalaya', 'Delhi Public School', "St. Joseph's High School"])}`, right: String(gradYear - 4) });

  const experience: Block[] = [heading('experience')];
  const jobs = strong ? (compact || c.achievements.length < 12 ? 2 : 3) : weak ? 1 : 2;
  const orgs = sample(rand, c.orgs, jobs);
  const achievements = sample(rand, c.achievements, c.achievements.length);
  const duties = sample(rand, c.duties, c.duties.length);
  for (let j = 0; j < jobs; j++) {
    const start = gradYear - 1 - j;
    experience.push({ type: 'entry', left: `${pick(rand, c.titles)}, ${orgs[j]}`, right: dateRange(rand, start, dateStyle, j === 0 && strong) });
    if (weak) {
      experience.push({ type: 'paragraph', text: `${sample(rand, c.duties, 3).join('. ')}.` });
      continue;
    }
    const count = strong ? (compact ? 3 : 4) : 3;
    // (strong resumes never run out: at most 2 jobs x 4 bullets of at least 8 achievements)
    for (let b = 0; b < count; b++) {
      const text = strong || b === 0 ? achievements.shift()! : duties[(j * count + b) % duties.length]!;
      experience.push({ type: 'bullet', text });
    }
  }

  const projects: Block[] = [heading('projects')];
  const projectCount = strong ? 2 : weak ? 0 : 1;
  for (const project of sample(rand, c.projects, projectCount)) {
    projects.push({ type: 'entry', left: project.name, right: strong ? String(gradYear - 1) : undefined });
    for (const bullet of project.bullets) projects.push({ type: 'bullet', text: bullet });
  }

  const skillsBlocks: Block[] = [heading('skills')];
  let skills: string[] = [];
  if (strong) {
    for (const [label, items] of Object.entries(c.skills)) {
      const chosen = items.slice(0, compact ? 4 : items.length);
      skillsBlocks.push({ type: 'skills', label, items: chosen });
      skills.push(...chosen);
    }
  } else if (!weak) {
    const all = Object.values(c.skills).flat();
    skills = sample(rand, all, 7);
    skillsBlocks.push({ type: 'skills', items: skills });
  }

  const certifications: Block[] = [heading('certifications')];
  for (const cert of sample(rand, c.certifications, strong ? (compact ? 1 : 2) : 1)) certifications.push({ type: 'bullet', text: cert });
  const awards: Block[] = [heading('achievements')];
  for (const award of c.awards) awards.push({ type: 'bullet', text: award });

  sections.push({ kind: 'education', blocks: education });
  sections.push({ kind: 'experience', blocks: experience });
  if (projectCount > 0) sections.push({ kind: 'projects', blocks: projects });
  if (!weak) sections.push({ kind: 'skills', blocks: skillsBlocks });
  if (!weak) sections.push({ kind: 'certifications', blocks: certifications });
  if (strong && !compact) sections.push({ kind: 'achievements', blocks: awards });

  const shown = {
    email: true,
    phone: !weak || rand() < 0.5,
    links: strong ? person.links : quality === 'medium' && rand() < 0.5 ? person.links.slice(0, 1) : [],
  };
  if (weak) {
    // A weak resume lists skills as one line under an unlabelled heading-less "Skills:" prefix.
    const weakSkills = sample(rand, c.weakSkills, 3);
    sections.push({ kind: 'skills', blocks: [{ type: 'paragraph', text: `Skills: ${weakSkills.join(', ')}` }] });
    skills = weakSkills;
  }
  return { person, industry, quality, shown, sections, skills, headingStyle, look };
}

/** Name, headline and contact blocks. */
export const fullName = (person: Person) => [person.first, person.middle, person.last].filter(Boolean).join(' ');

export function headerBlocks(spec: ResumeSpec): Block[] {
  const { person, shown, look } = spec;
  const label = (name: string, value: string) => (look.contactLabels ? `${name}: ${value}` : value);
  const parts = [
    shown.email ? label('Email', person.email) : undefined,
    shown.phone ? label('Phone', person.phone) : undefined,
    person.city,
    ...shown.links.map((link) => label(link.includes('linkedin') ? 'LinkedIn' : link.includes('github') ? 'GitHub' : 'Portfolio', link)),
  ].filter((p): p is string => Boolean(p));
  const name = fullName(person);
  const blocks: Block[] = [{ type: 'name', text: look.nameUpper ? name.toUpperCase() : name }];
  if (spec.quality !== 'weak') blocks.push({ type: 'headline', text: CONTENT[spec.industry].headline });
  blocks.push({ type: 'contact', parts });
  return blocks;
}

export function truthOf(spec: ResumeSpec, file: string, layout: ResumeTruth['layout'], pages: number | null): ResumeTruth {
  const bands: Record<Quality, [number, number]> = { strong: [70, 100], medium: [45, 80], weak: [10, 50] };
  let band = bands[spec.quality];
  if (layout === 'pdf-scanned') band = [band[0] - 10, band[1] - 5];
  return {
    file,
    layout,
    industry: spec.industry,
    quality: spec.quality,
    person: spec.person.id,
    name: fullName(spec.person),
    email: spec.shown.email ? spec.person.email : null,
    phone: spec.shown.phone ? spec.person.phone : null,
    links: spec.shown.links,
    sections: [...new Set(spec.sections.map((s) => s.kind))],
    skills: spec.skills,
    scoreBand: band,
    pages,
  };
}
