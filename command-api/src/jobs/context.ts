import { userDecider, userStreamId } from '@placement/domain';
import { loadAggregate, type EventStore } from '@placement/platform';

/** Whether the id names a live student account, read from its own stream (an eligibility override is for students only). */
export async function isStudent(store: EventStore, userId: string): Promise<boolean> {
  const { state: user } = await loadAggregate(store, userDecider, userStreamId(userId));
  return user.exists && !user.deleted && user.role === 'student';
}
