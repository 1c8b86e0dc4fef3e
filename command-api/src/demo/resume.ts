import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SeasonStudent } from './season';

/**
 * A demo student's resume: the words (pure, from the profile) and a one-column text PDF of them, with
 * a real text layer for the ATS engine to read (pdf-lib, as the ATS corpus's PDFs are made).
 */

export interface ResumeSection {
  heading: string;
  /** Each entry: a bold first line (a date flush right), a paragraph and bullet points under it. */
  entries: { title: string; right?: string; lines?: string[]; bullets?: string[] }[];
}

export interface ResumeDocument {
  name: string;
  headline: string;
  contact: string[];
  sections: ResumeSection[];
}

const ACHIEVEMENTS = [
  'Ranked in the top 5% of the university coding contest among 600 participants.',
  'Led a team of 4 to the finals of the inter-college business plan competition.',
  'Organised the annual technical festival with 40 volunteers and 2,000 visitors.',
  'Won second prize in the departmental paper presentation on emerging technologies.',
  'Mentored 12 first-year students as part of the peer learning programme.',
  'Represented the university in the state-level inter-university quiz.',
] as const;

export function resumeOf(student: SeasonStudent): ResumeDocument {
  const { profile, program } = student;
  const { education } = profile;
  const skills = profile.skills.map((skill) => skill.name);
  const grade = (value: string) => (value.endsWith('%') ? `Aggregate ${value}` : `CGPA ${value} / 10`);
  const degrees = [education.masters, education.graduation].filter((degree) => degree.degree !== '');
  const area = profile.areaOfInterest.toLowerCase();
  const achievement = (k: number) => ACHIEVEMENTS[(student.n + k) % ACHIEVEMENTS.length]!;
  return {
    name: student.fullName,
    headline: `${program.degree} (${student.batch}) | ${profile.areaOfInterest}`,
    contact: [student.email, `+91 ${student.mobileNo}`, `${student.city}, India`, student.linkedIn],
    sections: [
      {
        heading: 'Summary',
        entries: [
          {
            title: `Aspiring ${profile.areaOfInterest} professional`,
            lines: [
              `Final-year ${program.degree} student with hands-on experience in ${skills.slice(0, 3).join(', ')} through academic projects${profile.experience.length > 0 ? ' and an industry internship' : ''}. Looking for a role in ${area} where I can solve real problems, learn from experienced colleagues and grow with the team. Comfortable working in teams, presenting results and meeting deadlines.`,
            ],
          },
        ],
      },
      {
        heading: 'Education',
        entries: [
          ...degrees.map((degree) => ({ title: `${degree.degree}, University School (${profile.school})`, right: degree.passingYear, lines: [grade(degree.percentageOrCGPA)] })),
          { title: 'Class XII (Senior Secondary), CBSE', right: education.twelfth.passingYear, lines: [`${education.twelfth.percentage}%`] },
          { title: 'Class X (Secondary), CBSE', right: education.tenth.passingYear, lines: [`${education.tenth.percentage}%`] },
        ],
      },
      { heading: 'Skills', entries: [{ title: 'Technical', lines: [skills.join(', ')] }, { title: 'Languages', lines: ['English, Hindi'] }] },
      {
        heading: 'Projects',
        entries: student.projects.map((project, k) => ({
          title: project.title,
          right: String(student.batch - 2 + k),
          bullets: [project.detail, `Implemented it with ${skills.slice(k, k + 3).join(', ')}; documented the design and the tests, and presented the results to a panel of 3 faculty members.`],
        })),
      },
      ...(profile.experience.length > 0
        ? [
            {
              heading: 'Experience',
              entries: profile.experience.map((internship) => ({
                title: `Intern, ${internship.organizationName}`,
                right: internship.duration,
                bullets: [internship.details, 'Collaborated with a team of 6 and delivered the assigned work two days ahead of the review.', 'Prepared weekly status reports for the manager and documented the process for the next intern.'],
              })),
            },
          ]
        : []),
      ...(profile.certifications.length > 0 ? [{ heading: 'Certifications', entries: profile.certifications.map((certification) => ({ title: certification.name })) }] : []),
      {
        heading: 'Achievements and Activities',
        entries: [
          {
            title: 'Campus',
            bullets: [achievement(0), achievement(3), 'Volunteered with the placement cell\u2019s student coordinators: organised pre-placement talks and online assessments for 300 students.'],
          },
        ],
      },
    ],
  };
}

const PAGE = { width: 595, height: 842, margin: 48, bottom: 56 };

class Writer {
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private room(height: number): void {
    if (this.y - height >= PAGE.bottom) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Lines no wider than the text column, broken at spaces. */
  private wrap(text: string, size: number, font: PDFFont, width = PAGE.width - 2 * PAGE.margin): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, { size = 10, bold = false, gap = 1.4, indent = 0 } = {}): void {
    const font = bold ? this.bold : this.regular;
    for (const line of this.wrap(text, size, font, PAGE.width - 2 * PAGE.margin - indent)) {
      this.room(size * gap);
      this.y -= size * gap;
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }

  /** A bullet point: the bullet, and the text hanging after it (wrapped lines start under the text). */
  bullet(text: string, size = 10): void {
    const indent = 22;
    this.wrap(text, size, this.regular, PAGE.width - 2 * PAGE.margin - indent).forEach((line, index) => {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      if (index === 0) this.page.drawText('\u2022', { x: PAGE.margin + 10, y: this.y, size, font: this.regular });
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font: this.regular, color: rgb(0.1, 0.1, 0.1) });
    });
  }

  entry(title: string, right: string | undefined, size = 10): void {
    this.room(size * 1.6);
    this.y -= size * 1.6;
    this.page.drawText(title, { x: PAGE.margin, y: this.y, size, font: this.bold });
    if (right) this.page.drawText(right, { x: PAGE.width - PAGE.margin - this.regular.widthOfTextAtSize(right, size), y: this.y, size, font: this.regular });
  }

  heading(text: string): void {
    this.room(40);
    this.y -= 22;
    this.page.drawText(text.toUpperCase(), { x: PAGE.margin, y: this.y, size: 11.5, font: this.bold, color: rgb(0.1, 0.2, 0.45) });
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y - 4 }, end: { x: PAGE.width - PAGE.margin, y: this.y - 4 }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 4;
  }
}

/** The resume as a PDF (A4, Helvetica). Dates inside the file are fixed, so the same resume gives the same bytes. */
export async function renderResumePdf(resume: ResumeDocument): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const fixed = new Date('2026-01-01T00:00:00Z');
  doc.setTitle(`${resume.name} - Resume`);
  doc.setAuthor(resume.name);
  doc.setCreator('Placement Portal demo');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text(resume.name, { size: 20, bold: true, gap: 1 });
  writer.text(resume.headline, { size: 11, gap: 1.8 });
  writer.text(resume.contact.join('  |  '), { size: 9.5, gap: 1.7 });
  for (const section of resume.sections) {
    writer.heading(section.heading);
    for (const entry of section.entries) {
      writer.entry(entry.title, entry.right);
      for (const line of entry.lines ?? []) writer.text(line, { indent: 10 });
      for (const bullet of entry.bullets ?? []) writer.bullet(bullet);
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
