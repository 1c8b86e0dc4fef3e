import type * as ExcelJs from 'exceljs';
import type { GroupRow, PlacementStatistics } from '@placement/domain';
import { groupLabel } from '../../../shared/statistics/format';
import type { ExcelJsModule } from '../applications/excelExport';

/** placement-statistics-{day or season}.xlsx */
export const statisticsFileName = (asOf: string | null): string => `placement-statistics-${asOf ?? 'season'}.xlsx`;

const groupSheet = (workbook: ExcelJs.Workbook, name: string, heading: string, rows: readonly GroupRow[]) => {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: 24 }, { width: 12 }, { width: 12 }, { width: 18 }];
  sheet.addRow([heading, 'Students', 'Placed', 'Placement rate (%)']).font = { bold: true };
  for (const row of rows) sheet.addRow([groupLabel(row.key), row.students, row.placed, row.rate]);
};

/**
 * The figures on screen as a workbook: 'Summary' (as of, placed, rate, offers, CTC in INR), one sheet
 * per breakdown (degree, school, passing year), 'Companies' and 'Weekly'. Numbers stay numbers.
 */
export function buildStatisticsWorkbook(excel: ExcelJsModule, statistics: PlacementStatistics): ExcelJs.Workbook {
  const workbook = new excel.Workbook();
  const summary = workbook.addWorksheet('Summary');
  summary.columns = [{ width: 28 }, { width: 18 }];
  summary.addRow(['Placement statistics']).font = { bold: true, size: 14 };
  const rows: [string, string | number | null][] = [
    ['As of', statistics.asOf ?? 'Whole season'],
    ['Students with a profile', statistics.students],
    ['Students placed', statistics.placedStudents],
    ['Placement rate (%)', statistics.placementRate],
    ['Offers', statistics.offers],
    ['Offers accepted', statistics.acceptedOffers],
    ['Companies', statistics.companies],
    ['Highest CTC (INR)', statistics.ctc.highest],
    ['Median CTC (INR)', statistics.ctc.median],
    ['Average CTC (INR)', statistics.ctc.average],
  ];
  for (const row of rows) summary.addRow(row);
  groupSheet(workbook, 'By degree', 'Degree', statistics.byDegree);
  groupSheet(workbook, 'By school', 'School', statistics.bySchool);
  groupSheet(workbook, 'By passing year', 'Passing year', statistics.byPassingYear);
  const companies = workbook.addWorksheet('Companies');
  companies.columns = [{ width: 30 }, { width: 10 }, { width: 10 }];
  companies.addRow(['Company', 'Offers', 'Accepted']).font = { bold: true };
  for (const company of statistics.offersByCompany) companies.addRow([company.companyName, company.offers, company.accepted]);
  const weekly = workbook.addWorksheet('Weekly');
  weekly.columns = [{ width: 14 }, { width: 14 }, { width: 10 }, { width: 10 }];
  weekly.addRow(['Week from', 'Applications', 'Offers', 'Accepted']).font = { bold: true };
  for (const week of statistics.weekly) weekly.addRow([week.weekStart, week.applications, week.offers, week.accepted]);
  return workbook;
}
