import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { PlacementStatistics } from '@placement/domain';
import { errorMessage } from '../../../shared/api/errors';
import { saveBlob } from '../../../shared/download';
import { loadExcelJs, XLSX_TYPE, type ExcelJsModule } from '../applications/excelExport';
import { statisticsApi } from './api';
import { buildStatisticsWorkbook, statisticsFileName } from './statisticsExport';
import { STATISTICS_TEXT, statisticsExportFinished, statisticsExportRequested, statisticsFailed, statisticsLoaded, statisticsRequested } from './statisticsSlice';

export function* loadStatisticsSaga(action: PayloadAction<string | null>) {
  try {
    const response: AxiosResponse<PlacementStatistics> = yield call(statisticsApi.read, action.payload);
    yield put(statisticsLoaded(response.data));
  } catch (error) {
    yield put(statisticsFailed(errorMessage(error, STATISTICS_TEXT.loadFailed)));
  }
}

const shownStatistics = (state: { admin: { statistics: { statistics: PlacementStatistics | null } } }) => state.admin.statistics.statistics;

/** The figures on screen, as a workbook made in the browser (exceljs loaded on first use). */
export function* exportStatisticsSaga() {
  const statistics: PlacementStatistics | null = yield select(shownStatistics);
  if (!statistics) {
    yield put(statisticsExportFinished(STATISTICS_TEXT.exportFailed));
    return;
  }
  try {
    const excel: ExcelJsModule = yield call(loadExcelJs);
    const workbook = buildStatisticsWorkbook(excel, statistics);
    const buffer: ArrayBuffer = yield call(() => workbook.xlsx.writeBuffer());
    yield call(saveBlob, new Blob([buffer], { type: XLSX_TYPE }), statisticsFileName(statistics.asOf));
    yield put(statisticsExportFinished(null));
  } catch (error) {
    yield put(statisticsExportFinished(errorMessage(error, STATISTICS_TEXT.exportFailed)));
  }
}

export function* adminStatisticsSaga() {
  yield takeLatest(statisticsRequested.type, loadStatisticsSaga);
  yield takeLatest(statisticsExportRequested.type, exportStatisticsSaga);
}
