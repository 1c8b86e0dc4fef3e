import type { ExperienceEvent, ExperienceFields } from '@placement/domain';
import { EXPERIENCE_COLLECTIONS, EXPERIENCE_STATS_ID, sortKeyOf, type ExperienceDocument, type ExperienceSearchFields, type ExperienceSortKeys, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';
import { prefixedFields } from './update-fields';

const { experiences: EXPERIENCES, stats: STATS } = EXPERIENCE_COLLECTIONS;

/** The lower-cased copies of whichever searchable fields `fields` holds. */
export function experienceSearchFieldsOf(fields: Partial<ExperienceFields>): Partial<ExperienceSearchFields> {
  const lower: Partial<ExperienceSearchFields> = {};
  if (fields.companyName !== undefined) lower.companyName = fields.companyName.toLowerCase();
  if (fields.role !== undefined) lower.role = fields.role.toLowerCase();
  if (fields.author !== undefined) lower.author = fields.author.toLowerCase();
  return lower;
}

/** The sort keys (bounded, so an index can hold them) of whichever sorted fields `fields` holds. */
export function experienceSortKeysOf(fields: Partial<ExperienceFields>): Partial<ExperienceSortKeys> {
  return fields.companyName === undefined ? {} : { companyName: sortKeyOf(fields.companyName) };
}

const countExperiences = (by: number): ReadModelChange => counterChange(STATS, EXPERIENCE_STATS_ID, { total: by });

function changesOf(event: ExperienceEvent, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'ExperienceShared':
    case 'ExperienceSubmitted': {
      const { experienceId, ...fields } = event.data;
      // Held for review until approved; lists for students and visitors leave pending ones out.
      const status = event.type === 'ExperienceShared' ? 'approved' : 'pending';
      const document: Omit<ExperienceDocument, '_id'> = { ...fields, status, updatedAt: occurredAt, lower: experienceSearchFieldsOf(fields) as ExperienceSearchFields, sort: experienceSortKeysOf(fields) as ExperienceSortKeys };
      return [{ kind: 'upsert', collection: EXPERIENCES, id: experienceId, update: { $set: document } }, countExperiences(1)];
    }
    case 'ExperienceApproved':
      return [{ kind: 'update', collection: EXPERIENCES, filter: { _id: event.data.experienceId }, update: { $set: { status: 'approved', updatedAt: occurredAt } } }];
    case 'ExperienceEdited': {
      const { after } = event.data;
      const set = { ...after, ...prefixedFields('lower', experienceSearchFieldsOf(after)), ...prefixedFields('sort', experienceSortKeysOf(after)), updatedAt: occurredAt };
      return [{ kind: 'update', collection: EXPERIENCES, filter: { _id: event.data.experienceId }, update: { $set: set } }];
    }
    case 'ExperienceRemoved':
      return [{ kind: 'delete', collection: EXPERIENCES, filter: { _id: event.data.experienceId } }, countExperiences(-1)];
  }
}

const isExperienceEvent = eventsOfTypes<ExperienceEvent>(['ExperienceShared', 'ExperienceSubmitted', 'ExperienceApproved', 'ExperienceEdited', 'ExperienceRemoved']);

/** Interview experiences (the student list with its searches and sorts, the management list) and their total. */
export const experiencesProjection: Projection = {
  name: 'experiences',
  collections: [EXPERIENCES, STATS],
  indexes: {
    [EXPERIENCES]: [
      // Newest or oldest first (dateDesc, dateAsc), and the management list.
      { key: { postedDate: -1 } },
      // Company A-Z and Z-A, newest first within a company (by the bounded key: free text in an index
      // fails writes past the server's key limit). The substring filters use no index on either server.
      { key: { 'sort.companyName': 1, postedDate: -1 } },
    ],
    [STATS]: [],
  },
  apply: (event: RecordedEvent) => (isExperienceEvent(event) ? changesOf(event, event.metadata.occurredAt) : []),
};
