import { attachmentDisplayName, judgeAttachment, storageSafeName } from './attachments';

const zipWith = (mainPart: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`....[Content_Types].xml....${mainPart}....`)]);
const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
const pdf = Buffer.from('%PDF-1.7\n...');

describe('judgeAttachment', () => {
  it.each([
    ['brochure.pdf', pdf, 'application/pdf'],
    ['offer.docx', zipWith('word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['list.xlsx', zipWith('xl/workbook.xml'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['talk.PPTX', zipWith('ppt/presentation.xml'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['old.doc', ole, 'application/msword'],
    ['old.xls', ole, 'application/vnd.ms-excel'],
    ['old.ppt', ole, 'application/vnd.ms-powerpoint'],
    ['photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['notes.txt', Buffer.from('Reporting time: 9 am\r\n\tRoom 4 — Block B'), 'text/plain; charset=utf-8'],
    ['shortlist.csv', Buffer.from('roll,name\nCS21-042,Asha\n'), 'text/csv; charset=utf-8'],
  ])('accepts %s by its name and bytes', (name, bytes, contentType) => {
    expect(judgeAttachment(name, bytes)).toMatchObject({ filename: name, contentType });
  });

  it('names the Office Open XML kinds, which are zips and opened under the zip guard before they are kept', () => {
    expect(judgeAttachment('offer.docx', zipWith('word/document.xml'))?.zipKind).toBe('Word document');
    expect(judgeAttachment('list.xlsx', zipWith('xl/workbook.xml'))?.zipKind).toBe('Excel workbook');
    expect(judgeAttachment('brochure.pdf', pdf)?.zipKind).toBeUndefined();
  });

  it.each([
    ['an executable', 'setup.exe', Buffer.from('MZ\x90\x00', 'latin1')],
    ['a script, which is only text', 'run.js', Buffer.from('alert(1)')],
    ['an installer named like a document', 'setup.msi', ole],
    ['an executable named like a PDF', 'brochure.pdf', Buffer.from('MZ\x90\x00', 'latin1')],
    ['a PDF named like an executable', 'brochure.exe', pdf],
    ['a file without an extension', 'brochure', pdf],
    ['a spreadsheet named like a document', 'list.docx', zipWith('xl/workbook.xml')],
    ['binary bytes named like text', 'notes.txt', Buffer.from([0x00, 0x01, 0x02])],
    ['invalid UTF-8 named like text', 'notes.csv', Buffer.from([0xc3, 0x28])],
    ['an empty text file', 'empty.txt', Buffer.alloc(0)],
  ])('refuses %s', (_name, filename, bytes) => {
    expect(judgeAttachment(filename, bytes)).toBeUndefined();
  });
});

describe('attachment names', () => {
  it('keep what recipients should see, without paths, control characters or leading dots', () => {
    expect(attachmentDisplayName('C:\\Users\\cdc\\Placement Brochure 2025.pdf')).toBe('Placement Brochure 2025.pdf');
    expect(attachmentDisplayName('../../etc/passwd')).toBe('passwd');
    expect(attachmentDisplayName('..hidden\r\nBcc: x.pdf')).toBe('hiddenBcc: x.pdf');
    expect(attachmentDisplayName('प्लेसमेंट.pdf')).toBe('प्लेसमेंट.pdf');
    expect(attachmentDisplayName('')).toBe('attachment');
  });

  it('are shortened keeping the extension', () => {
    const name = attachmentDisplayName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('a.pdf')).toBe(true);
  });

  it('are reduced to safe ASCII for storage keys', () => {
    expect(storageSafeName('Placement Brochure (2025).pdf')).toBe('Placement_Brochure_2025.pdf');
    expect(storageSafeName('Résumé.PDF')).toBe('Resume.pdf');
    expect(storageSafeName('प्लेसमेंट.pdf')).toBe('attachment.pdf');
    expect(storageSafeName('a/b/../.env')).toBe('env');
  });
});
