import { JOB_STATUSES, type JobEvent, type JobFields, type JobStatus } from '@placement/domain';
import {
  JOB_COLLECTIONS,
  JOB_SEARCH_FIELDS,
  JOB_STATS_ID,
  jobEligibilityMatchOf,
  SEARCH_LIST_SEPARATOR,
  sortKeyOf,
  utcDayOf,
  type JobDocument,
  type JobSearchFields,
  type JobSearchLists,
  type JobSortKeys,
  type RecordedEvent,
} from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange } from './projection-helpers';
import { everyCounter, prefixedFields } from './update-fields';

const { jobs: JOBS, stats: STATS } = JOB_COLLECTIONS;

/**
 * The student listing's jobs (approved ones only), each with only what the listing's filters and order
 * read: its text filters' `search…` copies and `lower` lists, its offer types and its time. The listing
 * filters and counts here, with no status condition (at scale 1 the local server's per-row check of the
 * status was half the count of a search, docs/decisions.md), then reads the page's jobs from `jobs` by id.
 */
export const JOB_LISTING = JOB_COLLECTIONS.listing;
/** The fields of a listed job (besides `_id`): every field `jobFilter` reads but `status`. */
export const JOB_LISTING_FIELDS = ['createdAt', 'offerType', ...JOB_SEARCH_FIELDS, 'lower'] as const;

/** The `search…` copies of whichever filtered fields `fields` holds. */
export function searchTextsOf(fields: Partial<JobFields>): Partial<JobSearchFields> {
  const texts: Partial<JobSearchFields> = {};
  if (fields.profiles !== undefined) texts.searchProfiles = fields.profiles.toLowerCase();
  if (fields.companyName !== undefined) texts.searchCompanyName = fields.companyName.toLowerCase();
  if (fields.location !== undefined) texts.searchLocation = fields.location.toLowerCase();
  if (fields.skills !== undefined) texts.searchSkills = fields.skills.map((skill) => skill.toLowerCase()).join(SEARCH_LIST_SEPARATOR);
  if (fields.category !== undefined) texts.searchCategory = fields.category.map((category) => category.toLowerCase()).join(SEARCH_LIST_SEPARATOR);
  return texts;
}

/**
 * The lower-cased lists element by element (`lower`), kept only for a skill, category or search term
 * that itself holds SEARCH_LIST_SEPARATOR (it could match across two elements of the joined copy, so
 * such a term is matched against the elements instead). The single texts need no such copy: their
 * `search…` copies are not joined.
 */
export function searchFieldsOf(fields: Partial<JobFields>): Partial<JobSearchLists> {
  const lower: Partial<JobSearchLists> = {};
  if (fields.skills !== undefined) lower.skills = fields.skills.map((skill) => skill.toLowerCase());
  if (fields.category !== undefined) lower.category = fields.category.map((category) => category.toLowerCase());
  return lower;
}

/** The sort keys (bounded, so an index can hold them) of whichever sorted columns `fields` holds. */
export function sortKeysOf(fields: Partial<JobFields>): Partial<JobSortKeys> {
  const keys: Partial<JobSortKeys> = {};
  if (fields.companyName !== undefined) keys.companyName = sortKeyOf(fields.companyName);
  if (fields.profiles !== undefined) keys.profiles = sortKeyOf(fields.profiles);
  if (fields.offerType !== undefined) keys.offerType = sortKeyOf(fields.offerType.join(', '));
  if (fields.location !== undefined) keys.location = sortKeyOf(fields.location);
  if (fields.ctcOrStipend !== undefined) keys.ctcOrStipend = sortKeyOf(fields.ctcOrStipend);
  return keys;
}

const STATS_COUNTERS: readonly (JobStatus | 'total')[] = ['total', ...JOB_STATUSES];

const countStats = (inc: Partial<Record<JobStatus | 'total', number>>): ReadModelChange => counterChange(STATS, JOB_STATS_ID, everyCounter(STATS_COUNTERS, inc));

const jobUpdate = (jobId: string, update: object): ReadModelChange => ({ kind: 'update', collection: JOBS, filter: { _id: jobId }, update });

const unlisted = (jobId: string): ReadModelChange => ({ kind: 'delete', collection: JOB_LISTING, filter: { _id: jobId } });

/** An approved job listed: its listing fields copied from its `jobs` document (the approval carries only its id). */
const listed = (jobId: string): ReadModelChange => ({ kind: 'upsert', collection: JOB_LISTING, id: jobId, update: {}, copy: [{ collection: JOBS, id: jobId, fields: JOB_LISTING_FIELDS, into: '' }] });

/** The listing fields among a `$set` of the jobs document, or null when it sets none. */
function listingSet(set: Record<string, unknown>): Record<string, unknown> | null {
  const fields = Object.entries(set).filter(([field]) => (JOB_LISTING_FIELDS as readonly string[]).some((listing) => field === listing || field.startsWith(`${listing}.`)));
  return fields.length === 0 ? null : Object.fromEntries(fields);
}

function changesOf(event: JobEvent): ReadModelChange[] {
  switch (event.type) {
    case 'JobPosted': {
      const { jobId, source, status, postedAt, ...fields } = event.data;
      const document: Omit<JobDocument, '_id'> = {
        ...fields,
        status,
        source,
        createdAt: postedAt,
        joiningDay: utcDayOf(fields.dateOfJoining),
        ...(searchTextsOf(fields) as JobSearchFields),
        lower: searchFieldsOf(fields) as JobSearchLists,
        sort: sortKeysOf(fields) as JobSortKeys,
        eligibilityMatch: jobEligibilityMatchOf(fields.eligibilityRules),
      };
      const listing: ReadModelChange[] = status === 'approved' ? [{ kind: 'upsert', collection: JOB_LISTING, id: jobId, update: { $set: listingSet(document)! } }] : [];
      return [{ kind: 'upsert', collection: JOBS, id: jobId, update: { $set: document } }, ...listing, countStats({ total: 1, [status]: 1 })];
    }
    case 'JobEdited': {
      const { after } = event.data;
      const joiningDay = after.dateOfJoining === undefined ? {} : { joiningDay: utcDayOf(after.dateOfJoining) };
      const match = after.eligibilityRules === undefined ? {} : { eligibilityMatch: jobEligibilityMatchOf(after.eligibilityRules) };
      const set = { ...after, ...joiningDay, ...match, ...searchTextsOf(after), ...prefixedFields('lower', searchFieldsOf(after)), ...prefixedFields('sort', sortKeysOf(after)) };
      // A listed job's copies follow (no document: not listed, nothing changes).
      const listing = listingSet(set);
      return [jobUpdate(event.data.jobId, { $set: set }), ...(listing ? [{ kind: 'update', collection: JOB_LISTING, filter: { _id: event.data.jobId }, update: { $set: listing } } satisfies ReadModelChange] : [])];
    }
    case 'JobApproved':
    case 'JobRejected': {
      const to: JobStatus = event.type === 'JobApproved' ? 'approved' : 'rejected';
      return [jobUpdate(event.data.jobId, { $set: { status: to } }), to === 'approved' ? listed(event.data.jobId) : unlisted(event.data.jobId), countStats({ [event.data.from]: -1, [to]: 1 })];
    }
    case 'JobDeleted':
      return [{ kind: 'delete', collection: JOBS, filter: { _id: event.data.jobId } }, unlisted(event.data.jobId), countStats({ total: -1, [event.data.status]: -1 })];
    case 'EligibilityOverrideGranted':
      return [jobUpdate(event.data.jobId, { $addToSet: { eligibilityOverrides: event.data.studentId } })];
    default:
      return [];
  }
}

/**
 * Jobs for every job screen (public list, admin list, application review's job list) and the job
 * statistics' counters. A job's live-application count is not here: it moves with every application,
 * and rewriting a job document (its many index entries, the search copies' trigram indexes) for each
 * one cost the most of any projection; the applications projection keeps it (job_application_counts)
 * and the replies join it. This projection follows job events only.
 */
export const jobsProjection: Projection = {
  name: 'jobs',
  collections: [JOBS, STATS, JOB_LISTING],
  indexes: {
    [JOBS]: [
      // Public list: approved, newest first; the filters narrow that.
      { key: { status: 1, createdAt: -1 } },
      // Admin list and the review screen's job list: everything, newest first, or by a column. Text
      // columns sort by their bounded keys: free text in a btree fails writes past the server's key
      // limit.
      { key: { createdAt: -1 } },
      { key: { 'sort.companyName': 1 } },
      { key: { 'sort.profiles': 1 } },
      { key: { 'sort.offerType': 1 } },
      { key: { 'sort.location': 1 } },
      { key: { 'sort.ctcOrStipend': 1 } },
      { key: { offerType: 1 } },
      // Active and expired jobs.
      { key: { status: 1, joiningDay: 1 } },
      // The jobs an admin let a student apply to despite their rules.
      { key: { eligibilityOverrides: 1 } },
      // The text filters (a substring $regex each): the local server makes an index on a `search…`
      // field a trigram index (never a btree, so long texts are fine); MongoDB keeps a normal one.
      { key: { searchProfiles: 1 } },
      { key: { searchCompanyName: 1 } },
      { key: { searchLocation: 1 } },
      { key: { searchSkills: 1 } },
      { key: { searchCategory: 1 } },
    ],
    [STATS]: [],
    [JOB_LISTING]: [
      // The student listing, newest first; its filters narrow that (trigram indexes on the local server).
      { key: { createdAt: -1 } },
      { key: { offerType: 1 } },
      { key: { searchProfiles: 1 } },
      { key: { searchCompanyName: 1 } },
      { key: { searchLocation: 1 } },
      { key: { searchSkills: 1 } },
      { key: { searchCategory: 1 } },
    ],
  },
  apply: (event: RecordedEvent) => changesOf(event as unknown as JobEvent),
  // 1: the top-level `search…` copies (the text filters read only them), `lower` holding only skills and
  // categories, and no `applicationCount` (nor its index): a read model built before is rebuilt.
  // 2: job_listing, the approved jobs' listing fields (a read model built before has none).
  // 3: sort keys numeric-aware (sortKeyOf: 'Data Analyst 2' before 'Data Analyst 10').
  shape: 3,
};
