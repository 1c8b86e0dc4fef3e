import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { RESUME_EVENT_VERSIONS, resumeDecider, resumeStreamId, type Industry, type RecordResumeAnalysis, type Role } from '@placement/domain';
import { toNewEvents, type EventStore } from '@placement/platform';
import type { AnalysisScores } from './analyze';
import { RecordRetryQueue, type PendingAppend } from './record-retry';

/**
 * Keeping a student's analyses: each successful check on /cv becomes a ResumeAnalysed event on the
 * student's stream (`resume-<studentId>`), through the event store port and the domain's decider, like
 * any command. The engine stays stateless: it reads nothing back; the history is a read model the
 * projectors build and the query-api serves. Only hashes of the file and of the job description are kept.
 */

export const sha256 = (content: Buffer | string): string => createHash('sha256').update(content).digest('hex');

export interface AnalysisToRecord {
  analysisId: string;
  student: { id: string; role: Role };
  /** SHA-256 of the file (`sha256`), taken once per request: the reply cache's key uses it too. */
  fileHash: string;
  industry: Industry;
  /** SHA-256 of the job description, null without one. */
  jobDescriptionHash: string | null;
  /** The analysis's scores (analyze.ts `scores`, or `scoresOf` a reply): the same numbers the reply shows. */
  scores: AnalysisScores;
}

/** The command that records one analysis: the scores and points, the hashes, the scorer version. */
export function recordCommand({ analysisId, student, fileHash, industry, jobDescriptionHash, scores }: AnalysisToRecord): RecordResumeAnalysis {
  return {
    type: 'RecordResumeAnalysis',
    analysisId,
    studentId: student.id,
    scorerVersion: scores.scorerVersion,
    fileHash,
    fileType: scores.fileType,
    industry,
    jobDescriptionHash,
    atsScore: scores.atsScore,
    label: scores.label,
    factors: scores.factors,
  };
}

/** Records an analysis; answers where it landed, or null when it is not recorded yet (the reply still goes out). */
export type AnalysisRecorder = (analysis: Omit<AnalysisToRecord, 'analysisId'>, correlationId: string) => Promise<{ id: string; position: number } | null>;

/**
 * The recorder and its retry queue (record-retry.ts): an append the store refuses answers null at
 * once and is appended again in the background, oldest first, until the store takes it.
 */
export function analysisRecorder(
  store: EventStore,
  logger: Logger,
  now: () => Date = () => new Date(),
  retry: RecordRetryQueue = new RecordRetryQueue((pending) => store.append(pending.streamId, pending.events, 'any'), logger),
): AnalysisRecorder & { retry: RecordRetryQueue } {
  const record: AnalysisRecorder = async (analysis, correlationId) => {
    const analysisId = randomUUID();
    // A fresh analysis id is in no history, so the decision needs none: the stream is not read
    // (runCommand would read and fold every earlier check of the student, one more round trip
    // that grows with the history) and the event is appended whatever the stream's revision.
    // A retried append is still kept once: the event id is the analysis id (idempotent append).
    const context = { now: now(), actor: { id: analysis.student.id, role: analysis.student.role } };
    const events = resumeDecider.decide(recordCommand({ ...analysis, analysisId }), resumeDecider.initialState, context);
    const request = { context, causation: { correlationId, causationId: null }, versions: RESUME_EVENT_VERSIONS, eventIds: () => analysisId };
    const pending: PendingAppend = { streamId: resumeStreamId(analysis.student.id), events: toNewEvents(events, request), studentId: analysis.student.id, correlationId };
    // Earlier analyses still waiting go first: this one waits behind them, so the history keeps their order.
    if (retry.size > 0) {
      retry.add(pending, new Error('earlier analyses are still waiting'));
      return null;
    }
    try {
      const { position } = await store.append(pending.streamId, pending.events, 'any');
      return { id: analysisId, position };
    } catch (error) {
      retry.add(pending, error);
      return null;
    }
  };
  return Object.assign(record, { retry });
}
