import type { Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';

/** Where a crashed saga is reported: the browser console by default, a spy in tests. */
export type SagaCrashLog = (message: string, error: unknown) => void;

export interface SuperviseOptions {
  log?: SagaCrashLog;
  /**
   * How many times one feature's saga is restarted after a crash before it is left stopped (a saga
   * that throws as soon as it starts would otherwise loop forever). Counted per feature.
   */
  maxRestarts?: number;
}

export const DEFAULT_MAX_RESTARTS = 10;

const consoleLog: SagaCrashLog = (message, error) => console.error(message, error);

/**
 * Runs one feature's saga; when it throws, logs the error with the feature's name and starts it
 * again (its watchers listen anew; the action that crashed it is not replayed). A saga that returns
 * is done and is not restarted.
 */
export function* supervise(name: string, saga: Saga<[]>, options: SuperviseOptions = {}) {
  const log = options.log ?? consoleLog;
  const maxRestarts = options.maxRestarts ?? DEFAULT_MAX_RESTARTS;
  for (let restarts = 0; ; restarts++) {
    try {
      yield call(saga);
      return;
    } catch (error) {
      if (restarts >= maxRestarts) {
        log(`saga '${name}' crashed and is not restarted again (${maxRestarts} restarts)`, error);
        return;
      }
      log(`saga '${name}' crashed; restarting it`, error);
    }
  }
}

/**
 * The root saga's body: every feature's saga spawned (detached) under its own supervisor, so one
 * feature's crash neither stops the others nor the root.
 */
export function* runFeatureSagas(features: Readonly<Record<string, Saga<[]>>>, options: SuperviseOptions = {}) {
  yield all(Object.entries(features).map(([name, saga]) => spawn(supervise, name, saga, options)));
}
