import { given, isRejection, type CommandContext } from '../decider';
import { PROJECTION_SKIP_MESSAGES, projectionOperationDecider, type ProjectionOperationEvent } from './index';

const context: CommandContext = { now: new Date('2026-03-01T10:00:00Z'), actor: { id: 'admin-1', role: 'admin' } };
const skip = (position: unknown, reason: unknown) => ({ type: 'SkipProjectionEvent' as const, projection: 'users', skip: { position, reason } as never });

const rejectionOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isRejection(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
};

describe('skipping an event a projection cannot apply', () => {
  it('records the projection, the position and the reason', () => {
    expect(given(projectionOperationDecider, []).when(skip('42', '  index key too large  '), context)).toEqual([
      { type: 'ProjectionEventSkipped', data: { projection: 'users', position: 42, reason: 'index key too large' } },
    ]);
  });

  it('changes nothing when that position is skipped already', () => {
    const history: ProjectionOperationEvent[] = [{ type: 'ProjectionEventSkipped', data: { projection: 'users', position: 42, reason: 'first' } }];
    expect(given(projectionOperationDecider, history).when(skip(42, 'again'), context)).toEqual([]);
    expect(given(projectionOperationDecider, history).when(skip(43, 'another one'), context)).toHaveLength(1);
  });

  it('needs a whole position above 0 and a reason', () => {
    const decide = (position: unknown, reason: unknown) => () => given(projectionOperationDecider, []).when(skip(position, reason), context);
    expect(rejectionOf(decide(undefined, 'x')).message).toBe(PROJECTION_SKIP_MESSAGES.positionRequired);
    expect(rejectionOf(decide(0, 'x')).message).toBe(PROJECTION_SKIP_MESSAGES.positionInvalid);
    expect(rejectionOf(decide(1.5, 'x')).message).toBe(PROJECTION_SKIP_MESSAGES.positionInvalid);
    expect(rejectionOf(decide('abc', 'x')).errors).toEqual([{ field: 'position', message: PROJECTION_SKIP_MESSAGES.positionInvalid }]);
    expect(rejectionOf(decide(5, '   ')).errors).toEqual([{ field: 'reason', message: PROJECTION_SKIP_MESSAGES.reasonRequired }]);
    expect(rejectionOf(decide(5, undefined)).message).toBe(PROJECTION_SKIP_MESSAGES.reasonRequired);
    expect(rejectionOf(decide(5, 'x'.repeat(501))).message).toBe(PROJECTION_SKIP_MESSAGES.reasonTooLong);
    expect(rejectionOf(decide(5, 'a\u0000b')).kind).toBe('invalid');
  });
});
