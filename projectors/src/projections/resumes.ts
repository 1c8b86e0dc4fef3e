import type { ResumeEvent } from '@placement/domain';
import { RESUME_COLLECTIONS, type RecordedEvent, type ResumeAnalysisDocument } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { eventsOfTypes } from './projection-helpers';

const { analyses: ANALYSES } = RESUME_COLLECTIONS;

function changesOf(event: ResumeEvent): ReadModelChange[] {
  switch (event.type) {
    case 'ResumeAnalysed': {
      const { analysisId, ...fields } = event.data;
      const document: Omit<ResumeAnalysisDocument, '_id'> = { analysisId, ...fields };
      return [{ kind: 'upsert', collection: ANALYSES, id: analysisId, update: { $set: document } }];
    }
  }
}

const isResumeEvent = eventsOfTypes<ResumeEvent>(['ResumeAnalysed']);

/** Each student's resume checks (the /cv history, an admin's view of a student's progress). */
export const resumesProjection: Projection = {
  name: 'resumes',
  collections: [ANALYSES],
  indexes: {
    // A student's history, oldest first.
    [ANALYSES]: [{ key: { studentId: 1, analysedAt: 1 } }],
  },
  apply: (event: RecordedEvent) => (isResumeEvent(event) ? changesOf(event) : []),
};
