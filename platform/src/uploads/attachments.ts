import { MIME_TYPES, isOfficeOpenXml, isOleCompoundFile, sniffType, type SniffedType } from './sniff';

/**
 * E-mail attachments are an allow-list, not a block-list of executables: a recipient's computer
 * opens a file by its extension, scripts (.js, .vbs, .hta, .ps1, .lnk ...) are plain text that no
 * byte signature catches, and a mail carrying them is refused by Gmail and Outlook for every
 * recipient. So a file needs an allowed extension AND bytes of that kind.
 */
interface AttachmentKind {
  extensions: string[];
  contentType: string;
  matches: (bytes: Buffer) => boolean;
  /** Office Open XML kinds are zips, opened under the zip guard before they are kept; the name users read. */
  zipKind?: string;
}

const sniffedAs =
  (type: Exclude<SniffedType, 'unknown'>) =>
  (bytes: Buffer): boolean =>
    sniffType(bytes) === type;

/** UTF-8 text without control characters other than tab, line breaks and form feed. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !/(?![\t\n\f\r])\p{Cc}/u.test(text);
  } catch {
    return false;
  }
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

const ATTACHMENT_KINDS: AttachmentKind[] = [
  { extensions: ['pdf'], contentType: MIME_TYPES.pdf, matches: sniffedAs('pdf') },
  { extensions: ['docx'], contentType: MIME_TYPES.docx, matches: sniffedAs('docx'), zipKind: 'Word document' },
  { extensions: ['xlsx'], contentType: `${OOXML}.spreadsheetml.sheet`, matches: (bytes) => isOfficeOpenXml(bytes, 'xl/workbook.xml'), zipKind: 'Excel workbook' },
  { extensions: ['pptx'], contentType: `${OOXML}.presentationml.presentation`, matches: (bytes) => isOfficeOpenXml(bytes, 'ppt/presentation.xml'), zipKind: 'PowerPoint presentation' },
  { extensions: ['doc'], contentType: MIME_TYPES.doc, matches: isOleCompoundFile },
  { extensions: ['xls'], contentType: 'application/vnd.ms-excel', matches: isOleCompoundFile },
  { extensions: ['ppt'], contentType: 'application/vnd.ms-powerpoint', matches: isOleCompoundFile },
  { extensions: ['png'], contentType: MIME_TYPES.png, matches: sniffedAs('png') },
  { extensions: ['jpg', 'jpeg'], contentType: MIME_TYPES.jpeg, matches: sniffedAs('jpeg') },
  { extensions: ['gif'], contentType: MIME_TYPES.gif, matches: sniffedAs('gif') },
  { extensions: ['webp'], contentType: MIME_TYPES.webp, matches: sniffedAs('webp') },
  { extensions: ['txt'], contentType: 'text/plain; charset=utf-8', matches: isPlainText },
  { extensions: ['csv'], contentType: 'text/csv; charset=utf-8', matches: isPlainText },
];

export const ATTACHMENT_TYPES_TEXT = 'PDF, Word, Excel, PowerPoint, PNG, JPEG, GIF, WebP, text or CSV files';

const MAX_NAME_LENGTH = 120;

const extensionOf = (filename: string): string => /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';

/** Shortens a name to `max` characters, keeping its extension. */
function shortened(name: string, max: number): string {
  if (name.length <= max) return name;
  const extension = extensionOf(name);
  const suffix = extension ? `.${extension}` : '';
  return `${name.slice(0, max - suffix.length)}${suffix}`;
}

/** The name recipients see: the client's name without a path, control characters or leading dots. */
export function attachmentDisplayName(clientName: string): string {
  const base = clientName.split(/[/\\]/).at(-1) ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .replace(/^[\s.]+/, '')
    .trim();
  return shortened(cleaned || 'attachment', MAX_NAME_LENGTH);
}

const asciiOnly = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** A name that is safe inside a storage key: ASCII letters, digits, dash and underscore, and the extension. */
export function storageSafeName(clientName: string): string {
  const name = attachmentDisplayName(clientName);
  const extension = asciiOnly(extensionOf(name));
  const stem = asciiOnly(extension ? name.slice(0, name.lastIndexOf('.')) : name) || 'attachment';
  return shortened(extension ? `${stem}.${extension}` : stem, MAX_NAME_LENGTH);
}

export interface JudgedAttachment {
  /** What recipients see. */
  filename: string;
  /** Decided by us from the kind, never the client's claim. */
  contentType: string;
  /** Set for Office Open XML files (zips): what to call them when the zip guard refuses one. */
  zipKind?: string;
}

/** The attachment's name and content type, or undefined when its name or its bytes are not an allowed kind. */
export function judgeAttachment(clientName: string, bytes: Buffer): JudgedAttachment | undefined {
  const filename = attachmentDisplayName(clientName);
  const extension = extensionOf(filename);
  const kind = ATTACHMENT_KINDS.find((candidate) => candidate.extensions.includes(extension));
  if (!kind?.matches(bytes)) return undefined;
  return kind.zipKind ? { filename, contentType: kind.contentType, zipKind: kind.zipKind } : { filename, contentType: kind.contentType };
}
