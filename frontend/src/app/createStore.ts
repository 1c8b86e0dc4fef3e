import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { FeatureModule } from '../shared/featureModule';
import { supervise } from '../shared/sagas/supervise';
import type { RootState } from './rootReducer';

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** `false` gives tests a store with a preloaded state and no background work. */
  withSagas?: boolean;
}

/**
 * The Redux store (RTK with redux-saga for every side effect) with `features` in it from the start;
 * `injectFeature` adds another feature's reducers and starts its sagas, once. Every feature saga
 * runs under its own supervisor: a crash is logged and restarts that saga only.
 */
export function createAppStore(features: readonly FeatureModule[], options: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const reducers: Record<string, Reducer> = {};
  for (const feature of features) Object.assign(reducers, feature.reducers);
  const rootReducer = () => combineReducers(reducers) as unknown as Reducer<RootState>;
  const store = configureStore({
    reducer: rootReducer(),
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', 'meta.files'] } }).concat(sagaMiddleware),
  });

  const running = new Set<string>();
  const startSagas = (feature: FeatureModule) => {
    if (options.withSagas === false) return;
    for (const [name, saga] of Object.entries(feature.sagas)) {
      if (running.has(name)) continue;
      running.add(name);
      sagaMiddleware.run(supervise, name, saga);
    }
  };
  features.forEach(startSagas);

  /** Adds a feature loaded later (with its first screen): its reducers' state starts at once. */
  const injectFeature = (feature: FeatureModule): void => {
    const added = Object.entries(feature.reducers).filter(([key]) => !(key in reducers));
    if (added.length > 0) {
      Object.assign(reducers, Object.fromEntries(added));
      store.replaceReducer(rootReducer());
    }
    startSagas(feature);
  };

  return Object.assign(store, { injectFeature });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
