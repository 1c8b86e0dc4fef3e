import { applicationStreamId } from '@placement/domain';
import type { EventStore, RecordedEvent } from '@placement/platform';

/** The student who submitted the application whose stream these are, or null (no such application). */
export function applicantIn(applicationEvents: readonly RecordedEvent[]): string | null {
  const submitted = applicationEvents.find((event) => event.type === 'ApplicationSubmitted');
  return submitted ? (submitted.data as { studentId: string }).studentId : null;
}

/** The student who submitted an application, read from its stream (not a read model that may lag). */
export async function applicantOf(store: EventStore, applicationId: string): Promise<string | null> {
  return applicantIn(await store.readStream(applicationStreamId(applicationId)));
}
