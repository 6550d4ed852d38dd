import { describe, expect, it } from 'vitest';
import { VersionedMap } from './versionedMap';

describe('VersionedMap', () => {
  it('keeps what an older version held after retain forgets entries', () => {
    const map = new VersionedMap<string, number>();
    for (let i = 0; i < 10; i++) map.set(`e${i}`, i);
    const before = map.version();
    map.retain((value, least) => value >= least, 7);
    expect([...map.keys()]).toEqual(['e7', 'e8', 'e9']);
    map.set('e10', 10);
    const after = map.version();

    map.restore(before);
    expect(map.size).toBe(10);
    expect(map.get('e0')).toBe(0);
    expect(map.has('e10')).toBe(false);

    map.restore(after);
    expect([...map.entries()]).toEqual([['e7', 7], ['e8', 8], ['e9', 9], ['e10', 10]]);
  });

  it('hands back the same version until it is written', () => {
    const map = new VersionedMap<string, number>();
    map.set('a', 1);
    const first = map.version();
    expect(map.version()).toBe(first);
    map.delete('a');
    const second = map.version();
    expect(second).not.toBe(first);
    map.restore(first);
    expect(map.get('a')).toBe(1);
    map.restore(second);
    expect(map.has('a')).toBe(false);
  });
});
