import { lazy, type ComponentType } from 'react';
import type { FeatureModule } from '../shared/featureModule';

type Injector = (feature: FeatureModule) => void;
let inject: Injector | null = null;

/** The running app's store registers here (main.tsx); test stores hold every feature and register nothing. */
export function setFeatureInjector(next: Injector | null): void {
  inject = next;
}

type Load<Module> = () => Promise<Module>;

/**
 * A screen loaded with its route (its own chunk). A screen of a feature outside the shell also
 * loads the feature's module (reducers and sagas) and injects it before the screen renders. Screens
 * that validate forms set zod up (shared/zodConfig) before any of their schemas is built: the
 * landing and about pages ship neither zod nor that set-up.
 */
export function screen(page: Load<{ default: ComponentType }>, options: { feature?: Load<{ default: FeatureModule }>; zod?: boolean } = {}) {
  return lazy(async () => {
    if (options.zod !== false) await import('../shared/zodConfig');
    const [loaded, feature] = await Promise.all([page(), options.feature?.()]);
    if (feature) inject?.(feature.default);
    return loaded;
  });
}
