import type { Projection } from '../projection';

/** Every read model the projectors service keeps up to date, by name. */
export const ALL_PROJECTIONS: Projection[] = [];

export const projectionNamed = (name: string): Projection | undefined => ALL_PROJECTIONS.find((projection) => projection.name === name);
