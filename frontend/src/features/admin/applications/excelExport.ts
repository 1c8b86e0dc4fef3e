import type * as ExcelJs from 'exceljs';
import { applicantEmail, applicantName, applicantPhone, type ExportStatusFilter, type ReviewedApplication } from './types';

export type ExcelJsModule = typeof ExcelJs;

/** exceljs is loaded only when an export runs, so it stays out of the panel's bundle. */
export async function loadExcelJs(): Promise<ExcelJsModule> {
  const loaded = (await import('exceljs')) as ExcelJsModule & { default?: ExcelJsModule };
  return loaded.default ?? loaded;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_SHEET_NAME = 'Applications';

/** Spec §3/§9: Name, Email, Contact and Resume, 20, 30, 15 and 50 characters wide. */
export const EXPORT_COLUMNS = [
  { header: 'Name', width: 20 },
  { header: 'Email', width: 30 },
  { header: 'Contact', width: 15 },
  { header: 'Resume', width: 50 },
] as const;

/** Characters no file system accepts in a name. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]/g;

/** Spec §9: {company}_{profile}_Applications.xlsx. */
export const exportFileName = (company: string, profile: string): string => `${company}_${profile}_Applications.xlsx`.replace(UNSAFE_IN_FILE_NAMES, '-');

export const matchingStatus = (applications: readonly ReviewedApplication[], status: ExportStatusFilter): ReviewedApplication[] =>
  status === 'all' ? [...applications] : applications.filter((application) => application.status === status);

/** The resume as a full link (the stored path is relative to the portal), or 'Not uploaded'. */
const resumeCell = (resume: string | null | undefined, origin: string): string => {
  if (!resume || resume.trim() === '') return 'Not uploaded';
  return /^https?:\/\//i.test(resume) ? resume : new URL(resume, origin).href;
};

/** One row per application; 'N/A' for a missing value (spec §3). */
export const exportRows = (applications: readonly ReviewedApplication[], origin: string): string[][] =>
  applications.map((application) => [applicantName(application) ?? 'N/A', applicantEmail(application) ?? 'N/A', applicantPhone(application) ?? 'N/A', resumeCell(application.resume, origin)]);

/** Sheet 'Applications': a title row 'Company: {name}' merged over the four columns, the header row, then the rows. */
export function buildApplicationsWorkbook(excel: ExcelJsModule, companyName: string, rows: readonly string[][]): ExcelJs.Workbook {
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.columns = EXPORT_COLUMNS.map(({ width }) => ({ width }));
  sheet.mergeCells(1, 1, 1, EXPORT_COLUMNS.length);
  const title = sheet.getCell(1, 1);
  title.value = `Company: ${companyName}`;
  title.font = { bold: true, size: 14 };
  sheet.addRow(EXPORT_COLUMNS.map(({ header }) => header)).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return workbook;
}
