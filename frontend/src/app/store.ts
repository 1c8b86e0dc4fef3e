import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';

/**
 * The Redux store: RTK with redux-saga for every side effect. `withSagas: false` gives tests a
 * store with a preloaded state and no background work.
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; withSagas?: boolean } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', 'meta.files'] } }).concat(sagaMiddleware),
  });
  if (options.withSagas !== false) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
