/**
 * The type of a file judged by its first bytes, never by its name or the client's claim.
 * Only the types the portal accepts are recognised; anything else is 'unknown'.
 */
export type SniffedType = 'pdf' | 'doc' | 'docx' | 'png' | 'jpeg' | 'gif' | 'webp' | 'unknown';

export const MIME_TYPES: Record<Exclude<SniffedType, 'unknown'>, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** An Office Open XML file (DOCX, XLSX, PPTX) is a zip holding its main part; entry names are stored in clear. */
export const isOfficeOpenXml = (bytes: Buffer, mainPart: string): boolean =>
  startsWith(bytes, ZIP_LOCAL_HEADER) && bytes.includes(mainPart) && bytes.includes('[Content_Types].xml');

/** Word 97-2003, Excel 97-2003 and PowerPoint 97-2003 files (and MSI installers) share this container. */
export const isOleCompoundFile = (bytes: Buffer): boolean => startsWith(bytes, OLE_COMPOUND_FILE);

const isWordZip = (bytes: Buffer) => isOfficeOpenXml(bytes, 'word/document.xml');

export function sniffType(bytes: Buffer): SniffedType {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (isWordZip(bytes)) return 'docx';
  if (isOleCompoundFile(bytes)) return 'doc';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return 'unknown';
}

export const IMAGE_TYPES: SniffedType[] = ['png', 'jpeg', 'gif', 'webp'];
export const RESUME_TYPES: SniffedType[] = ['pdf', 'doc', 'docx'];
