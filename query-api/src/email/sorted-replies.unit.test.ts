import { compareUtf8 } from './recipient-mirror';
import { SortedReplies } from './sorted-replies';

interface Item {
  id: string;
  key: string;
  bytes: Buffer;
}

/** A small deterministic generator (the same items every run). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const CHARACTERS = ['a', 'b', 'Z', 'é', '\u{FF21}', '\u{E000}', '\u{1F600}', '\u{10FFFF}', ' ', '李'];

describe('compareUtf8', () => {
  it("orders strings as their UTF-8 bytes do (MongoDB's and the local server's order), surrogates included", () => {
    const random = seeded(7);
    const text = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => CHARACTERS[Math.floor(random() * CHARACTERS.length)]!).join('');
    for (let round = 0; round < 2000; round += 1) {
      const [left, right] = [text(), text()];
      expect([left, right, Math.sign(compareUtf8(left, right))]).toEqual([left, right, Math.sign(Buffer.compare(Buffer.from(left), Buffer.from(right)))]);
    }
  });
});

describe('SortedReplies', () => {
  const compare = (left: Item, right: Item) => compareUtf8(left.key, right.key) || compareUtf8(left.id, right.id);
  const item = (id: string, key: string): Item => ({ id, key, bytes: Buffer.from(JSON.stringify({ id, key })) });

  it('keeps the items in order through inserts and removals across chunks, and replies with them as one JSON array', () => {
    const random = seeded(11);
    const list = new SortedReplies<Item>(compare);
    const held = new Map<string, Item>();
    const check = () => {
      const expected = [...held.values()].sort(compare);
      expect(list.size).toBe(expected.length);
      expect(list.items()).toEqual(expected);
      expect(JSON.parse(list.reply('users').toString('utf8'))).toEqual({ users: expected.map(({ id, key }) => ({ id, key })) });
    };
    list.reset(Array.from({ length: 700 }, (_, n) => item(`i${n}`, String(Math.floor(random() * 300)))));
    for (const entry of list.items()) held.set(entry.id, entry);
    check();
    for (let step = 0; step < 3000; step += 1) {
      const id = `i${Math.floor(random() * 1200)}`;
      const old = held.get(id);
      if (old && random() < 0.5) {
        expect(list.remove(old)).toBe(true);
        held.delete(id);
      } else {
        if (old) list.remove(old);
        const next = item(id, String(Math.floor(random() * 300)));
        list.insert(next);
        held.set(id, next);
      }
      if (step % 250 === 0) check();
    }
    check();
    expect(list.remove(item('absent', '1'))).toBe(false);
  });

  it('answers an empty array when it holds nothing', () => {
    const list = new SortedReplies<Item>(compare);
    expect(list.reply('users').toString()).toBe('{"users":[]}');
    const only = item('a', 'k');
    list.insert(only);
    list.remove(only);
    expect(list.reply('users').toString()).toBe('{"users":[]}');
  });
});
