import { reject, type CommandContext, type Decider } from '../decider';
import { parseOrReject } from '../schemas-shared';
import { resumeAnalysisEntrySchema, type ResumeAnalysisEntry } from './contracts';
import type { ResumeEvent } from './events';

/** What the ATS engine measured; the time is the command's. */
export type RecordResumeAnalysis = { type: 'RecordResumeAnalysis' } & Omit<ResumeAnalysisEntry, 'analysedAt'>;
export type ResumeCommand = RecordResumeAnalysis;

/** The analyses already recorded on the student's stream (a retried request records nothing twice). */
export interface ResumeState {
  analysisIds: ReadonlySet<string>;
}

export const RESUME_ANALYSIS_MESSAGES = {
  notOwnResume: 'A student records only their own analyses',
} as const;

function record(command: RecordResumeAnalysis, state: ResumeState, context: CommandContext): ResumeEvent[] {
  const { type: _type, ...fields } = command;
  const entry = parseOrReject(resumeAnalysisEntrySchema, { ...fields, analysedAt: context.now.toISOString() });
  if (context.actor.id !== entry.studentId) reject('forbidden', RESUME_ANALYSIS_MESSAGES.notOwnResume);
  if (state.analysisIds.has(entry.analysisId)) return [];
  return [{ type: 'ResumeAnalysed', data: entry }];
}

export const resumeDecider: Decider<ResumeCommand, ResumeEvent, ResumeState> = {
  initialState: { analysisIds: new Set() },
  decide(command, state, context) {
    switch (command.type) {
      case 'RecordResumeAnalysis':
        return record(command, state, context);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ResumeAnalysed':
        return { analysisIds: new Set([...state.analysisIds, event.data.analysisId]) };
    }
  },
};
