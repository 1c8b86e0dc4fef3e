import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SeasonStudent } from './season';

/**
 * A demo student's resume: the words (pure, from the profile) and a one-column text PDF of them, with
 * a real text layer for the ATS engine to read (pdf-lib, as the ATS corpus's PDFs are made).
 */

export interface ResumeSection {
  heading: string;
  /** Each entry: a bold first line and the lines under it. */
  entries: { title: string; right?: string; lines: string[] }[];
}

export interface ResumeDocument {
  name: string;
  headline: string;
  contact: string[];
  sections: ResumeSection[];
}

export function resumeOf(student: SeasonStudent): ResumeDocument {
  const { profile, program } = student;
  const { education } = profile;
  const skills = profile.skills.map((skill) => skill.name);
  const grade = (value: string) => (value.endsWith('%') ? `Aggregate ${value}` : `CGPA ${value} / 10`);
  const degrees = [education.masters, education.graduation].filter((degree) => degree.degree !== '');
  return {
    name: student.fullName,
    headline: `${program.degree} (${student.batch}) | ${profile.areaOfInterest}`,
    contact: [student.email, `+91 ${student.mobileNo}`, `${student.city}, India`, student.linkedIn],
    sections: [
      {
        heading: 'Career Objective',
        entries: [
          {
            title: `Aspiring ${profile.areaOfInterest} professional`,
            lines: [
              `Final-year ${program.degree} student looking for a role in ${profile.areaOfInterest.toLowerCase()} where I can apply ${skills.slice(0, 3).join(', ')} to real problems, learn from experienced engineers and managers, and grow with the team.`,
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
      { heading: 'Technical Skills', entries: [{ title: 'Skills', lines: [skills.join(', ')] }] },
      {
        heading: 'Projects',
        entries: student.projects.map((project) => ({ title: project.title, lines: [project.detail] })),
      },
      ...(profile.experience.length > 0
        ? [{ heading: 'Experience', entries: profile.experience.map((internship) => ({ title: `Intern, ${internship.organizationName}`, right: internship.duration, lines: [internship.details] })) }]
        : []),
      ...(profile.certifications.length > 0 ? [{ heading: 'Certifications', entries: profile.certifications.map((certification) => ({ title: certification.name, lines: [] })) }] : []),
      {
        heading: 'Achievements and Activities',
        entries: [
          {
            title: 'Campus',
            lines: [
              'Volunteer, placement cell student coordinators team: helped organise pre-placement talks and online assessments.',
              'Participated in the university hackathon and the annual technical and cultural festival.',
            ],
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
      for (const line of entry.lines) writer.text(line, { indent: 10 });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
