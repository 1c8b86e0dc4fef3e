import { sniffType } from './sniff';

const docxLike = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);
const xlsxLike = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....xl/workbook.xml....')]);

describe('content sniffing', () => {
  it.each([
    ['pdf', Buffer.from('%PDF-1.7\n...')],
    ['docx', docxLike],
    ['doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', Buffer.from('GIF89a')],
    ['webp', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')],
  ])('recognises %s by its bytes', (type, bytes) => {
    expect(sniffType(bytes)).toBe(type);
  });

  it('does not trust names: a renamed script, an empty file and a spreadsheet are unknown', () => {
    expect(sniffType(Buffer.from('#!/bin/sh\nrm -rf /'))).toBe('unknown');
    expect(sniffType(Buffer.alloc(0))).toBe('unknown');
    expect(sniffType(xlsxLike)).toBe('unknown');
  });
});
