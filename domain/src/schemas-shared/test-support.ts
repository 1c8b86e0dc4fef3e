import { isRejection, type CommandContext, type Rejection } from '../decider';

/** The Rejection that `run` throws, as plain data for `toEqual`; fails when nothing or something else is thrown. */
export function rejectionOf(run: () => unknown): Pick<Rejection, 'kind' | 'message' | 'errors'> {
  try {
    run();
  } catch (error) {
    if (isRejection(error)) return { kind: error.kind, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error('expected a rejection, but the command was accepted');
}

export const TEST_NOW = new Date('2025-03-10T09:00:00.000Z');

export const contextAs = (role: CommandContext['actor']['role'], id: string | null = role === 'visitor' ? null : `${role}-1`): CommandContext => ({
  now: TEST_NOW,
  actor: { id, role },
});
