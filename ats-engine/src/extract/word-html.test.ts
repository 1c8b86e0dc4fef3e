import { decodeEntities, htmlToBlocks, wordXmlParagraphs } from './word-html';

describe('Word HTML to blocks', () => {
  it('keeps headings, list items and table cells apart', () => {
    const html =
      '<h1>Jane Doe</h1><p>jane@x.com | 98765 43210</p><h2>Experience</h2><ul><li>Built <strong>APIs</strong> &amp; tools</li><li>Led a team<ul><li>of 5</li></ul></li></ul>' +
      '<table><tr><td><p>Skills</p></td><td><p>Python, SQL</p></td></tr></table><p><img src="" /></p><p>Line one<br />Line two</p>';
    const { blocks, tables, images } = htmlToBlocks(html);
    expect(blocks).toEqual([
      { text: 'Jane Doe', heading: 1 },
      { text: 'jane@x.com | 98765 43210' },
      { text: 'Experience', heading: 2 },
      { text: 'Built APIs & tools', listItem: true },
      { text: 'Led a team', listItem: true },
      { text: 'of 5', listItem: true },
      { text: 'Skills', inTable: true },
      { text: 'Python, SQL', inTable: true },
      { text: 'Line one' },
      { text: 'Line two' },
    ]);
    expect(tables).toBe(1);
    expect(images).toBe(1);
  });

  it('decodes entities', () => {
    expect(decodeEntities('R&amp;D &lt;b&gt; &#8211; &#x2022; &quot;x&quot; &#39;y&#39;')).toBe('R&D <b> – • "x" \'y\'');
  });

  it('reads paragraphs of a header part', () => {
    const xml = '<w:hdr><w:p><w:r><w:t>Jane Doe</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">jane@x.com </w:t></w:r><w:r><w:tab/><w:t>98765 43210</w:t></w:r></w:p></w:hdr>';
    expect(wordXmlParagraphs(xml)).toEqual(['Jane Doe', 'jane@x.com 98765 43210']);
  });
});
