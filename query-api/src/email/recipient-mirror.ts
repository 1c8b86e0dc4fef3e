import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { CHECKPOINT_COLLECTION, collectionOf, RECIPIENT_REPLY_FIELDS, USER_COLLECTIONS, type RecipientDocument } from '@placement/platform';
import { SortedReplies } from './sorted-replies';
import { recipientView } from './views';

/**
 * The bulk e-mail's recipient list held in memory and brought up to date per request by reading only
 * the `user_recipients` documents written since (issue 14: 20,000 recipients unpaged within 30 ms; the
 * local FerretDB needs about 1.3 s to hand over 20,000 documents whatever they hold, see
 * notes/decisions-recipients-mirror.md).
 *
 * Why it is sound. The users projection stamps every document it writes with `_v`, the position of
 * the last event applied to it, and saves its checkpoint `position` P only after every document of the
 * events up to P is written (runner.ts: `advance` after the batch's writes; checkpoints.ts moves P
 * forward only). So, with P read FIRST, every document whose state differs from the one held at the
 * mirror's position H has `_v` > H, and once the documents with `_v` > H are applied the mirror holds
 * the read model at P or later; it then holds P, not the largest `_v` it read (a batch being written
 * may have written some documents past P and not others: those are read again next time). A document
 * changed while the range is read has `_v` > P and is read next time even if the scan misses it. Each
 * read returns a document whole (every field the list needs), so the mirror need not hold the accounts
 * the list leaves out: a suspended, unverified or deleted account is simply not held, and comes back
 * whole when it changes. A deletion is a tombstone (status 'deleted', projections/users.ts), never a
 * removal, or the mirror would never see it.
 *
 * Generations: a rebuild builds a new generation of the collections and moves the checkpoint's
 * `generation`; the mirror then reads the new generation whole (about 1.3 s at 20,000 accounts on the
 * local FerretDB, tens of ms on MongoDB), once per rebuild. The first read of the process is also
 * whole; the query-api starts it at its start (emailRoutes), so no admin waits for it unless they ask in
 * the first seconds (their request then waits for it; `/ready` does not).
 *
 * Requests share reads: a request waits for a read that starts after it arrived (after its consistency
 * wait, so read-your-writes holds), and every request arriving while one read runs shares the next one.
 *
 * Memory: one entry per listed recipient (id, sort key, `_v` and its part of the reply as UTF-8 JSON,
 * about 170 bytes): 6.6 MiB of heap for 20,022 recipients with the map and the chunks (measured on the
 * scale-1 namespace), plus the reply's bytes (3.3 MiB, outside the heap) kept until the list changes.
 */

/** What the list reads of each recipient document: the reply's fields, what the list filters and sorts on, and `_v`. */
const MIRROR_PROJECTION = Object.fromEntries([...RECIPIENT_REPLY_FIELDS, 'status', 'verified', 'sortName', '_v'].map((field) => [field, 1]));

type MirroredDocument = Pick<RecipientDocument, '_id' | 'status' | 'verified' | 'sortName' | (typeof RECIPIENT_REPLY_FIELDS)[number]> & { _v?: number };

/** The list's filter, as the query's: active accounts with a verified address. */
export const isListed = (document: Pick<RecipientDocument, 'status' | 'verified'>): boolean => document.status === 'active' && document.verified === 1;

interface Entry {
  id: string;
  sortName: string;
  v: number;
  /** The recipient's part of the reply, serialized once (UTF-8 JSON). */
  bytes: Buffer;
}

/**
 * Strings in the order of their UTF-8 bytes, the order MongoDB (without a collation) and the local
 * FerretDB's exact keys (PostgreSQL, C collation) give: JavaScript compares UTF-16 code units, which
 * agrees except between a surrogate (a character past U+FFFF) and U+E000-U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return utf8Rank(x) - utf8Rank(y);
    return x - y;
  }
  return a.length - b.length;
}

/** Code units from U+D800 up, ranked as their characters' UTF-8 bytes order: U+E000-U+FFFF below the surrogates. */
const utf8Rank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/** The list's order: the sort key, then `_id` (as the query's `.sort({ sortName: 1, _id: 1 })`). */
const byListOrder = (left: Pick<Entry, 'sortName' | 'id'>, right: Pick<Entry, 'sortName' | 'id'>): number => compareUtf8(left.sortName, right.sortName) || compareUtf8(left.id, right.id);

/** Past this many changes at once, the list is sorted again whole instead of moved entry by entry. */
const RESORT_PAST = 256;

interface Held {
  generation: number;
  /** The users checkpoint's position the list is at (or past). */
  position: number;
  byId: Map<string, Entry>;
  /** Listed recipients in the list's order, with their reply's bytes by chunk. */
  list: SortedReplies<Entry>;
  /** Moves on every change of the list: names the reply. */
  version: number;
  reply: Buffer | null;
}

/** The reply as it goes on the wire, and a tag that names it (unique within this process). */
export interface RecipientReply {
  body: Buffer;
  etag: string;
  count: number;
}

interface UsersCheckpoint {
  _id: string;
  position?: number;
  generation?: number;
}

export class RecipientMirror {
  private held: Held | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  /** Names this process's replies: a tag of another process never matches one of this one. */
  private readonly instance = randomUUID().slice(0, 8);
  /** Reads made since the start, whole and by range, and documents read (for tests and figures). */
  readonly stats = { wholeReads: 0, rangeReads: 0, documentsRead: 0 };

  constructor(private readonly db: Db) {}

  /** The reply at the users projection's checkpoint as read now, or later. */
  async reply(): Promise<RecipientReply> {
    await this.refresh();
    const held = this.held!;
    held.reply ??= held.list.reply('users');
    return { body: held.reply, etag: `W/"recipients-${this.instance}-${held.generation}-${held.version}"`, count: held.list.size };
  }

  /** Brings the list up to date by a read that starts now or later (shared with the requests arriving meanwhile). */
  refresh(): Promise<void> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<void> {
    const run = this.update().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async update(): Promise<void> {
    // The checkpoint first: every document that changed after it was saved carries a later `_v`.
    const checkpoint = await this.db.collection<UsersCheckpoint>(CHECKPOINT_COLLECTION).findOne({ _id: 'users' }, { projection: { position: 1, generation: 1 } });
    const generation = checkpoint?.generation ?? 0;
    const position = checkpoint?.position ?? 0;
    const collection = this.db.collection<MirroredDocument>(collectionOf(USER_COLLECTIONS.recipients, generation));
    const held = this.held;
    if (!held || held.generation !== generation) {
      // Whole: the listed recipients only (the index { status, verified, sortName }), as the query was.
      this.stats.wholeReads += 1;
      const documents = await collection.find({ status: 'active', verified: 1 }, { projection: MIRROR_PROJECTION }).sort({ sortName: 1, _id: 1 }).toArray();
      this.stats.documentsRead += documents.length;
      const byId = new Map(documents.map((document) => [document._id, entryOf(document)]));
      const list = new SortedReplies<Entry>(byListOrder);
      list.reset([...byId.values()]);
      this.held = { generation, position, byId, list, version: (held?.version ?? 0) + 1, reply: null };
      return;
    }
    // Nothing was applied since the position held: the list is at the checkpoint already.
    if (position <= held.position) return;
    this.stats.rangeReads += 1;
    const documents = await collection.find({ _v: { $gt: held.position } }, { projection: MIRROR_PROJECTION }).sort({ _v: 1 }).toArray();
    this.stats.documentsRead += documents.length;
    // A swap may have happened meanwhile, or another read got further: only the read of the held generation applies.
    if (this.held !== held) return;
    this.apply(held, documents);
    held.position = Math.max(held.position, position);
  }

  /** The documents' states, each the latest read of its document (a document may come twice in a range being written). */
  private apply(held: Held, documents: readonly MirroredDocument[]): void {
    const latest = new Map<string, MirroredDocument>();
    for (const document of documents) {
      const known = latest.get(document._id);
      if (!known || (document._v ?? 0) >= (known._v ?? 0)) latest.set(document._id, document);
    }
    const removed: Entry[] = [];
    const added: Entry[] = [];
    for (const [id, document] of latest) {
      const old = held.byId.get(id);
      // Never back to an older state than the one held.
      if (old && (document._v ?? 0) < old.v) continue;
      const next = isListed(document) ? entryOf(document) : undefined;
      if (old && next && old.sortName === next.sortName && old.bytes.equals(next.bytes)) {
        old.v = next.v;
        continue;
      }
      if (old) {
        held.byId.delete(id);
        removed.push(old);
      }
      if (next) {
        held.byId.set(id, next);
        added.push(next);
      }
    }
    if (removed.length === 0 && added.length === 0) return;
    if (removed.length + added.length > RESORT_PAST) held.list.reset([...held.byId.values()]);
    else {
      for (const entry of removed) held.list.remove(entry);
      for (const entry of added) held.list.insert(entry);
    }
    held.version += 1;
    held.reply = null;
  }
}

function entryOf(document: MirroredDocument): Entry {
  return { id: document._id, sortName: document.sortName ?? '', v: document._v ?? 0, bytes: Buffer.from(JSON.stringify(recipientView(document)), 'utf8') };
}
