import { APPLICATION_STATUSES, studentFacingStatus, type ApplicationStatus } from '@placement/domain';

/** The status as students read it ('Applied' is 'Pending'). */
export const shownStatus = (status: string): string =>
  (APPLICATION_STATUSES as readonly string[]).includes(status) ? studentFacingStatus(status as ApplicationStatus) : status;

/** Spec §2: each row carries a class from the lowercased status (spaces become hyphens to make one class). */
export const statusClass = (status: string): string => shownStatus(status).toLowerCase().replace(/\s+/g, '-');

/** Short date, en-US (e.g. 7/1/2025). */
export function appliedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-US');
}

export const dateTime = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

const EVENT_LABELS: Record<string, string> = {
  ApplicationSubmitted: 'Application submitted',
  ApplicationStatusChanged: 'Status changed',
  ApplicationDeleted: 'Application withdrawn',
};

/** What a history entry says, in words. */
export function describeEntry(type: string, changes: { field: string; before: unknown; after: unknown }[] | null): string {
  const status = changes?.find((change) => change.field === 'status');
  if (status && typeof status.after === 'string') {
    const before = typeof status.before === 'string' ? `${shownStatus(status.before)} → ` : '';
    return `Status: ${before}${shownStatus(status.after)}`;
  }
  return EVENT_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
}
