import { upcast, type Upcasters } from './upcast';

describe('upcast', () => {
  const upcasters: Upcasters = {
    Renamed: {
      1: (v1: { name: string }) => ({ fullName: v1.name }),
      2: (v2: { fullName: string }) => ({ fullName: v2.fullName, nickname: null }),
    },
  };

  it('steps an old event through every version after its own', () => {
    expect(upcast({ type: 'Renamed', schemaVersion: 1, data: { name: 'Asha' } }, upcasters)).toEqual({ type: 'Renamed', data: { fullName: 'Asha', nickname: null } });
    expect(upcast({ type: 'Renamed', schemaVersion: 2, data: { fullName: 'Asha' } }, upcasters)).toEqual({ type: 'Renamed', data: { fullName: 'Asha', nickname: null } });
  });

  it('reads a current event, and a type without steps, as written', () => {
    expect(upcast({ type: 'Renamed', schemaVersion: 3, data: { fullName: 'Asha', nickname: 'A' } }, upcasters)).toEqual({ type: 'Renamed', data: { fullName: 'Asha', nickname: 'A' } });
    expect(upcast({ type: 'Other', schemaVersion: 1, data: { x: 1 } }, upcasters)).toEqual({ type: 'Other', data: { x: 1 } });
  });
});
