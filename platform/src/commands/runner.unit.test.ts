import { toNewEvents } from './runner';

const request = (actor: { id: string | null; role: 'admin' | 'system'; name?: string }) => ({
  context: { now: new Date('2025-03-10T09:00:00.000Z'), actor },
  causation: { correlationId: 'c-1', causationId: null },
  versions: { Happened: 1 },
});

describe('toNewEvents', () => {
  it("writes a system actor's own name into the metadata, so the audit history shows it", () => {
    const [event] = toNewEvents([{ type: 'Happened', data: {} }], request({ id: null, role: 'system', name: 'command line (npm run admin)' }));
    expect(event!.metadata).toEqual({ actorId: null, actorRole: 'system', actorName: 'command line (npm run admin)', correlationId: 'c-1', causationId: null, occurredAt: '2025-03-10T09:00:00.000Z' });
  });

  it('never names an account in the metadata: the audit history reads its name from its own stream', () => {
    const [event] = toNewEvents([{ type: 'Happened', data: {} }], request({ id: 'u1', role: 'admin', name: 'Someone Else' }));
    expect(event!.metadata).not.toHaveProperty('actorName');
    expect(event!.metadata.actorId).toBe('u1');
  });
});
