import type { PayloadAction } from '@reduxjs/toolkit';
import { AxiosHeaders, type AxiosResponse } from 'axios';
import type { EventChannel } from 'redux-saga';
import { all, call, delay, put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { errorMessage } from '../../../shared/api/errors';
import { uploadChannel, type UploadEvent } from '../../../shared/api/upload';
import { emailApi } from './api';
import { EMAIL_TEXT, recipientsFrom, sendFormData, SUCCESS_TIMEOUT_MS, templatesFrom } from './compose';
import {
  campaignProgressed,
  campaignQueued,
  campaignsFailed,
  campaignsLoaded,
  campaignsRequested,
  emailDataFailed,
  emailDataLoaded,
  emailDataRequested,
  formReset,
  sendFailed,
  sendRequested,
  sendSucceeded,
  successHidden,
  templateSaved,
  templateSaveFailed,
  templateSaveRequested,
  uploadProgressed,
} from './emailSlice';
import type { Campaign, ComposedEmail, EmailTemplate, Recipient, SendReply } from './types';

/** How often the composer asks the read model how far the campaign got, and for how long at most. */
export const PROGRESS_POLL_MS = 1000;
export const PROGRESS_POLLS = 300;

const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Unknown error');

/** The body must be JSON (spec §7): axios hands over text when it was not. */
function requireJson(response: AxiosResponse<unknown>): unknown {
  const type = AxiosHeaders.from((response.headers ?? {}) as AxiosHeaders).get('content-type');
  const declaredOther = typeof type === 'string' && type !== '' && !type.includes('json');
  if (declaredOther || (typeof response.data === 'string' && response.data.trim() !== '')) throw new Error(EMAIL_TEXT.nonJson);
  return response.data;
}

async function fetchRecipients(): Promise<Recipient[]> {
  let response: AxiosResponse<unknown>;
  try {
    response = await emailApi.userGroups();
  } catch (error) {
    throw new Error(errorMessage(error, EMAIL_TEXT.userGroupsFallback), { cause: error });
  }
  return recipientsFrom(requireJson(response));
}

async function fetchTemplates(): Promise<EmailTemplate[]> {
  try {
    return templatesFrom<EmailTemplate>((await emailApi.templates()).data);
  } catch (error) {
    throw new Error(errorMessage(error, EMAIL_TEXT.templatesFallback), { cause: error });
  }
}

export function* loadEmailDataSaga() {
  try {
    const [recipients, templates]: [Recipient[], EmailTemplate[]] = yield all([call(fetchRecipients), call(fetchTemplates)]);
    yield put(emailDataLoaded({ recipients, templates }));
  } catch (error) {
    yield put(emailDataFailed(EMAIL_TEXT.loadFailed(reasonOf(error))));
  }
}

function* saveTemplateSaga(action: PayloadAction<{ name: string; subject: string; content: string }>) {
  const { name, subject, content } = action.payload;
  try {
    const response: AxiosResponse<{ template?: EmailTemplate }> = yield call(emailApi.saveTemplate, { name: name.trim(), subject: subject.trim(), content });
    yield put(templateSaved({ template: response.data?.template ?? null, message: EMAIL_TEXT.templateSaved }));
  } catch (error) {
    yield put(templateSaveFailed(EMAIL_TEXT.saveTemplateFailed(errorMessage(error, EMAIL_TEXT.saveTemplateFallback))));
    return;
  }
  yield delay(SUCCESS_TIMEOUT_MS);
  yield put(successHidden());
}

/** Polls the campaign's read model until every recipient is settled; null if it is still going after the last poll. */
export function* followCampaign(campaignId: string) {
  for (let poll = 0; poll < PROGRESS_POLLS; poll += 1) {
    try {
      const response: AxiosResponse<{ campaign?: Campaign }> = yield call(emailApi.campaign, campaignId);
      const campaign = response.data?.campaign;
      if (campaign) {
        yield put(campaignProgressed(campaign));
        if (campaign.status === 'completed') return campaign;
      }
    } catch {
      // Not projected yet, or a passing failure: the next poll asks again.
    }
    yield delay(PROGRESS_POLL_MS);
  }
  return null;
}

/** Sends the attachments with upload progress; the reply, or null once the failure is reported. */
function* upload(email: ComposedEmail, attachments: File[]) {
  const channel: EventChannel<UploadEvent<SendReply>> = yield call(uploadChannel, (onProgress: Parameters<typeof emailApi.send>[1]) =>
    emailApi.send(sendFormData(email, attachments), onProgress),
  );
  try {
    while (true) {
      const event: UploadEvent<SendReply> = yield take(channel);
      if (event.kind === 'progress') yield put(uploadProgressed(event.percent));
      else if (event.kind === 'done') return event.response.data;
      else {
        yield put(sendFailed(EMAIL_TEXT.sendFailed(errorMessage(event.error, EMAIL_TEXT.sendFallback))));
        return null;
      }
    }
  } finally {
    channel.close();
  }
}

export function* sendSaga(action: PayloadAction<ComposedEmail, string, { files: File[] }>) {
  const reply: SendReply | null = yield call(upload, action.payload, action.meta.files);
  if (!reply) return;
  if (reply.scheduledFor) {
    yield put(sendSucceeded({ message: reply.message }));
  } else {
    yield put(campaignQueued({ campaignId: reply.campaignId, recipients: reply.recipients }));
    const campaign: Campaign | null = yield call(followCampaign, reply.campaignId);
    if (!campaign) yield put(sendSucceeded({ message: EMAIL_TEXT.stillSending }));
    else if (campaign.sent === 0 && campaign.failed > 0) {
      yield put(sendFailed(EMAIL_TEXT.sendFailed(EMAIL_TEXT.undelivered(campaign.failed, campaign.recipients))));
      yield put(campaignsRequested());
      return;
    } else {
      const undelivered = campaign.failed > 0 ? EMAIL_TEXT.sendFailed(EMAIL_TEXT.undelivered(campaign.failed, campaign.recipients)) : null;
      yield put(sendSucceeded({ message: EMAIL_TEXT.sent(campaign.sent), error: undelivered }));
    }
  }
  yield put(campaignsRequested());
  yield delay(SUCCESS_TIMEOUT_MS);
  yield put(formReset());
}

export function* loadCampaignsSaga() {
  try {
    const response: AxiosResponse<{ campaigns?: Campaign[] }> = yield call(emailApi.campaigns);
    yield put(campaignsLoaded(Array.isArray(response.data?.campaigns) ? response.data.campaigns : []));
  } catch (error) {
    yield put(campaignsFailed(errorMessage(error, EMAIL_TEXT.campaignsFailed)));
  }
}

export function* adminEmailSaga() {
  yield takeLatest(emailDataRequested.type, loadEmailDataSaga);
  yield takeLeading(templateSaveRequested.type, saveTemplateSaga);
  yield takeLeading(sendRequested.type, sendSaga);
  yield takeLatest(campaignsRequested.type, loadCampaignsSaga);
}
