import { PATHS } from '../../../shared/routes';
import { AUDIT_KINDS, type AuditKind, type LogFilters } from './types';

export const AUDIT_TEXT = {
  title: 'Audit History',
  loading: 'Loading history...',
  empty: 'No events match.',
  idRequired: 'Please enter an id',
  loadFailed: 'Failed to load the history',
  logFailed: 'Failed to load the audit log',
  noChanges: 'No field changed',
  system: 'System',
} as const;

export const KIND_LABELS: Record<AuditKind, string> = { jobs: 'Job', applications: 'Application', users: 'User' };

export const isAuditKind = (value: string | null): value is AuditKind => AUDIT_KINDS.includes(value as AuditKind);

/** Where the panel shows one record's history: other sections link here. */
export const auditHref = (kind: AuditKind, id: string): string => `${PATHS.adminPanel}?${new URLSearchParams({ section: 'audit', kind, id }).toString()}`;

const STREAM_KINDS: [prefix: string, kind: AuditKind][] = [
  ['job-', 'jobs'],
  ['application-', 'applications'],
  ['user-', 'users'],
];

/** The record a stream holds, when it is one the timeline view can show (a user's e-mail claim is not). */
export function recordOfStream(streamId: string): { kind: AuditKind; id: string } | null {
  if (streamId.startsWith('user-email-')) return null;
  const found = STREAM_KINDS.find(([prefix]) => streamId.startsWith(prefix));
  return found ? { kind: found[1], id: streamId.slice(found[0].length) } : null;
}

/** 'ApplicationStatusChanged' → 'Application Status Changed'. */
export const eventLabel = (type: string): string => type.replace(/([a-z0-9])([A-Z])/g, '$1 $2');

/** A field's value for people: text as is, nothing as 'None', lists and objects as compact JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The log query: empty filters left out; dates as the whole day (from its start, to its end), in local time. */
export function logQuery(filters: LogFilters, after: number): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.actor.trim()) query.actor = filters.actor.trim();
  const types = filters.type
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (types.length > 0) query.type = types.join(',');
  if (filters.from) query.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) query.to = new Date(`${filters.to}T23:59:59.999`).toISOString();
  if (after > 0) query.after = after;
  return query;
}
