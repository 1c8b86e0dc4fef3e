import type { ApplicationEvent, ApplicationStatus, JobEvent, JobFields, PlacementEvent, UserDetails, UserEvent } from '@placement/domain';
import {
  APPLICANT_ACCOUNT_FIELDS,
  APPLICANT_SORT_FIELDS,
  APPLICATION_COLLECTIONS,
  APPLICATION_JOB_COLUMNS,
  APPLICATION_STATS_ID,
  APPLICATION_STATUS_KEYS,
  sortKeyOf,
  type ApplicantAccount,
  type ApplicantSortKeys,
  type ApplicationJobColumns,
  type ApplicationStatusKey,
  type RecordedEvent,
} from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange } from './projection-helpers';
import { everyCounter, prefixedFields } from './update-fields';

const { applications: APPLICATIONS, stats: STATS, jobCounts: JOB_COUNTS, jobs: JOB_LOOKUP, applicants: APPLICANT_LOOKUP } = APPLICATION_COLLECTIONS;

/** The job columns among `fields` (all of them for a posted job, the changed ones for an edit). */
export function jobColumnsOf(fields: Partial<JobFields>): Partial<ApplicationJobColumns> {
  return Object.fromEntries(APPLICATION_JOB_COLUMNS.flatMap((column) => (fields[column] === undefined ? [] : [[column, fields[column]]])));
}

/** The applicant columns among an account's changed details (the account's mobile number is the applicant's phone). */
export function applicantColumnsOf(details: Partial<UserDetails>): Partial<ApplicantAccount> {
  const { fullName, email, mobileNo, rollNo } = details;
  const columns: Partial<ApplicantAccount> = { fullName, email, phone: mobileNo, rollNo };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** The applicant's sort key when its name is among `columns`. */
const applicantSortKeysOf = (columns: Partial<ApplicantAccount>): Partial<ApplicantSortKeys> =>
  columns.fullName === undefined ? {} : { fullNameKey: sortKeyOf(columns.fullName) };

const statusCount = (status: ApplicationStatus): ApplicationStatusKey => APPLICATION_STATUS_KEYS[status];

const STATS_COUNTERS: readonly (ApplicationStatusKey | 'total')[] = ['total', ...Object.values(APPLICATION_STATUS_KEYS)];

const countStats = (inc: Partial<Record<ApplicationStatusKey | 'total', number>>): ReadModelChange => counterChange(STATS, APPLICATION_STATS_ID, everyCounter(STATS_COUNTERS, inc));

/**
 * Moves a job's live-application count. A job deleted before its application was deleted has no count
 * document any more: the update matches nothing (no upsert), so a count exists only for a live job.
 */
const countJobApplications = (jobId: string, by: 1 | -1): ReadModelChange => ({ kind: 'update', collection: JOB_COUNTS, filter: { _id: jobId }, update: { $inc: { applicationCount: by } } });

/**
 * A lookup document and every application that copied from it change together. `sortKeys` (copied
 * under `sortInto`) change with the columns, in the same update: one change per document and event.
 */
function changeColumns(lookup: string, id: string, copiesFilter: object, into: string, columns: object, sort: { into: string; keys: object } = { into: '', keys: {} }): ReadModelChange[] {
  if (Object.keys(columns).length === 0) return [];
  const copied = { ...prefixedFields(into, columns), ...(sort.into ? prefixedFields(sort.into, sort.keys) : {}) };
  return [
    { kind: 'update', collection: lookup, filter: { _id: id }, update: { $set: { ...columns, ...sort.keys } } },
    { kind: 'update', collection: APPLICATIONS, filter: { ...copiesFilter, [into]: { $ne: null } }, update: { $set: copied }, many: true },
  ];
}

const changeApplicant = (userId: string, columns: Partial<ApplicantAccount>): ReadModelChange[] =>
  changeColumns(APPLICANT_LOOKUP, userId, { studentId: userId }, 'applicant', columns, { into: 'applicantSort', keys: applicantSortKeysOf(columns) });

/** The job events that change the columns applications show. */
type JobColumnEvent = Extract<JobEvent, { type: 'JobPosted' | 'JobEdited' | 'JobDeleted' }>;
/** The account events that change the applicant fields applications show. */
type AccountEvent = Extract<UserEvent, { type: 'UserRegistered' | 'UserCreatedByAdmin' | 'UserDetailsChanged' | 'StudentProfileUpdated' | 'UserDeleted' }>;

const rememberApplicant = (userId: string, account: ApplicantAccount): ReadModelChange => ({
  kind: 'upsert',
  collection: APPLICANT_LOOKUP,
  id: userId,
  update: { $set: { ...account, ...applicantSortKeysOf(account) } },
});

function applicationChanges(event: ApplicationEvent, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { applicationId, jobId, studentId, status, appliedAt, fullName, email, phone, resumeKey } = event.data;
      return [
        {
          kind: 'upsert',
          collection: APPLICATIONS,
          id: applicationId,
          update: { $set: { jobId, studentId, status, appliedDate: appliedAt, fullName, email, phone, resumeKey, sort: { email: sortKeyOf(email) } } },
          copy: [
            { collection: JOB_LOOKUP, id: jobId, fields: APPLICATION_JOB_COLUMNS, into: 'job' },
            { collection: APPLICANT_LOOKUP, id: studentId, fields: APPLICANT_ACCOUNT_FIELDS, into: 'applicant' },
            { collection: APPLICANT_LOOKUP, id: studentId, fields: APPLICANT_SORT_FIELDS, into: 'applicantSort' },
          ],
        },
        countStats({ total: 1, [statusCount(status)]: 1 }),
        countJobApplications(jobId, 1),
      ];
    }
    case 'ApplicationStatusChanged': {
      const { applicationId, from, to, interview } = event.data;
      // The slot lives while the status is Scheduled; a Scheduled recorded before slots existed has none.
      const slot = to === 'Scheduled' || from === 'Scheduled' ? { interview: to === 'Scheduled' && interview ? { ...interview, scheduledAt: occurredAt } : null } : {};
      return [
        { kind: 'update', collection: APPLICATIONS, filter: { _id: applicationId }, update: { $set: { status: to, ...slot } } },
        // A reschedule (Scheduled to Scheduled, a new slot) moves no counter.
        ...(from === to ? [] : [countStats({ [statusCount(from)]: -1, [statusCount(to)]: 1 })]),
      ];
    }
    case 'ApplicationDeleted':
      return [
        { kind: 'delete', collection: APPLICATIONS, filter: { _id: event.data.applicationId } },
        countStats({ total: -1, [statusCount(event.data.status)]: -1 }),
        countJobApplications(event.data.jobId, -1),
      ];
    case 'OfferExtended':
    case 'OfferWithdrawn':
      return offerChanges(event);
  }
}

/** The application's offer (My Applications shows it and its answer): pending when extended, then accepted, declined or withdrawn. */
function offerChanges(event: Extract<ApplicationEvent, { type: 'OfferExtended' | 'OfferWithdrawn' }> | PlacementEvent): ReadModelChange[] {
  const setOffer = ($set: object): ReadModelChange[] => [{ kind: 'update', collection: APPLICATIONS, filter: { _id: event.data.applicationId }, update: { $set } }];
  switch (event.type) {
    case 'OfferExtended': {
      const { ctc, stipend, tier, extendedAt } = event.data;
      return setOffer({ offer: { ctc: ctc ?? null, stipend: stipend ?? null, tier, status: 'pending', extendedAt, answeredAt: null } });
    }
    case 'OfferWithdrawn':
      return setOffer({ 'offer.status': 'withdrawn', 'offer.answeredAt': event.data.withdrawnAt });
    case 'OfferAccepted':
      return setOffer({ 'offer.status': 'accepted', 'offer.answeredAt': event.data.acceptedAt });
    case 'OfferDeclined':
      return setOffer({ 'offer.status': 'declined', 'offer.answeredAt': event.data.declinedAt });
  }
}

function jobChanges(event: JobColumnEvent): ReadModelChange[] {
  switch (event.type) {
    case 'JobPosted':
      return [
        { kind: 'upsert', collection: JOB_LOOKUP, id: event.data.jobId, update: { $set: jobColumnsOf(event.data) } },
        { kind: 'upsert', collection: JOB_COUNTS, id: event.data.jobId, update: { $set: { applicationCount: 0 } } },
      ];
    case 'JobEdited':
      return changeColumns(JOB_LOOKUP, event.data.jobId, { jobId: event.data.jobId }, 'job', jobColumnsOf(event.data.after));
    case 'JobDeleted':
      // The applications stay; their job is 'No longer available'.
      return [
        { kind: 'delete', collection: JOB_LOOKUP, filter: { _id: event.data.jobId } },
        { kind: 'delete', collection: JOB_COUNTS, filter: { _id: event.data.jobId } },
        { kind: 'update', collection: APPLICATIONS, filter: { jobId: event.data.jobId }, update: { $set: { job: null } }, many: true },
      ];
  }
}

function accountChanges(event: AccountEvent): ReadModelChange[] {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, fullName, email, rollNo } = event.data;
      return [rememberApplicant(userId, { fullName, email, phone: null, rollNo })];
    }
    case 'UserCreatedByAdmin': {
      const { userId, fullName, email, mobileNo, rollNo } = event.data;
      return [rememberApplicant(userId, { fullName, email, phone: mobileNo, rollNo })];
    }
    case 'UserDetailsChanged':
      return changeApplicant(event.data.userId, applicantColumnsOf(event.data.after));
    case 'StudentProfileUpdated':
      return changeApplicant(event.data.userId, applicantColumnsOf({ mobileNo: event.data.after.mobileNo }));
    case 'UserDeleted':
      // Applications keep the account's last known fields: they still record who applied.
      return [{ kind: 'delete', collection: APPLICANT_LOOKUP, filter: { _id: event.data.userId } }];
  }
}

type Handled = ApplicationEvent | JobEvent | UserEvent | PlacementEvent;

function changesOf(event: Handled, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'ApplicationSubmitted':
    case 'ApplicationStatusChanged':
    case 'ApplicationDeleted':
    case 'OfferExtended':
      return applicationChanges(event, occurredAt);
    case 'OfferWithdrawn':
    case 'OfferAccepted':
    case 'OfferDeclined':
      return offerChanges(event);
    case 'JobPosted':
    case 'JobEdited':
    case 'JobDeleted':
      return jobChanges(event);
    case 'UserRegistered':
    case 'UserCreatedByAdmin':
    case 'UserDetailsChanged':
    case 'StudentProfileUpdated':
    case 'UserDeleted':
      return accountChanges(event);
    default:
      return [];
  }
}

/**
 * Applications with the job columns and applicant account fields they show, kept current as jobs
 * and accounts change, the application statistics' counters, and each live job's number of live
 * applications (`job_application_counts`: the job lists join it; the job document no longer moves with
 * every application). Two lookups (job columns by job, account fields by user) feed the copies an
 * application takes when it arrives.
 */
export const applicationsProjection: Projection = {
  name: 'applications',
  collections: [APPLICATIONS, STATS, JOB_COUNTS, JOB_LOOKUP, APPLICANT_LOOKUP],
  indexes: {
    // Every index is written again by every status change (a new version of the row in each), so an
    // application keeps only those a list needs in order to avoid reading or sorting many rows: one job's
    // applications are few enough to filter and sort by status in memory (docs/decisions.md, 'The
    // applications read model keeps six sort indexes'). The name and e-mail sorts keep theirs: on the
    // local server, the check that makes a sort by a dotted path exact reads an index only while an index
    // of the table holds that path (without one, every such call would read the whole table).
    [APPLICATIONS]: [
      // A student's list (newest first) and the 'Already Applied' marks (a student's job ids).
      { key: { studentId: 1, appliedDate: -1 } },
      // A job's applications, newest first, and the review table's sorts within the job.
      { key: { jobId: 1, appliedDate: -1 } },
      // (text columns by their bounded keys: free text in an index fails writes past the server's key limit)
      { key: { jobId: 1, 'applicantSort.fullNameKey': 1 } },
      { key: { jobId: 1, 'sort.email': 1 } },
      // The admin helper's list across jobs: by status, and all of them.
      { key: { status: 1, appliedDate: -1 } },
      { key: { appliedDate: -1 } },
    ],
    [STATS]: [],
    // The review job table sorted by its count column (ties by id, either direction); the job lists
    // read the rest by `_id`.
    [JOB_COUNTS]: [{ key: { applicationCount: 1, _id: 1 } }],
    [JOB_LOOKUP]: [],
    [APPLICANT_LOOKUP]: [],
  },
  apply: (event: RecordedEvent) => changesOf(event as unknown as Handled, event.metadata.occurredAt),
  // 1: job_application_counts (a read model built before has none: every job would show 0).
  // 2: sort keys numeric-aware (sortKeyOf: 'Student 2' before 'Student 10').
  shape: 2,
};
