import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import type { FeatureModule } from '../shared/featureModule';

type Injector = (feature: FeatureModule) => void;
let inject: Injector | null = null;

/** The running app's store registers here (main.tsx); test stores hold every feature and register nothing. */
export function setFeatureInjector(next: Injector | null): void {
  inject = next;
}

type Load<Module> = () => Promise<Module>;

/** A component whose code is its own chunk, and which can be loaded before it is first rendered. */
export interface LazyPart {
  (): ReactElement;
  /** Starts loading the chunk (once; a failed load is tried again by the next call). */
  preload: () => Promise<unknown>;
}

/**
 * Like `React.lazy`, with one difference: a part whose chunk has already arrived (it was preloaded)
 * renders at once, without suspending. A lazy component always suspends at its first render, even when
 * its promise has settled, and a Suspense fallback once shown holds the content that replaces it for at
 * least 300 ms (React's FALLBACK_THROTTLE_MS, which keeps nested boundaries from popping in one by one):
 * a route whose chunks were loaded during the session check would still wait for that (issue 14,
 * docs/decisions.md). A part mounted before its chunk arrived stays the lazy component for that
 * mount, as switching component types would remount the screen and lose its state.
 */
export function lazyPart(load: Load<{ default: ComponentType }>): LazyPart {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Part() {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy);
  }
  return Object.assign(Part, { preload });
}

/**
 * A screen loaded with its route (its own chunk). A screen of a feature outside the shell also
 * loads the feature's module (reducers and sagas) and injects it before the screen renders. Screens
 * that validate forms set zod up (shared/zodConfig) before any of their schemas is built: the
 * landing and about pages ship neither zod nor that set-up.
 */
export function screen(page: Load<{ default: ComponentType }>, options: { feature?: Load<{ default: FeatureModule }>; zod?: boolean } = {}): LazyPart {
  return lazyPart(async () => {
    if (options.zod !== false) await import('../shared/zodConfig');
    const [loaded, feature] = await Promise.all([page(), options.feature?.()]);
    if (feature) inject?.(feature.default);
    return loaded;
  });
}
