import type { DocLine, ExtractedDocument } from '../extract/types';
import { findContact, findEmail, findLinks, findName, findPhone, joinWrappedEmails, nameLikeness } from './contact';
import { findDates, monthStyles } from './dates';
import { educationFacts } from './education';
import { parseResume, sentencesOf } from './resume';
import { kindOfHeading, matchHeading } from './sections';
import { skillItems } from './skills';
import { isQuantified, openingVerb, weakOpener } from './statements';

describe('section headings', () => {
  it.each([
    ['EDUCATION', 'education'],
    ['Work Experience:', 'experience'],
    ['1. Academic Projects', 'projects'],
    ['Licenses & Certifications', 'certifications'],
    ['— Technical Skills —', 'skills'],
    ['Honors and Awards', 'achievements'],
    ['VOLUNTEER EXPERIENCE', 'experience'],
    ['Work History', 'experience'],
    ['Professional Experience', 'experience'],
    ['Research Experience', 'experience'],
    ['Work', 'experience'],
    ['Leadership', 'activities'],
    ['Leadership & Involvement', 'activities'],
    ['Honours & Awards', 'achievements'],
    ['Scholarships and Awards', 'achievements'],
    ['Relevant Coursework', 'education'],
    ['Technical Proficiencies', 'skills'],
    ['Programming Languages', 'skills'],
    ['Summary of Qualifications', 'summary'],
    ['Publications & Presentations', 'publications'],
    ['Certifications and Training', 'certifications'],
    ['S U M M A RY', 'summary'],
    ['W O R K E X P E R I E N C E', 'experience'],
    ['E D U C AT I O N', 'education'],
    ['S K I L L S', 'skills'],
  ])('%s is %s', (text, kind) => {
    expect(kindOfHeading(text)).toBe(kind);
  });

  it('reads "Heading: content" lines and never takes a bullet or a sentence for a heading', () => {
    expect(matchHeading('Skills: Python, SQL', { bullet: false, fuzzy: false })).toEqual({ kind: 'skills', inline: 'Python, SQL' });
    expect(matchHeading('Leadership', { bullet: true, fuzzy: false })).toBeUndefined();
    expect(matchHeading('Experience building REST APIs for fintech clients', { bullet: false, fuzzy: false })).toBeUndefined();
  });

  it('forgives one OCR slip in a long heading, not in a short one', () => {
    expect(kindOfHeading('EDUCATI0N', true)).toBe('education');
    expect(kindOfHeading('Experiance', true)).toBe('experience');
    expect(kindOfHeading('Skils', true)).toBeUndefined();
  });
});

describe('contact details', () => {
  it('finds e-mail addresses, also with OCR spaces', () => {
    expect(findEmail('Email: Jane.Doe@Gmail.com | x')).toBe('jane.doe@gmail.com');
    expect(findEmail('jane @ example . com')).toBe('jane@example.com');
    expect(findEmail('no address here')).toBeUndefined();
  });

  it.each([
    ['+91 98765 43210', '+91 98765 43210'],
    ['Phone: (555) 014-2298', '(555) 014-2298'],
    ['+1 555 014 2298 | Pune', '+1 555 014 2298'],
    ['9876543210', '9876543210'],
    ['987.654.3210', '987.654.3210'],
  ])('finds the phone in %s', (line, phone) => {
    expect(findPhone(line)).toBe(phone);
  });

  it('joins an e-mail address that a narrow column wrapped, and takes no link from its second half', () => {
    expect(findContact(['Priya R', 'priya.raghunathan@exa', 'mple.com', '+91 98450 12345'], [])).toMatchObject({ email: 'priya.raghunathan@example.com', links: [] });
    expect(joinWrappedEmails(['a@b.co', 'Pune'])).toEqual(['a@b.co', 'Pune']);
    expect(joinWrappedEmails(['kavya.nair@example.co', 'm', '+91 94470 11223'])).toEqual(['kavya.nair@example.com', '+91 94470 11223']);
    expect(joinWrappedEmails(['a@b.com', 'Go'])).toEqual(['a@b.com', 'Go']);
    expect(joinWrappedEmails(['mail: jo@exam', 'ple.org  Pune'])).toEqual(['mail: jo@example.org', 'Pune']);
  });

  it('does not take letter pairs or short words for a letter-spaced heading', () => {
    expect(kindOfHeading('A B C D')).toBeUndefined();
    expect(kindOfHeading('Go C R')).toBeUndefined();
  });

  it('reads OCR\'s "https :/l" as https://', () => {
    expect(findLinks('priyar - https :/lgithub.com/priyar')).toEqual(['github.com/priyar']);
  });

  it('repairs OCR damage around the dot, slashes and "www." of a known profile host', () => {
    expect(findLinks('arjunmehta - https://linkedin -.com/in/arjunmehta')).toEqual(['linkedin.com/in/arjunmehta']);
    expect(findLinks('priya-raghunathan - https:/mwww. linkedin.com/in/priya-raghunathan')).toEqual(['linkedin.com/in/priya-raghunathan']);
    expect(findLinks('github . com/priyar | Linkedin,corn/ in /jane-doe')).toEqual(['github.com/priyar', 'linkedin.com/in/jane-doe']);
    expect(findLinks('https:/linkedin.com/in/jane')).toEqual(['linkedin.com/in/jane']);
    expect(findLinks('linkedin com/in/jane')).toEqual(['linkedin.com/in/jane']);
  });

  it('leaves text that only looks like a damaged host alone', () => {
    // No path after it, another host's domain, or two words with no dot between them.
    expect(findLinks('Skills: GitHub, .NET, Kaggle - .com startups')).toEqual([]);
    expect(findLinks('Published on Medium - comments/week')).toEqual([]);
    expect(findLinks('GitHub. Org/team leads')).toEqual([]);
  });

  it('does not take dates, years or IDs for phones', () => {
    expect(findPhone('2019 - 2023')).toBeUndefined();
    expect(findPhone('Jun 2019 – Aug 2021')).toBeUndefined();
    expect(findPhone('order/12345678901')).toBeUndefined();
  });

  it('finds profile links and leaves degrees, e-mail domains and package names alone', () => {
    expect(findLinks('https://www.linkedin.com/in/jane-doe | github.com/janedoe | janedoe.dev')).toEqual(['linkedin.com/in/jane-doe', 'github.com/janedoe', 'janedoe.dev']);
    expect(findLinks('B.Com (Honours), jane@company.com, Node.js, ASP.NET')).toEqual([]);
  });

  it('prefers an early, large, name-shaped line', () => {
    expect(nameLikeness('Priya S. Nair')).toBe(1);
    expect(nameLikeness('DANIEL HASSAN')).toBe(1);
    expect(nameLikeness('Software Engineer')).toBe(0);
    expect(nameLikeness('Curriculum Vitae')).toBe(0);
    const candidates = [
      { text: 'Curriculum Vitae', index: 0, page: 1, height: 12, isHeading: false },
      { text: 'Meera Kulkarni', index: 1, page: 1, height: 20, isHeading: false },
      { text: 'Community Health Camp', index: 9, page: 1, height: 10, isHeading: false },
    ];
    expect(findName(candidates)).toBe('Meera Kulkarni');
  });
});

describe('dates', () => {
  it('finds ranges and single dates with their style', () => {
    expect(findDates('Intern, Acme  Jun 2020 – Present').map((d) => [d.text, d.style, d.inRange])).toEqual([['Jun 2020', 'Mon YYYY', true]]);
    expect(findDates('06/2019 - 08/2020').map((d) => d.style)).toEqual(['MM/YYYY', 'MM/YYYY']);
    expect(findDates('B.Tech 2018 to 2022, Class XII 2018').map((d) => d.text)).toEqual(['2018', '2022', '2018']);
    expect(findDates('September 2021 — March 2022').map((d) => d.style)).toEqual(['Month YYYY', 'Month YYYY']);
  });

  it('reports mixed month styles, not years', () => {
    expect(monthStyles([...findDates('Jun 2020 - Present'), ...findDates('2018 - 2022'), ...findDates('06/2019 - 08/2020')])).toEqual(['MM/YYYY', 'Mon YYYY']);
  });
});

describe('statements', () => {
  it('recognises action verbs by stem and duty phrases', () => {
    expect(openingVerb('Led a team of 5')).toBe('Led');
    expect(openingVerb('Developing dashboards')).toBe('Developing');
    expect(openingVerb('Responsible for the website')).toBeUndefined();
    expect(weakOpener('Worked on the backend')).toBe('worked on');
    expect(openingVerb('Helped the team')).toBeUndefined();
  });

  it.each([
    ['Reduced costs by 22%', true],
    ['Managed a budget of $40k', true],
    ['Served 12,000 daily users', true],
    ['Cut release time 3x', true],
    ['Taught 160 students', true],
    ['Raised INR 8 lakh', true],
    ['Graduated in 2021', false],
    ['Worked on the backend', false],
  ])('%s quantified: %s', (text, quantified) => {
    expect(isQuantified(text)).toBe(quantified);
  });

  it('splits duty paragraphs into sentences but leaves titles alone', () => {
    expect(sentencesOf('Responsible for posting on social media. Worked on campaigns. Helped the team in organizing events.')).toEqual([
      'Responsible for posting on social media.',
      'Helped the team in organizing events.',
    ]);
    expect(sentencesOf('Working Capital Analysis of a Manufacturing Firm')).toEqual([]);
  });
});

describe('skills and education', () => {
  it('splits skill lists and drops labels', () => {
    expect(skillItems(['Languages: Java, Python, C++', '• Tools: Docker | Kubernetes; Git', 'Figma / Sketch', 'I am a quick learner who loves to build great products every day'])).toEqual([
      'Java', 'Python', 'C++', 'Docker', 'Kubernetes', 'Git', 'Figma', 'Sketch',
    ]);
  });

  it('takes a group name on a line of its own above the group for no skill', () => {
    expect(skillItems(['Finance', 'Financial Modeling · Excel · Tally', 'Tools', 'Docker  Git'])).toEqual(['Financial Modeling', 'Excel', 'Tally', 'Docker', 'Git']);
    expect(skillItems(['Python', 'SQL'])).toEqual(['Python', 'SQL']);
    expect(skillItems(['Teaching: Lesson Planning, Differentiated Instruction,', 'Student Assessment', 'Technology: Moodle, PowerPoint'])).toEqual([
      'Lesson Planning', 'Differentiated Instruction', 'Student Assessment', 'Moodle', 'PowerPoint',
    ]);
    expect(skillItems(['Java - Go - Python  Docker - Redis -', 'Git'])).toEqual(['Java', 'Go', 'Python', 'Docker', 'Redis', 'Git']);
    expect(skillItems(['CI/CD, scikit-learn'])).toEqual(['CI/CD', 'scikit-learn']);
  });

  it('finds degree, institution, year and grade', () => {
    expect(educationFacts(['B.Tech in Computer Science, National Institute of Technology, Trichy  2018 – 2022', 'CGPA: 8.7/10'])).toEqual({
      degree: 'B.Tech',
      institution: 'B.Tech in Computer Science, National Institute of Technology, Trichy  2018 – 2022',
      year: '2018',
      grade: 'CGPA',
    });
    expect(educationFacts(['Class XII (CBSE), 91%']).degree).toBe('Class XII');
  });
});

const doc = (lines: (string | Partial<DocLine>)[], format: ExtractedDocument['format'] = 'pdf'): ExtractedDocument => ({
  format,
  pageCount: 1,
  ocrPages: [],
  columns: 1,
  tables: 0,
  images: 0,
  truncated: false,
  lines: lines.map((l) => (typeof l === 'string' ? { text: l, page: 1, column: 0 } : { page: 1, column: 0, text: '', ...l })),
});

describe('parseResume', () => {
  it("counts OCR's misread bullet glyphs, '=' among them, as bullets on OCR lines only", () => {
    const lines = ['WORK EXPERIENCE', 'Financial Analyst at HDFC Bank  Jun 2021 - Current', '= Built a cash-flow forecasting model in Excel', '= Prepared monthly MIS reports for 14 branches', '» Tested internal controls for 3 clients'];
    expect(parseResume(doc(lines.map((text) => ({ text, ocr: true })))).bulletCount).toBe(3);
    expect(parseResume(doc(lines)).bulletCount).toBe(0);
  });

  it('builds sections, contact, statements and skills from lines', () => {
    const parsed = parseResume(
      doc([
        { text: 'Jane Doe', height: 20 },
        'jane@example.com | +91 98765 43210 | github.com/janedoe',
        'EXPERIENCE',
        'Engineer, Acme  Jun 2020 – Present',
        { text: '• Built a REST API serving 12,000 users and', x: 40 },
        { text: 'cut latency by 40%', x: 50 },
        '• Responsible for deployments',
        'SKILLS',
        'Languages: Java, Go',
        'Tools: Docker, Git',
        'Education',
        'B.Tech, Anna University 2022',
      ]),
    );
    expect(parsed.contact).toEqual({ name: 'Jane Doe', email: 'jane@example.com', phone: '+91 98765 43210', links: ['github.com/janedoe'] });
    expect(parsed.sectionKinds).toEqual(['experience', 'skills', 'education']);
    expect(parsed.statements.map((s) => [s.text, s.verb ?? null, s.quantified])).toEqual([
      ['Built a REST API serving 12,000 users and cut latency by 40%', 'Built', true],
      ['Responsible for deployments', null, false],
    ]);
    expect(parsed.skills).toEqual(['Java', 'Go', 'Docker', 'Git']);
    expect(parsed.education).toMatchObject({ sectionPresent: true, degree: 'B.Tech', year: '2022' });
  });

  it('takes duty paragraphs as statements and notices contact details only in a page header', () => {
    const parsed = parseResume(
      doc(
        [
          { text: 'Ravi Kumar', headerFooter: true },
          { text: 'ravi@example.com', headerFooter: true },
          { text: 'Experience', heading: true },
          'Worked on accounts of the company. Helped in audit work and documentation.',
        ],
        'docx',
      ),
    );
    expect(parsed.contactOnlyInHeaderFooter).toBe(true);
    expect(parsed.contact.name).toBe('Ravi Kumar');
    expect(parsed.statements.map((s) => s.weakOpener)).toEqual(['worked on', 'helped']);
    expect(parsed.bulletCount).toBe(0);
  });

  it('reads text made plain: no-break spaces, soft hyphens, Unicode hyphens and ligatures', () => {
    const parsed = parseResume(
      doc([
        { text: 'Maria\u00a0Gonzalez', height: 20 },
        '(909)\u00a0555\u00ad\u20105555 \u2022 maria@ex\u00adample.com',
        'VOLUNTEER\u00a0EXPERIENCE',
        'Tutor, City Library  Jan 2021 \u2010 May 2022',
        '\u2022 Taught ﬁve students; eﬃciency up 20%',
        'Relevant Coursework: Data Structures, Algorithms',
        'Honors\u00a0\u0026 Awards',
        '\u2022 Dean\u2019s List',
      ]),
    );
    expect(parsed.contact).toMatchObject({ name: 'Maria Gonzalez', phone: '(909) 555-5555', email: 'maria@example.com' });
    expect(parsed.sectionKinds).toEqual(['experience', 'education', 'achievements']);
    expect(parsed.statements[0]!.text).toBe('Taught five students; efficiency up 20%');
    expect(parsed.dates.map((d) => d.text)).toEqual(expect.arrayContaining(['Jan 2021', 'May 2022']));
  });

  it.each([
    ['(909)\u00a0555\u00ad\u20105555', '(909) 555-5555'],
    ['+91\u202f98765\u200b43210', '+91 9876543210'],
    ['555\u2013014\u20132298 \u2014 Pune', '555-014-2298'],
    ['\u2212 +1\u00a0555\u2011014\u20112298', '+1 555-014-2298'],
  ])('finds the phone in the line %j once made plain', (line, phone) => {
    expect(parseResume(doc(['A B', line])).contact.phone).toBe(phone);
  });

  it('reads a heading set beside its section\'s first line', () => {
    const parsed = parseResume(
      doc([
        { text: 'Priya Raghunathan', height: 26, x: 196 },
        { text: 'priya@example.com', x: 196 },
        { text: 'Work  Software Engineer', x: 127 },
        { text: 'Razorpay', x: 196 },
        { text: 'Education  National Institute of Technology', x: 84 },
        { text: 'B.Tech in Computer Science', x: 196 },
        { text: 'Skills  Languages', x: 127 },
        { text: 'Java  Go  Python', x: 202 },
        { text: 'Languages  English', x: 73 },
        { text: 'Fluent', x: 196 },
      ]),
    );
    expect(parsed.sections.map((s) => [s.name, s.lines.map((l) => l.text)])).toEqual([
      ['header', ['Priya Raghunathan', 'priya@example.com']],
      ['experience', ['Software Engineer', 'Razorpay']],
      ['education', ['National Institute of Technology', 'B.Tech in Computer Science']],
      ['skills', ['Languages', 'Java  Go  Python']],
      ['languages', ['English', 'Fluent']],
    ]);
    // At the text's own left edge, two skill groups side by side are no heading.
    const groups = parseResume(doc([{ text: 'A B', x: 42 }, { text: 'SKILLS', x: 42 }, { text: 'Languages  Tools', x: 42 }, { text: 'Java  Docker', x: 42 }]));
    expect(groups.sections.map((s) => s.name)).toEqual(['header', 'skills']);
  });

  it('takes two group names side by side for no heading, in text and in OCR', () => {
    for (const ocr of [false, true]) {
      const parsed = parseResume(doc([{ text: 'A B', x: 42 }, { text: 'SKILLS', x: 42, ocr }, { text: 'Languages  Tools', x: 42, ocr }, { text: 'Java - Go  Docker', x: 42, ocr }]));
      expect(parsed.sections.map((s) => s.name)).toEqual(['header', 'skills']);
      expect(parsed.skills).toEqual(['Languages', 'Tools', 'Java', 'Go', 'Docker']);
    }
  });

  it('takes indented sentences under an entry for bullets whose markers were drawn as shapes', () => {
    const parsed = parseResume(
      doc([
        { text: 'Asha Rao', x: 40, height: 20 },
        { text: 'EXPERIENCE', x: 40 },
        { text: 'Software Engineer  Jul 2022 - Present', x: 40 },
        { text: 'Razorpay', x: 40 },
        { text: 'Cut settlement latency by 35% with a cache', x: 52 },
        { text: 'in Redis', x: 52 },
        { text: 'Built a reconciliation service in Go', x: 52 },
        { text: '• Mentored 3 interns on code review and', x: 40 },
        { text: 'Testing practice', x: 50 },
      ]),
    );
    expect(parsed.statements.map((s) => [s.text, s.bullet])).toEqual([
      ['Cut settlement latency by 35% with a cache in Redis', true],
      ['Built a reconciliation service in Go', true],
      ['Mentored 3 interns on code review and Testing practice', true],
    ]);
    expect(parsed.bulletCount).toBe(3);
  });

  it('is deterministic', () => {
    const lines = ['A B', 'EXPERIENCE', '• Led 3 teams', 'SKILLS', 'Python'];
    expect(parseResume(doc(lines))).toEqual(parseResume(doc(lines)));
  });
});

describe('layouts nobody here designed', () => {
  it('takes the first part of a name row that goes on past a wide gap or a dash', () => {
    for (const text of ['Maria Gonzalez  M (909) 555-5555', 'Maria Gonzalez - Elementary']) {
      expect(findName([{ text, index: 0, page: 1, height: 24.8, isHeading: false }])).toBe('Maria Gonzalez');
    }
  });

  it('takes a capitalised bare host for an organisation, not a link', () => {
    expect(findLinks('Marketing Volunteer, Code.org')).toEqual([]);
    expect(findLinks('code.org/hour')).toEqual(['code.org/hour']);
    expect(findLinks('W priyar.dev')).toEqual(['priyar.dev']);
    // A host with subdomains (a portfolio on GitHub Pages).
    expect(findLinks('W snehak.github.io')).toEqual(['snehak.github.io']);
    expect(findLinks('sneha.kulkarni@example.co.in')).toEqual([]);
  });

  it('reads skill group names set smaller than the section heading, or beside their lists, as groups', () => {
    const parsed = parseResume(
      doc([
        { text: 'A B', x: 60, height: 24 },
        { text: 'Skills', x: 131, height: 14.3 },
        { text: 'Languages  Java, Go, Python, SQL', x: 75, height: 10.9 },
        { text: 'Research  PyTorch, CUDA', x: 80, height: 10.9 },
        { text: 'Languages', x: 131, height: 14.3 },
        { text: 'English  Fluent', x: 90, height: 10.9 },
      ]),
    );
    expect(parsed.sections.map((s) => s.name)).toEqual(['header', 'skills', 'languages']);
    expect(parsed.skills).toEqual(['Java', 'Go', 'Python', 'SQL', 'PyTorch', 'CUDA']);
  });

  it('reads a plainly written heading word under a letter-spaced skills heading as a group', () => {
    const parsed = parseResume(doc(['A B', 'S K I L L S', 'Research', 'PyTorch · Computer Vision', 'W O R K E X P E R I E N C E', 'Scientist  Jan 2020 - Current']));
    expect(parsed.sectionKinds).toEqual(['skills', 'experience']);
    expect(parsed.skills).toEqual(['PyTorch', 'Computer Vision']);
    expect(kindOfHeading('AWA R D S')).toBe('achievements');
  });

  it('takes names side by side over a list with written separators, and a name over indented items, for groups', () => {
    expect(skillItems(['Languages  Tools', 'Java · Go  Docker · Git'])).toEqual(['Java', 'Go', 'Docker', 'Git']);
    expect(skillItems([{ text: 'Languages', x: 50 }, { text: 'Java', x: 65 }, { text: 'Go', x: 65 }])).toEqual(['Java', 'Go']);
    expect(skillItems([{ text: 'Differentiated Instruction', x: 202 }, { text: 'Google Classroom', x: 332 }])).toEqual(['Differentiated Instruction', 'Google Classroom']);
  });

  it('takes a summary heading over contact details alone for no summary', () => {
    const contactOnly = parseResume(doc(['Arjun Mehta', 'About', 'Mumbai Maharashtra IN', 'arjun@example.in', '+91 99200 54321', 'EXPERIENCE', 'Analyst  2021 - Present']));
    expect(contactOnly.sectionKinds).toEqual(['experience']);
    const summary = parseResume(doc(['Arjun Mehta', 'About', 'Analyst who builds cash-flow models for banks.', 'EXPERIENCE', 'Analyst  2021 - Present']));
    expect(summary.sectionKinds).toEqual(['summary', 'experience']);
  });

  it('takes no entry title indented under its section heading for a bullet (elegant theme)', () => {
    const parsed = parseResume(
      doc([
        { text: 'A B', x: 143, height: 20 },
        { text: 'Work Experience', x: 113 },
        { text: 'Software Engineer, Razorpay', x: 143 },
        { text: 'Cut settlement API latency by 35% with Redis', x: 160 },
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual(['Cut settlement API latency by 35% with Redis']);
  });

  it('splits a margin date from the bullet on its row, and takes sentences indented up to 48 pt for bullets', () => {
    const margin = parseResume(doc(['A B', 'EXPERIENCE', '08/2020 -  Teacher, Pomona Unified', 'present  {  Raised reading scores by 18%', '{  Designed a phonics curriculum']));
    expect(margin.bulletCount).toBe(2);
    expect(margin.entryDates.experience).toEqual(['2020-08', 'present']);
    const kendall = parseResume(
      doc([
        { text: 'A B', x: 34, height: 20 },
        { text: 'WORK EXPERIENCE', x: 45 },
        { text: 'Highlights', x: 61 },
        { text: 'Prepared monthly MIS reports for 14 branches', x: 102 },
      ]),
    );
    expect(kendall.bulletCount).toBe(1);
  });

  it('takes a group of tag-like keywords under a short title, outside any section, for skills (macchiato sidebar)', () => {
    const parsed = parseResume(
      doc(['Arjun Mehta', 'About', 'Mumbai Maharashtra IN', 'arjun@example.in', 'arjunmehta', 'Finance', 'Financial Modeling', 'Excel  Tally  Valuation', 'Power BI', 'EXPERIENCE', 'Analyst  2021 - Present']),
    );
    expect(parsed.sectionKinds).toEqual(['experience', 'skills']);
    expect(parsed.skills).toEqual(['Financial Modeling', 'Excel', 'Tally', 'Valuation', 'Power BI']);
    // Three or more rows of one tag each, in capitals; a list of profiles is none.
    const rows = parseResume(doc(['Maria Gonzalez', 'About', 'maria@example.org', 'Teaching', 'Lesson Planning', 'Classroom Management', 'Google Classroom', 'EXPERIENCE', 'Teacher  2020 - Present']));
    expect(rows.skills).toEqual(['Lesson Planning', 'Classroom Management', 'Google Classroom']);
    const profiles = parseResume(doc(['James Okafor', 'Profiles', 'Dribbble', 'jokafor', 'Behance', 'jokafor', 'EXPERIENCE', 'Designer  2019 - Present']));
    expect(profiles.skills).toEqual([]);
    // The name's header is no such group: a title and profile names look alike.
    expect(parseResume(doc(['Priya Raghunathan', 'Software Engineer  in priya-raghunathan', 'EXPERIENCE', 'Engineer  2022 - Present'])).skills).toEqual([]);
  });

  it('takes a Languages section naming no spoken language for a skills list, and Open Source Projects for projects', () => {
    const parsed = parseResume(doc(['A B', 'Languages', 'Java  Go  Python  SQL', 'Open Source Projects', 'Ledger Lite  01/2021 - Present', 'Languages', 'English (Fluent)', 'Tamil (Native)']));
    expect(parsed.sectionKinds).toEqual(['skills', 'projects', 'languages']);
    expect(parsed.skills).toEqual(['Java', 'Go', 'Python', 'SQL']);
  });

  it("keeps a PDF's running footer out of the section it falls in", () => {
    const parsed = parseResume(doc(['A B', 'SKILLS', 'Java, Go', 'Docker, Git', { text: 'Page 1 of 2', headerFooter: true }]));
    expect(parsed.skills).toEqual(['Java', 'Go', 'Docker', 'Git']);
  });

  it("counts TeX's symbol-font bullet, which the text layer reads as '{', as a bullet", () => {
    const parsed = parseResume(doc(['A B', 'EXPERIENCE', 'Engineer  Jul 2022 - Present', '{  Cut settlement latency by 35%', '{  Mentored 3 interns']));
    expect(parsed.bulletCount).toBe(2);
    expect(parsed.statements.map((s) => s.text)).toEqual(['Cut settlement latency by 35%', 'Mentored 3 interns']);
  });

  it("splits a margin date from a dash set apart as moderncv's list marker, and no title from its company", () => {
    const parsed = parseResume(
      doc([
        'A B',
        'Work History',
        '08/2020 –  Second Grade Teacher, Pomona Unified',
        'present  –  Raised class reading scores by 18%',
        '–  Designed a bilingual phonics curriculum',
        '01/2018 –  Reading Tutor, Pomona Public Library',
        '06/2020  –  Tutored 25 children in reading every week',
        'Software Engineer  –  Acme Systems and Services',
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual([
      'Raised class reading scores by 18%',
      'Designed a bilingual phonics curriculum',
      'Tutored 25 children in reading every week',
    ]);
    expect(parsed.entryDates.experience).toEqual(['2020-08', 'present', '2018-01', '2020-06']);
  });

  it('takes a dash before a date alone for no bullet', () => {
    expect(parseResume(doc(['A B', 'PROJECTS', 'Crop Price Forecaster', '- Present', '• Cut error by 7%'])).bulletCount).toBe(1);
  });

  it('joins the wrapped lines of items without markers: a line that stops mid-sentence, or a short one at the item\'s edge', () => {
    const parsed = parseResume(
      doc([
        { text: 'A B', x: 34, height: 20 },
        { text: 'WORK EXPERIENCE', x: 45 },
        { text: 'Monzo', x: 63 },
        { text: 'Highlights', x: 61 },
        { text: 'Automated 40 regression tests with JUnit and', x: 102 },
        { text: 'Selenium', x: 102 },
        { text: 'Audited sepsis bundle compliance, raising it from', x: 102 },
        { text: '61% to 84%', x: 102 },
        { text: 'Lowered cost per acquisition by 28% across Google', x: 102 },
        { text: 'Ads campaigns', x: 102 },
        { text: 'Ran 30 usability sessions with customers', x: 102 },
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual([
      'Automated 40 regression tests with JUnit and Selenium',
      'Audited sepsis bundle compliance, raising it from 61% to 84%',
      'Lowered cost per acquisition by 28% across Google Ads campaigns',
      'Ran 30 usability sessions with customers',
    ]);
  });

  it("measures an item's indent from its own column's entry, in this section, over a page break", () => {
    const parsed = parseResume(
      doc([
        { text: 'A B', x: 50, height: 20 },
        { text: 'About', x: 45 },
        { text: 'Backend engineer who builds payment APIs.', x: 45 },
        { text: 'Work', x: 45 },
        // Under the heading, indented from the summary above it: an entry, not an item.
        { text: 'Growth Marketing Manager', x: 60 },
        { text: 'Highlights', x: 60 },
        // A date in a column of its own does not move the entry.
        { text: '2021-02-01 -', x: 479, column: 1 },
        { text: 'Lowered cost per acquisition by 28%', x: 80 },
        { text: 'Launched an onboarding e-mail series', x: 80, page: 2 },
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual(['Lowered cost per acquisition by 28%', 'Launched an onboarding e-mail series']);
  });

  it('takes no indented row of a label and its text, contact details or a degree under its school for an item', () => {
    const parsed = parseResume(
      doc([
        { text: 'Maria Gonzalez', x: 196, height: 20 },
        { text: 'Pomona, United States', x: 213 },
        { text: 'maria@example.org', x: 213 },
        { text: 'Experience', x: 60 },
        { text: 'Jul 2022 -  Software Engineer, Razorpay', x: 75 },
        { text: 'Present  Payments platform team.', x: 88 },
        { text: 'Used by 300 students in the 2024 season', x: 100 },
        { text: 'Skills', x: 60 },
        { text: 'Languages  Java, Go, Python', x: 75 },
        { text: 'Tools  Docker, Kubernetes, Redis', x: 98 },
        { text: 'Education', x: 60 },
        { text: 'University of California, Berkeley', x: 50 },
        { text: 'Bachelor of Arts in Economics', x: 69 },
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual(['Used by 300 students in the 2024 season']);
    expect(parsed.bulletCount).toBe(1);
    expect(parsed.contact.email).toBe('maria@example.org');
  });

  it("takes OCR lines indented under their entry for items whose markers OCR lost, and '= 200 stars' for a bullet", () => {
    const ocr = (text: string, x: number) => ({ text, x, ocr: true });
    const parsed = parseResume(
      doc([
        ocr('Maria Gonzalez', 60),
        ocr('Experience', 196),
        ocr('Second Grade Teacher', 196),
        ocr('Raised class reading scores by 18% in one year', 223),
        ocr('Designed a bilingual phonics curriculum', 223),
        ocr('Reading Tutor', 197),
        ocr('Tutored 25 children in reading every week', 200),
        ocr('PROJECTS', 45),
        ocr('Ledger Lite  Jan 2021 - Current', 43),
        ocr('= 200 stars on GitHub', 44),
      ]),
    );
    expect(parsed.statements.filter((s) => s.bullet).map((s) => s.text)).toEqual(['Raised class reading scores by 18% in one year', 'Designed a bilingual phonics curriculum', '200 stars on GitHub']);
  });

  it('gives the dates of experience and education entries, a range broken over two lines read across them', () => {
    const parsed = parseResume(
      doc(['A B', 'EXPERIENCE', 'Jul 2022 -  Software Engineer, Razorpay', 'Present  Payments team.', '05/2021 - 07/2021  Intern', 'EDUCATION', 'B.Tech  2018 - 2022', 'Class XII  June 2016 - March 2018']),
    );
    expect(parsed.entryDates).toEqual({ experience: ['2022-07', 'present', '2021-05', '2021-07'], education: ['2018', '2022', '2016-06', '2018-03'] });
  });
});
