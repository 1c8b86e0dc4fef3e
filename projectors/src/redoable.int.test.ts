import { randomUUID } from 'node:crypto';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { collectionOf, isolatedPostgresStore, loadEnv, type EventStore, type RecordedEvent } from '@placement/platform';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';
import { runToHead, systemEvent } from './test-support';

const env = loadEnv();

const notes: Projection = {
  name: 'test-redoable-notes',
  collections: ['notes'],
  indexes: { notes: [{ key: { text: 1 } }] },
  apply(event: RecordedEvent) {
    const data = event.data as { noteId: string; text?: string };
    switch (event.type) {
      case 'NoteWritten':
        return [{ kind: 'upsert', collection: 'notes', id: data.noteId, update: { $set: { text: data.text } } }];
      case 'NoteRead':
        return [{ kind: 'update', collection: 'notes', filter: { _id: data.noteId }, update: { $inc: { reads: 1 } } }];
      case 'NoteDeleted':
        return [{ kind: 'delete', collection: 'notes', filter: { _id: data.noteId } }];
      default:
        return [];
    }
  },
};

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);

describe('the projections write their read models without waiting for the journal, and their checkpoints with it', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let client: MongoClient;
  let db: Db;
  const writes: CommandStartedEvent[] = [];

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    client = await new MongoClient(env.MONGODB_URL, { monitorCommands: true }).connect();
    db = client.db(`test_rm_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    client.on('commandStarted', (event) => {
      if (WRITES.has(event.commandName) && event.databaseName === db.databaseName) writes.push(event);
    });
  });
  afterAll(async () => {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
    await disposeStore();
  });

  const journalOf = (event: CommandStartedEvent): unknown => (event.command.writeConcern as { j?: unknown } | undefined)?.j;
  const byCollection = (collection: string) => writes.filter((event) => event.command[event.commandName] === collection);

  it('in a batch, event by event, and in a rebuild', async () => {
    // Several events at once: the runner catches up with them as one batch.
    await store.append('note-a', [systemEvent('NoteWritten', { noteId: 'a', text: 'first' }), systemEvent('NoteRead', { noteId: 'a' })], 'no_stream');
    await store.append('note-b', [systemEvent('NoteWritten', { noteId: 'b', text: 'second' }), systemEvent('NoteDeleted', { noteId: 'b' })], 'no_stream');
    await runToHead(notes, store, db);
    // One event at a time: applied on its own.
    await store.append('note-c', [systemEvent('NoteWritten', { noteId: 'c', text: 'third' })], 'no_stream');
    await runToHead(notes, store, db);
    await store.append('note-c', [systemEvent('NoteRead', { noteId: 'c' })], 0);
    await runToHead(notes, store, db);
    await store.append('note-c', [systemEvent('NoteDeleted', { noteId: 'c' })], 1);
    await runToHead(notes, store, db);
    const rebuilt = await rebuildProjection(notes, store, db, () => undefined, { graceMs: -1 });

    const readModelWrites = writes.filter((event) => /^notes/.test(String(event.command[event.commandName])));
    expect(new Set(readModelWrites.map((event) => event.commandName))).toEqual(new Set(['insert', 'update', 'delete']));
    expect(readModelWrites.filter((event) => journalOf(event) !== false)).toEqual([]);
    expect(byCollection(collectionOf('notes', rebuilt.generation)).map((event) => event.commandName)).toContain('insert');

    const checkpointWrites = byCollection('projection_checkpoints');
    expect(checkpointWrites.length).toBeGreaterThan(0);
    expect(checkpointWrites.filter((event) => journalOf(event) === false)).toEqual([]);
    expect(await db.collection(collectionOf('notes', rebuilt.generation)).find().toArray()).toEqual([{ _id: 'a', text: 'first', reads: 1, _v: expect.any(Number) }]);
  }, 60_000);
});
