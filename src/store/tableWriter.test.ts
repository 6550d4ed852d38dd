import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTable, TableVersion, TableWriter } from './table';
import { appendedText } from './flatText';

type Row = { n: number };

const writerOn = (table = createTable<Row>()) => new TableWriter(table as TableVersion<Row>);

/** A writer that published `a`, then `a` and `b`. */
function twoVersions() {
  const writer = writerOn();
  writer.set('a', { n: 1 });
  const first = writer.publish();
  writer.begin(first);
  writer.set('b', { n: 2 });
  return { writer, first, second: writer.publish() };
}

// A spine remembers the id it last looked up, found or not (`Spine.lastId`): every write that adds
// that id must be seen by the next look-up, whichever way the id was added.
describe('the look-up of the id last asked for', () => {
  it('finds an id added by set right after a look-up that missed it', () => {
    const writer = writerOn();
    expect(writer.get('a')).toBeUndefined();
    writer.set('a', { n: 1 });
    expect(writer.get('a')).toEqual({ n: 1 });
    expect(writer.publish().byId.get('a')).toEqual({ n: 1 });
  });

  it('finds an id appended without a look-up right after a look-up that missed it', () => {
    const writer = writerOn();
    expect(writer.get('tl-1')).toBeUndefined();
    writer.appendNew('tl-1', { n: 1 });
    expect(writer.get('tl-1')).toEqual({ n: 1 });
  });

  it('finds ids appended without an index entry after an id missed just before was set', () => {
    const writer = writerOn();
    writer.appendNew('tl-1', { n: 1 });
    expect(writer.get('x')).toBeUndefined();
    writer.appendNew('tl-2', { n: 2 });
    writer.set('x', { n: 3 });
    expect(writer.get('tl-2')).toEqual({ n: 2 });
    expect(writer.get('tl-1')).toEqual({ n: 1 });
    expect(writer.get('x')).toEqual({ n: 3 });
  });

  it('answers for the version asking: a newer id is absent from an older version', () => {
    const { first, second } = twoVersions();
    expect(second.byId.get('b')).toEqual({ n: 2 });
    // The spine's last id is now 'b', at a position the first version does not hold.
    expect(first.byId.get('b')).toBeUndefined();
    expect(first.byId.get('a')).toEqual({ n: 1 });
  });

  it('walks the table in order without a map look-up, and an older version still ends at its own length', () => {
    const writer = writerOn();
    for (let n = 0; n < 1_000; n++) writer.set(`r${n}`, { n });
    const table = writer.publish();
    writer.begin(table);
    writer.set('late', { n: -1 });
    const newer = writer.publish();
    expect(table.byId.get('r0')).toEqual({ n: 0 });
    const mapGet = vi.spyOn(Map.prototype, 'get');
    const walked = Array.from({ length: 1_000 }, (_, n) => table.byId.get(`r${n}`)?.n);
    const lookups = mapGet.mock.calls.length;
    mapGet.mockRestore();
    expect(walked).toEqual(Array.from({ length: 1_000 }, (_, n) => n));
    expect(lookups).toBe(0);
    // The id after the old version's last is the newer version's: absent from the old one.
    expect(table.byId.get('late')).toBeUndefined();
    expect(newer.byId.get('late')).toEqual({ n: -1 });
  });

  it('keeps a removed id absent and gives it its old place when it comes back', () => {
    const writer = writerOn();
    writer.set('a', { n: 1 });
    writer.set('b', { n: 2 });
    writer.delete('a');
    expect(writer.get('a')).toBeUndefined();
    writer.set('a', { n: 3 });
    expect(writer.publish().ids).toEqual(['a', 'b']);
  });

  it('an older version set back writes a spine of its own, and each answers for itself', () => {
    const { writer, first, second } = twoVersions();
    writer.begin(first);
    expect(writer.get('b')).toBeUndefined();
    writer.set('c', { n: 3 });
    const forked = writer.publish();
    expect(forked.ids).toEqual(['a', 'c']);
    expect(second.byId.get('c')).toBeUndefined();
    expect(second.byId.get('b')).toEqual({ n: 2 });
  });
});

// Records a batch made are changed in place; anything else is copied first (`isOwn`).
describe('the records a batch owns', () => {
  it('is exactly the object setOwn stored in this batch', () => {
    const writer = writerOn();
    const mine = { n: 1 };
    writer.setOwn('a', mine);
    writer.set('b', { n: 2 });
    expect(writer.isOwn('a', mine)).toBe(true);
    expect(writer.isOwn('a', { n: 1 })).toBe(false);
    expect(writer.isOwn('b', writer.get('b')!)).toBe(false);
    expect(writer.isOwn('missing', mine)).toBe(false);
  });

  it('owns nothing once the next batch begins, nor after an older version is set back', () => {
    const writer = writerOn();
    const mine = { n: 1 };
    writer.setOwn('a', mine);
    const first = writer.publish();
    writer.begin(first);
    expect(writer.isOwn('a', mine)).toBe(false);
    const again = { n: 2 };
    writer.setOwn('a', again);
    writer.setOwn('b', { n: 3 });
    writer.publish();
    writer.begin(first);
    expect(writer.isOwn('a', mine)).toBe(false);
    expect(writer.isOwn('a', again)).toBe(false);
  });

  it('marks records past the first thousand positions', () => {
    const writer = writerOn();
    const rows = Array.from({ length: 1_500 }, (_, n) => ({ n }));
    rows.forEach((row, n) => writer.setOwn(`r${n}`, row));
    expect(rows.every((row, n) => writer.isOwn(`r${n}`, row))).toBe(true);
  });
});

// Streamed text is flattened from 256 characters on (a regular expression test flattens it); a
// short text (a tool's args) is flattened once when it ends.
describe('when streamed text is flattened', () => {
  afterEach(() => vi.restoreAllMocks());

  it('not while it is shorter than 256 characters, then at 256 and at each power of two', () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    let text = '';
    const flattenedAt: number[] = [];
    for (let i = 0; i < 1_100; i += 10) {
      const before = test.mock.calls.length;
      text = appendedText(text, 'x'.repeat(10));
      if (test.mock.calls.length > before) flattenedAt.push(text.length);
    }
    expect(flattenedAt).toEqual([260, 520, 1030]);
    expect(text).toBe('x'.repeat(1_100));
  });
});
