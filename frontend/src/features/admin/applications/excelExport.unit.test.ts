import { buildApplicationsWorkbook, exportFileName, exportRows, loadExcelJs, matchingStatus } from './excelExport';
import type { ReviewedApplication } from './types';

/** An application as the review list gives it (the domain's contract), blank where a test names nothing. */
const application = (overrides: Partial<ReviewedApplication>): ReviewedApplication => ({
  _id: 'a0',
  status: 'Applied',
  appliedDate: '2026-02-01T09:00:00.000Z',
  jobId: null,
  interview: null,
  offer: null,
  fullName: '',
  email: '',
  phone: '',
  resume: null,
  userId: null,
  applicant: { name: null, email: null, phone: null, rollNo: null },
  ...overrides,
});

const APPLICATIONS: ReviewedApplication[] = [
  application({
    _id: 'a1',
    status: 'Applied',
    fullName: 'Form Name',
    email: 'form@university.edu',
    phone: '9876543210',
    resume: '/uploads/resumes/a1.pdf',
    userId: { _id: 'u1', fullName: 'Account Name', email: 'account@university.edu', phone: '9000000000', rollNo: 'R1' },
  }),
  application({ _id: 'a2', status: 'Accepted', fullName: 'Only Form', email: '', phone: '', resume: null, userId: { _id: 'u2', fullName: '', email: 'account2@university.edu', phone: null, rollNo: null } }),
  application({ _id: 'a3', status: 'Accepted', resume: 'https://files.example/r3.pdf', userId: null }),
];

describe('Excel export', () => {
  it('names the file after company and profile', () => {
    expect(exportFileName('Acme', 'Frontend Engineer')).toBe('Acme_Frontend Engineer_Applications.xlsx');
    expect(exportFileName('A/B', 'C:D')).toBe('A-B_C-D_Applications.xlsx');
  });

  it('filters by status, all by default', () => {
    expect(matchingStatus(APPLICATIONS, 'all').map((a) => a._id)).toEqual(['a1', 'a2', 'a3']);
    expect(matchingStatus(APPLICATIONS, 'Accepted').map((a) => a._id)).toEqual(['a2', 'a3']);
    expect(matchingStatus(APPLICATIONS, 'Rejected')).toEqual([]);
  });

  it('fills the rows by the precedence rules, with N/A and Not uploaded', () => {
    expect(exportRows(APPLICATIONS, 'https://portal.test')).toEqual([
      ['Account Name', 'form@university.edu', '9876543210', 'https://portal.test/uploads/resumes/a1.pdf'],
      ['Only Form', 'account2@university.edu', 'N/A', 'Not uploaded'],
      ['N/A', 'N/A', 'N/A', 'https://files.example/r3.pdf'],
    ]);
  });

  it('writes sheet Applications with the merged title row, the widths, the header and the cells', async () => {
    const excel = await loadExcelJs();
    const written = buildApplicationsWorkbook(excel, 'Acme', exportRows(APPLICATIONS, 'https://portal.test'));
    const bytes = await written.xlsx.writeBuffer();

    const workbook = new excel.Workbook();
    await workbook.xlsx.load(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Applications']);
    const sheet = workbook.getWorksheet('Applications')!;
    expect(sheet.getCell('A1').value).toBe('Company: Acme');
    expect(sheet.getCell('D1').isMerged).toBe(true);
    expect(sheet.getCell('D1').master.address).toBe('A1');
    expect(sheet.getCell('E1').isMerged).toBe(false);
    expect([1, 2, 3, 4].map((column) => sheet.getColumn(column).width)).toEqual([20, 30, 15, 50]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Name', 'Email', 'Contact', 'Resume']);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Account Name', 'form@university.edu', '9876543210', 'https://portal.test/uploads/resumes/a1.pdf']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Only Form', 'account2@university.edu', 'N/A', 'Not uploaded']);
    expect(sheet.rowCount).toBe(5);
  });
});
