import { createAppStore, type StoreOptions } from './createStore';
import { ALL_FEATURES } from './features';

/**
 * A store with every feature from the start: what tests render with. The running app builds its
 * store in main.tsx with the shell alone and injects the others (app/createStore.ts).
 */
export function makeStore(options: StoreOptions = {}) {
  return createAppStore(ALL_FEATURES, options);
}

export type { AppDispatch, AppStore } from './createStore';
export type { RootState } from './rootReducer';
