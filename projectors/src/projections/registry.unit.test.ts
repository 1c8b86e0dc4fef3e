import { PROJECTIONS, PROJECTION_NAMES } from '@placement/platform';
import { ALL_PROJECTIONS } from './index';

describe('the projections and the read-model contract the query side reads by', () => {
  it('names the same projections', () => {
    expect(ALL_PROJECTIONS.map((projection) => projection.name).sort()).toEqual([...PROJECTION_NAMES].sort());
  });

  it.each(ALL_PROJECTIONS.map((projection) => [projection.name, projection] as const))('gives %s the collections the contract lists', (name, projection) => {
    expect([...projection.collections].sort()).toEqual([...PROJECTIONS[name as keyof typeof PROJECTIONS].collections].sort());
  });
});
