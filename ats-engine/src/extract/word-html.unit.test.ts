import { decodeEntities, wordXmlParagraphs } from './word-html';

describe('Word XML outside mammoth (headers and footers)', () => {
  it('decodes entities', () => {
    expect(decodeEntities('R&amp;D &lt;b&gt; &#8211; &#x2022; &quot;x&quot; &#39;y&#39;')).toBe('R&D <b> – • "x" \'y\'');
  });

  it('reads paragraphs of a header part', () => {
    const xml = '<w:hdr><w:p><w:r><w:t>Jane Doe</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">jane@x.com </w:t></w:r><w:r><w:tab/><w:t>98765 43210</w:t></w:r></w:p></w:hdr>';
    expect(wordXmlParagraphs(xml)).toEqual(['Jane Doe', 'jane@x.com 98765 43210']);
  });
});
