/**
 * A JSON Resume document as a Word file, built with the docx package the way Word's own resume
 * templates are laid out: title-style name, contact line, Heading 1 sections, the role and
 * organisation on one line with the dates at a right tab, Word bullets for highlights.
 */
import { Document, HeadingLevel, Packer, Paragraph, TabStopType, TextRun } from 'docx';
import type { JsonResume } from './resumes';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const month = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const range = (start: string, end?: string) => `${month(start)} \u2013 ${end ? month(end) : 'Present'}`;

export async function renderJsonResumeDocx(resume: JsonResume): Promise<{ bytes: Uint8Array; text: string; pages: null }> {
  const texts: string[] = [];
  const children: Paragraph[] = [];
  const para = (text: string, options: Partial<ConstructorParameters<typeof Paragraph>[0] & object> = {}) => {
    texts.push(text);
    children.push(new Paragraph({ text, ...options }));
  };
  const heading = (text: string) => para(text, { heading: HeadingLevel.HEADING_1, spacing: { before: 240 } });
  const entry = (title: string, when: string) => {
    texts.push(`${title}\t${when}`);
    children.push(new Paragraph({ tabStops: [{ type: TabStopType.RIGHT, position: 9000 }], children: [new TextRun({ text: title, bold: true }), new TextRun({ text: `\t${when}` })] }));
  };
  const bullet = (text: string) => para(text, { bullet: { level: 0 } });

  const { basics } = resume;
  para(basics.name, { heading: HeadingLevel.TITLE });
  if (basics.label) para(basics.label);
  const location = [basics.location?.city, basics.location?.region].filter(Boolean).join(', ');
  para([location, basics.email, basics.phone, basics.url, ...(basics.profiles ?? []).map((p) => p.url)].filter(Boolean).join(' | '));
  if (basics.summary) {
    heading('Summary');
    para(basics.summary);
  }
  if (resume.work?.length) {
    heading('Work Experience');
    for (const w of resume.work) {
      entry(`${w.position}, ${w.name}`, range(w.startDate, w.endDate));
      if (w.summary) para(w.summary);
      (w.highlights ?? []).forEach(bullet);
    }
  }
  if (resume.volunteer?.length) {
    heading('Volunteer Experience');
    for (const v of resume.volunteer) {
      entry(`${v.position}, ${v.organization}`, range(v.startDate, v.endDate));
      if (v.summary) para(v.summary);
      (v.highlights ?? []).forEach(bullet);
    }
  }
  if (resume.education?.length) {
    heading('Education');
    for (const e of resume.education) {
      entry(`${e.studyType}, ${e.area}`, range(e.startDate, e.endDate));
      para([e.institution, e.score].filter(Boolean).join(' \u2014 '));
      if (e.courses?.length) para(`Relevant Coursework: ${e.courses.join(', ')}`);
    }
  }
  if (resume.projects?.length) {
    heading('Projects');
    for (const p of resume.projects) {
      entry(p.name, p.startDate ? range(p.startDate, p.endDate) : '');
      para(p.description);
      (p.highlights ?? []).forEach(bullet);
    }
  }
  if (resume.skills?.length) {
    heading('Skills');
    for (const s of resume.skills) para(`${s.name}: ${s.keywords.join(', ')}`);
  }
  if (resume.awards?.length) {
    heading('Honors and Awards');
    for (const a of resume.awards) para(`${a.title}, ${a.awarder} (${a.date.slice(0, 4)})`);
  }
  if (resume.certificates?.length) {
    heading('Certifications');
    for (const c of resume.certificates) para(`${c.name}, ${c.issuer} (${c.date.slice(0, 4)})`);
  }
  if (resume.publications?.length) {
    heading('Publications');
    for (const p of resume.publications) para(`${p.name}. ${p.publisher}, ${p.releaseDate.slice(0, 4)}.`);
  }
  if (resume.languages?.length) {
    heading('Languages');
    para(resume.languages.map((l) => `${l.language} (${l.fluency})`).join(', '));
  }
  if (resume.interests?.length) {
    heading('Interests');
    para(resume.interests.map((i) => i.name).join(', '));
  }
  const document = new Document({ creator: 'corpus generator', title: `${basics.name} resume`, sections: [{ children }] });
  return { bytes: new Uint8Array(await Packer.toBuffer(document)), text: texts.join('\n'), pages: null };
}
