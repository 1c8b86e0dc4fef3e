import type { ExperienceEvent, ExperienceFields } from '@placement/domain';
import { EXPERIENCE_COLLECTIONS, EXPERIENCE_STATS_ID, sortKeyOf, type ExperienceDocument, type ExperienceSearchFields, type ExperienceSortKeys, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';
import { prefixedFields } from './update-fields';

const { experiences: EXPERIENCES, stats: STATS } = EXPERIENCE_COLLECTIONS;

/** The `search…` copies of whichever searched fields `fields` holds. */
export function experienceSearchTextsOf(fields: Partial<ExperienceFields>): Partial<ExperienceSearchFields> {
  const texts: Partial<ExperienceSearchFields> = {};
  if (fields.companyName !== undefined) texts.searchCompanyName = fields.companyName.toLowerCase();
  if (fields.role !== undefined) texts.searchRole = fields.role.toLowerCase();
  if (fields.author !== undefined) texts.searchAuthor = fields.author.toLowerCase();
  return texts;
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
      // `lower` (the nested copies searched before the `search…` fields) is no longer written.
      const document: Omit<ExperienceDocument, '_id' | 'lower'> & ExperienceSearchFields = {
        ...fields,
        status,
        updatedAt: occurredAt,
        ...(experienceSearchTextsOf(fields) as ExperienceSearchFields),
        sort: experienceSortKeysOf(fields) as ExperienceSortKeys,
      };
      return [{ kind: 'upsert', collection: EXPERIENCES, id: experienceId, update: { $set: document } }, countExperiences(1)];
    }
    case 'ExperienceApproved':
      return [{ kind: 'update', collection: EXPERIENCES, filter: { _id: event.data.experienceId }, update: { $set: { status: 'approved', updatedAt: occurredAt } } }];
    case 'ExperienceEdited': {
      const { after } = event.data;
      const set = { ...after, ...experienceSearchTextsOf(after), ...prefixedFields('sort', experienceSortKeysOf(after)), updatedAt: occurredAt };
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
  // 1: the text filters' top-level search… copies (documents written before have none).
  // 2: sort keys numeric-aware (sortKeyOf).
  // 3: every document has its status (the lists select the approved ones by equality).
  shape: 3,
  collections: [EXPERIENCES, STATS],
  indexes: {
    [EXPERIENCES]: [
      // The management list, newest first.
      { key: { postedDate: -1 } },
      // The approved ones newest or oldest first (dateDesc, dateAsc), and the management list by status.
      { key: { status: 1, postedDate: -1 } },
      // The approved ones by company A-Z and Z-A, newest first within a company (by the bounded key: free
      // text in an index fails writes past the server's key limit).
      { key: { status: 1, 'sort.companyName': 1, postedDate: -1 } },
      // The company and role filters and the management search (a substring $regex each): the local
      // server makes an index on a `search…` field a trigram index (never a btree, so long texts are
      // fine); MongoDB keeps a normal one.
      { key: { searchCompanyName: 1 } },
      { key: { searchRole: 1 } },
      { key: { searchAuthor: 1 } },
    ],
    [STATS]: [],
  },
  apply: (event: RecordedEvent) => (isExperienceEvent(event) ? changesOf(event, event.metadata.occurredAt) : []),
};
