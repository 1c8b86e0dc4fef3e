import type { PayloadAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../../app/rootReducer';
import { errorMessage } from '../../../shared/api/errors';
import { auditApi } from './api';
import { logFailed, logLoaded, logNextPage, logPreviousPage, logSearched, timelineFailed, timelineLoaded, timelineRequested, type AuditState } from './auditSlice';
import { AUDIT_TEXT, logQuery } from './format';
import type { AuditKind, LogPage, Timeline } from './types';

function* timelineSaga(action: PayloadAction<{ kind: AuditKind; id: string }>) {
  try {
    const response: AxiosResponse<Timeline> = yield call(auditApi.timeline, action.payload.kind, action.payload.id);
    yield put(timelineLoaded({ streamId: response.data.streamId, events: Array.isArray(response.data.events) ? response.data.events : [] }));
  } catch (error) {
    yield put(timelineFailed(errorMessage(error, AUDIT_TEXT.loadFailed)));
  }
}

function* logSaga() {
  const { filters, after }: AuditState['log'] = yield select((state: RootState) => state.admin.audit.log);
  try {
    const response: AxiosResponse<LogPage> = yield call(auditApi.log, logQuery(filters, after));
    yield put(logLoaded({ events: Array.isArray(response.data.events) ? response.data.events : [], nextAfter: response.data.nextAfter ?? null }));
  } catch (error) {
    yield put(logFailed(errorMessage(error, AUDIT_TEXT.logFailed)));
  }
}

export function* adminAuditSaga() {
  yield takeLatest(timelineRequested.type, timelineSaga);
  yield takeLatest([logSearched.type, logNextPage.type, logPreviousPage.type], logSaga);
}
