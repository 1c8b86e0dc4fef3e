import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';
import { runFeatureSagas, type SagaCrashLog } from './supervise';

/** Runs `runFeatureSagas` against a bare channel; returns a dispatch that also records what was put. */
function start(features: Record<string, Saga<[]>>, log: SagaCrashLog, maxRestarts?: number) {
  const channel = stdChannel();
  const dispatched: string[] = [];
  const dispatch = (action: { type: string }) => {
    dispatched.push(action.type);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => ({}) }, runFeatureSagas, features, { log, maxRestarts });
  return { dispatch, dispatched, task };
}

const failWith = (message: string) => {
  throw new Error(message);
};

describe('runFeatureSagas: each feature saga supervised', () => {
  it('logs a saga that throws, restarts it, and keeps the other features running', () => {
    let brokenStarts = 0;
    function* broken() {
      brokenStarts++;
      yield takeEvery('boom', function* crash() {
        yield call(failWith, 'bad reply');
      });
      yield takeEvery('ping-broken', function* answer() {
        yield put({ type: 'pong-broken' });
      });
    }
    function* healthy() {
      yield takeEvery('ping', function* answer() {
        yield put({ type: 'pong' });
      });
    }
    const log = jest.fn<void, Parameters<SagaCrashLog>>();
    const { dispatch, dispatched, task } = start({ broken, healthy }, log);
    expect(brokenStarts).toBe(1);

    dispatch({ type: 'boom' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toBe("saga 'broken' crashed; restarting it");
    expect(log.mock.calls[0]![1]).toEqual(new Error('bad reply'));
    expect(brokenStarts).toBe(2);

    dispatch({ type: 'ping' });
    dispatch({ type: 'ping-broken' });
    expect(dispatched).toEqual(['boom', 'ping', 'pong', 'ping-broken', 'pong-broken']);
    // The root spawned its supervisors (detached): it ends without an error of its own.
    expect(task.error()).toBeUndefined();
  });

  it('stops restarting after maxRestarts crashes and says so; a saga that returns is not restarted', () => {
    let starts = 0;
    let finished = 0;
    function* crashesAtOnce() {
      starts++;
      yield call(failWith, 'cannot start');
    }
    function* returns() {
      yield put({ type: 'started' });
      finished++;
    }
    const log = jest.fn<void, Parameters<SagaCrashLog>>();
    start({ crashesAtOnce, returns }, log, 2);
    expect(starts).toBe(3);
    expect(finished).toBe(1);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      "saga 'crashesAtOnce' crashed; restarting it",
      "saga 'crashesAtOnce' crashed; restarting it",
      "saga 'crashesAtOnce' crashed and is not restarted again (2 restarts)",
    ]);
  });
});
