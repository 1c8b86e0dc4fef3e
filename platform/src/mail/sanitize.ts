import sanitizeHtml from 'sanitize-html';

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const COLOUR_STYLES = { color: COLOUR, 'background-color': COLOUR };

/**
 * What the composer's toolbar produces (headers 1-6, bold, italic, underline, strike, lists, colour,
 * background, link, image, clean) and the `ql-*` classes the Quill editor adds (indent, alignment).
 * Everything else goes, notably scripts, event handlers, frames, forms and `javascript:` URLs.
 *
 * Images must be addressed by http(s): a `data:` image is removed. Quill embeds pasted images as
 * base64, which would put megabytes into every event (the store keeps them for ever, Kafka refuses
 * messages over 1 MB), Gmail and Outlook do not display them in mail anyway, and a `data:` URL
 * escapes the size and type checks every uploaded file passes (an SVG one can even carry script).
 */
const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'span', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    span: ['style'],
    p: ['style'],
    // Quill 2 writes bullet lists as <ol><li data-list="bullet">.
    li: [{ name: 'data-list', multiple: false, values: ['bullet', 'ordered'] }],
  },
  allowedStyles: { span: COLOUR_STYLES, p: COLOUR_STYLES },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, not only their tags: their text was never meant to be read.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math'],
  // An image whose address was refused would otherwise stay behind as an empty <img>.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // A link opened in a new tab must not hand the opened page a handle on ours.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({ tagName, attribs: target === '_blank' ? { ...attribs, target, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** The composer's rich text reduced to what it may contain; run before it is stored and before it is sent. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY);
}
