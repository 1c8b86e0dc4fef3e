import { buildSegments, findGutter, orderPage, type TextItem } from './layout';

const item = (text: string, x: number, top: number, size = 10, charWidth = 5): TextItem => ({ text, x, top, width: text.length * charWidth, height: size });

describe('reading order', () => {
  it('joins the pieces of a line and keeps a wide gap as two spaces', () => {
    const page = orderPage([item('Software', 40, 100), item('Engineer,', 84, 100), item('Acme', 134, 100), item('Jun 2020 – Present', 470, 100)]);
    expect(page.lines.map((l) => l.text)).toEqual(['Software Engineer, Acme  Jun 2020 – Present']);
    expect(page.columns).toBe(1);
  });

  it('keeps a larger heading beside its first line apart from it, and a bold word of the same line joined', () => {
    // 'even' theme: "Work" at 21 pt ends 22 pt before "Software Engineer" at 16 pt.
    const heading = { text: 'Work', x: 127, top: 100, width: 47, height: 21 };
    const first = { text: 'Software Engineer', x: 196, top: 103, width: 144, height: 16 };
    expect(orderPage([heading, first]).lines.map((l) => l.text)).toEqual(['Work  Software Engineer']);
    expect(orderPage([item('Acme', 40, 100, 12, 6), item('Corp', 68, 101, 10)]).lines.map((l) => l.text)).toEqual(['Acme Corp']);
  });

  it('keeps tags set side by side apart with two spaces', () => {
    // macchiato theme: 9.6 pt chips 6 pt apart; a word space is about 2.5 pt.
    const chips = [item('Java', 57, 100, 9.6, 5.2), item('Go', 83.8, 100, 9.6, 6.5), item('Python', 102.7, 100, 9.6, 5.2)];
    expect(orderPage(chips).lines.map((l) => l.text)).toEqual(['Java  Go  Python']);
    expect(orderPage([item('Built', 40, 100), item('APIs', 68, 100)]).lines.map((l) => l.text)).toEqual(['Built APIs']);
  });

  it('reads a two-column page column by column under a full-width header', () => {
    const items: TextItem[] = [item('Asha Verma', 200, 40, 18), item('asha@example.com | +91 98765 43210 | Pune', 150, 70)];
    const left = ['EDUCATION', 'B.Tech, NIT Trichy', '2020 – 2024', 'SKILLS', 'Python, SQL, Excel'];
    const right = ['EXPERIENCE', 'Data Analyst Intern, RetailIQ', '• Built dashboards used by 40 managers', '• Cut report time by 70%', 'PROJECTS', 'Fraud detection model'];
    left.forEach((text, i) => items.push(item(text, 40, 110 + i * 14)));
    right.forEach((text, i) => items.push(item(text, 230, 110 + i * 14)));
    const page = orderPage(items);
    expect(page.columns).toBe(2);
    expect(page.lines.map((l) => l.text)).toEqual(['Asha Verma', 'asha@example.com | +91 98765 43210 | Pune', ...left, ...right]);
    expect(page.lines.map((l) => l.column)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('does not take right-aligned dates beside titles for a column', () => {
    const items: TextItem[] = [];
    const rows = [['Class XII, Kendriya Vidyalaya', '2018'], ['B.Tech, Amity University', '2018 – 2022'], ['Intern, Zentrix Labs', 'Jun 2021 – Aug 2021'], ['Developer, Orbit Cloud', 'Jan 2023 – Present']];
    rows.forEach(([title, date], i) => {
      items.push(item(title!, 40, 100 + i * 30));
      items.push(item(date!, 572 - date!.length * 5, 100 + i * 30));
    });
    const page = orderPage(items);
    expect(page.columns).toBe(1);
    expect(page.lines.map((l) => l.text)).toEqual(rows.map(([t, d]) => `${t}  ${d}`));
  });

  it('reads a sidebar first when the name sits in it', () => {
    const items: TextItem[] = [];
    ['Neel Shah', 'neel@x.com', '98765 43210', 'SKILLS', 'Figma, Sketch'].forEach((t, i) => items.push(item(t, 40, 60 + i * 14)));
    ['SUMMARY', 'Product designer with five years of work', 'EXPERIENCE', 'Designer, Pixelcraft', '• Redesigned checkout'].forEach((t, i) => items.push(item(t, 230, 60 + i * 14)));
    expect(orderPage(items).lines.map((l) => l.text).slice(0, 5)).toEqual(['Neel Shah', 'neel@x.com', '98765 43210', 'SKILLS', 'Figma, Sketch']);
  });

  it('ignores blank items and merges pieces split inside a word', () => {
    const segments = buildSegments([item('Develop', 40, 100), { text: 'ed', x: 75, top: 100, width: 10, height: 10 }, item('   ', 90, 100), item('APIs', 90, 100)]);
    expect(segments.map((s) => s.text)).toEqual(['Developed APIs']);
  });

  it('separates OCR words by spaces however close their boxes are', () => {
    const segments = buildSegments([
      { text: 'Patient', x: 40, top: 100, width: 35, height: 13, word: true },
      { text: 'Care', x: 75.5, top: 100, width: 20, height: 13, word: true },
    ]);
    expect(segments.map((s) => s.text)).toEqual(['Patient Care']);
  });

  it('finds no gutter in a single column of ragged lines', () => {
    const lines = ['• Built a REST API in Node.js serving 12,000 daily users', '• Cut costs', '• Led code reviews for a team of five engineers', 'Skills', '• Wrote tests'];
    expect(findGutter(buildSegments(lines.map((t, i) => item(t, 40, 100 + i * 14))))).toBeUndefined();
  });
});

describe('reading order of layouts nobody here designed', () => {
  it('keeps a large name apart from the stack of small contact lines beside it (moderncv classic)', () => {
    const items: TextItem[] = [
      { text: 'Priya Raghunathan', x: 60, top: 60, width: 200, height: 24.8 },
      item('M +91 98450 12345', 445, 58),
      item('E priya@example.com', 388, 70),
      item('W priyar.dev', 479, 82),
    ];
    expect(orderPage(items).lines.map((l) => l.text)).toEqual(['M +91 98450 12345', 'Priya Raghunathan', 'E priya@example.com', 'W priyar.dev']);
  });

  it('reads a column of dates beside entries with the entries (macchiato theme)', () => {
    const items: TextItem[] = [];
    const entries = ['Experience', 'Financial Analyst', 'Built a forecasting model in Excel', 'Prepared monthly MIS reports', 'Audit Intern', 'Tested internal controls'];
    entries.forEach((text, i) => items.push(item(text, 189, 140 + i * 18)));
    // Each date stands a little above its title (beside the organisation's line the theme leaves out).
    items.push(item('06/2021 - Present', 483, 150, 8.2), item('05/2020 - 07/2020', 481, 204, 8.2), item('06/2018 - 04/2021', 481, 228, 8.2));
    const page = orderPage(items);
    expect(page.columns).toBe(1);
    expect(page.lines.map((l) => l.text).slice(0, 3)).toEqual(['Experience', '06/2021 - Present', 'Financial Analyst']);
  });

  it('reads a column of headings level with their sections by rows (even theme)', () => {
    const items: TextItem[] = [];
    const sections = [
      ['Work', ['Second Grade Teacher', 'Pomona Unified School District', 'Aug 2020 - Present', 'Raised reading scores by 18%']],
      ['Education', ['California State Polytechnic University', 'Bachelor of Arts in Liberal Studies', 'Aug 2016 - May 2020']],
      ['Skills', ['Lesson Planning  Classroom Management', 'Differentiated Instruction']],
    ] as const;
    let top = 100;
    for (const [heading, lines] of sections) {
      items.push({ text: heading, x: 150 - heading.length * 9, top, width: heading.length * 9, height: 20.5 });
      // Each section's first line is its entry's title, set at 16.4 pt as the theme does.
      lines.forEach((line, i) => {
        items.push(i === 0 ? { text: line, x: 196, top: top + 2, width: line.length * 8, height: 16.4 } : item(line, 196, top + 4));
        top += i === 0 ? 22 : 16;
      });
      top += 10;
    }
    const page = orderPage(items);
    expect(page.columns).toBe(1);
    expect(page.lines.map((l) => l.text).filter((t) => /^(Work|Education|Skills)/.test(t))).toEqual(['Work  Second Grade Teacher', 'Education  California State Polytechnic University', 'Skills  Lesson Planning  Classroom Management']);
  });
});
