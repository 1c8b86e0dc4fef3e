/** The audit history as the query-api answers it (GET /api/audit/...): the reply shapes come from the domain, which the query-api builds them with. */
export type { AuditEntry, AuditStreamReply as Timeline, AuditLogReply as LogPage } from '@placement/domain';

export type AuditKind = 'jobs' | 'applications' | 'users';
export const AUDIT_KINDS: readonly AuditKind[] = ['jobs', 'applications', 'users'];

export interface LogFilters {
  actor: string;
  /** Event types, comma-separated. */
  type: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}
