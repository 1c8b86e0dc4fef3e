import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText keeps what the composer toolbar makes', () => {
  it.each([
    ['headers 1-6', '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>'],
    ['bold, italic, underline, strike in both spellings', '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s><strike>g</strike><br /></p>'],
    ['ordered and bullet lists', '<ol><li>one</li></ol><ul><li>two</li></ul>'],
    ['Quill 2 bullet lists', '<ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol>'],
    ['colour and background on spans and paragraphs', '<p style="color:rgb(230, 0, 0)"><span style="background-color:#ffff00;color:red">hi</span></p>'],
    ['links over http, https and mailto', '<a href="http://a.example/x">a</a><a href="https://b.example/?q=1&amp;r=2">b</a><a href="mailto:cdc@university.edu">c</a>'],
    ['links opening a new tab, made safe for the opener', '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>'],
    ['images over http(s) with alt text', '<p><img src="https://cdn.example/banner.png" alt="Drive" /></p>'],
    ['Quill classes for alignment and indent', '<p class="ql-align-center ql-indent-1">centred</p>'],
  ])('%s', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('is idempotent', () => {
    const once = sanitizeRichText('<p class="ql-x bad" style="color: red; position: fixed" onclick="x">a<img src="https://x.example/i.png"></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('sanitizeRichText removes', () => {
  it.each([
    ['scripts with their content', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['styles with their content', '<style>p{display:none}</style><p>hi</p>', '<p>hi</p>'],
    ['frames, objects and embedded SVG with their content', '<iframe src="https://evil.example">x</iframe><object data="x">y</object><svg><script>alert(1)</script></svg><p>hi</p>', '<p>hi</p>'],
    ['forms and inputs, keeping their text', '<form action="https://evil.example"><input name="p">Log in</form>', 'Log in'],
    ['event handlers', '<p onclick="alert(1)" onmouseover="x">hi</p>', '<p>hi</p>'],
    ['javascript: links in any spelling', '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>', '<a>a</a><a>b</a><a>c</a>'],
    ['data: and javascript: images entirely', '<p><img src="data:image/png;base64,iVBORw0KGgo="><img src="javascript:alert(1)" onerror="alert(1)"></p>', '<p></p>'],
    ['protocol-relative images', '<img src="//evil.example/x.png">', ''],
    ['styles other than colour and background', '<span style="position:fixed;top:0;color:blue;background-image:url(https://x)">a</span>', '<span style="color:blue">a</span>'],
    ['colour values that are not colours', '<span style="color:expression(alert(1))">a</span>', '<span>a</span>'],
    ['classes other than Quill ones', '<p class="ql-align-right hidden">a</p>', '<p class="ql-align-right">a</p>'],
    ['link targets other than a new tab, and a rel chosen by the author', '<a href="https://a.example" target="_top" rel="opener">a</a>', '<a href="https://a.example">a</a>'],
    ['ids, data attributes and contenteditable', '<p id="x" data-x="1"><span class="ql-ui" contenteditable="false"></span></p>', '<p><span class="ql-ui"></span></p>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});
