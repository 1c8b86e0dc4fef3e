import { afterLook, slowestWorking, type SeenPosition } from './read-side-pace';

const seen = (entries: Record<string, SeenPosition>) => new Map(Object.entries(entries));

describe('the read side pace', () => {
  it('counts a position first seen as not moving, and one that changed as moving from that look', () => {
    const first = afterLook(new Map(), new Map([['jobs', 10]]), 1000);
    expect(first.get('jobs')).toEqual({ position: 10, movedAt: -Infinity });
    const same = afterLook(first, new Map([['jobs', 10]]), 2000);
    expect(same.get('jobs')).toEqual({ position: 10, movedAt: -Infinity });
    const moved = afterLook(same, new Map([['jobs', 12]]), 3000);
    expect(moved.get('jobs')).toEqual({ position: 12, movedAt: 3000 });
    expect(afterLook(moved, new Map([['jobs', 12]]), 4000).get('jobs')).toEqual({ position: 12, movedAt: 3000 });
  });

  it('forgets projections no longer reported (stuck ones are left out by the caller)', () => {
    expect([...afterLook(seen({ jobs: { position: 1, movedAt: 0 } }), new Map([['users', 5]]), 10).keys()]).toEqual(['users']);
  });

  it('is the position of the furthest-behind projection among those that moved lately', () => {
    const positions = seen({ jobs: { position: 90, movedAt: 950 }, applications: { position: 40, movedAt: 900 }, users: { position: 100, movedAt: -Infinity } });
    expect(slowestWorking(positions, 1000, 500)).toBe(40);
  });

  it('leaves out a projection that has not moved for the stall time: waiting would not help it', () => {
    const positions = seen({ jobs: { position: 90, movedAt: 950 }, applications: { position: 10, movedAt: 400 } });
    expect(slowestWorking(positions, 1000, 500)).toBe(90);
    expect(slowestWorking(seen({ applications: { position: 10, movedAt: -Infinity } }), 1000, 500)).toBeNull();
  });

  it('is null with no projections', () => {
    expect(slowestWorking(new Map(), 1000, 500)).toBeNull();
  });
});
