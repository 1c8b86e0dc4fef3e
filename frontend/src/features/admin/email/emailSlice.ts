import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Campaign, ComposedEmail, EmailTemplate, Recipient } from './types';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * The send (spec §4): idle → uploading (attachments, with upload progress) → sending (the campaign's
 * real progress, polled from the read model) → idle with a success message; a failure clears it.
 */
export type SendPhase = 'idle' | 'uploading' | 'sending';

export interface EmailState {
  recipients: Recipient[];
  templates: EmailTemplate[];
  status: LoadStatus;
  error: string | null;
  success: string | null;
  savingTemplate: boolean;
  phase: SendPhase;
  uploadPercent: number;
  /** The campaign being sent: its id and the read model's figures. */
  active: { campaignId: string; recipients: number; sent: number; failed: number; progress: number } | null;
  /** Bumped when the form is to be cleared (3 s after a success). */
  resets: number;
  campaigns: Campaign[];
  campaignsStatus: LoadStatus;
  campaignsError: string | null;
}

const initialState: EmailState = {
  recipients: [],
  templates: [],
  status: 'idle',
  error: null,
  success: null,
  savingTemplate: false,
  phase: 'idle',
  uploadPercent: 0,
  active: null,
  resets: 0,
  campaigns: [],
  campaignsStatus: 'idle',
  campaignsError: null,
};

const slice = createSlice({
  name: 'adminEmail',
  initialState,
  reducers: {
    emailDataRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    emailDataLoaded(state, action: PayloadAction<{ recipients: Recipient[]; templates: EmailTemplate[] }>) {
      state.status = 'succeeded';
      state.recipients = action.payload.recipients;
      state.templates = action.payload.templates;
    },
    emailDataFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    templateSaveRequested(state, _action: PayloadAction<{ name: string; subject: string; content: string }>) {
      state.savingTemplate = true;
      state.error = null;
    },
    templateSaved(state, action: PayloadAction<{ template: EmailTemplate | null; message: string }>) {
      state.savingTemplate = false;
      state.success = action.payload.message;
      const { template } = action.payload;
      if (template) state.templates = [...state.templates.filter((t) => t._id !== template._id), template].sort((a, b) => a.name.localeCompare(b.name));
    },
    templateSaveFailed(state, action: PayloadAction<string>) {
      state.savingTemplate = false;
      state.error = action.payload;
    },
    sendRequested: {
      reducer(state) {
        state.phase = 'uploading';
        state.uploadPercent = 0;
        state.active = null;
        state.error = null;
        state.success = null;
      },
      /** Files are not serializable: attachments travel in meta.files, which the store's serializability check skips. */
      prepare(email: ComposedEmail, attachments: File[]) {
        return { payload: email, meta: { files: attachments } };
      },
    },
    uploadProgressed(state, action: PayloadAction<number>) {
      state.uploadPercent = action.payload;
    },
    campaignQueued(state, action: PayloadAction<{ campaignId: string; recipients: number }>) {
      state.phase = 'sending';
      state.uploadPercent = 100;
      state.active = { ...action.payload, sent: 0, failed: 0, progress: 0 };
    },
    campaignProgressed(state, action: PayloadAction<Pick<Campaign, 'sent' | 'failed' | 'progress' | 'recipients'>>) {
      if (!state.active) return;
      const { sent, failed, progress, recipients } = action.payload;
      // Polls may answer out of order: progress never goes back.
      state.active = { ...state.active, sent, failed, recipients, progress: Math.max(state.active.progress, progress) };
    },
    sendSucceeded(state, action: PayloadAction<{ message: string; error?: string | null }>) {
      state.phase = 'idle';
      if (state.active) state.active.progress = 100;
      state.success = action.payload.message;
      state.error = action.payload.error ?? null;
    },
    sendFailed(state, action: PayloadAction<string>) {
      state.phase = 'idle';
      state.active = null;
      state.uploadPercent = 0;
      state.error = action.payload;
    },
    successHidden(state) {
      state.success = null;
    },
    formReset(state) {
      state.success = null;
      state.active = null;
      state.uploadPercent = 0;
      state.resets += 1;
    },
    errorDismissed(state) {
      state.error = null;
    },
    campaignsRequested(state) {
      state.campaignsStatus = 'loading';
      state.campaignsError = null;
    },
    campaignsLoaded(state, action: PayloadAction<Campaign[]>) {
      state.campaignsStatus = 'succeeded';
      state.campaigns = action.payload;
    },
    campaignsFailed(state, action: PayloadAction<string>) {
      state.campaignsStatus = 'failed';
      state.campaignsError = action.payload;
    },
  },
});

export const {
  emailDataRequested,
  emailDataLoaded,
  emailDataFailed,
  templateSaveRequested,
  templateSaved,
  templateSaveFailed,
  sendRequested,
  uploadProgressed,
  campaignQueued,
  campaignProgressed,
  sendSucceeded,
  sendFailed,
  successHidden,
  formReset,
  errorDismissed,
  campaignsRequested,
  campaignsLoaded,
  campaignsFailed,
} = slice.actions;
export const adminEmailReducer = slice.reducer;
