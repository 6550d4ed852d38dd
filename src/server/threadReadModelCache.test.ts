import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../protocol/events';
import { parseJsonl } from '../protocol/parseJsonl';
import { buildThreadReadModel } from '../store/threadReadModel';
import { fixtureNames, readFixture } from '../../test/referenceData';
import { ThreadReadModelCache } from './threadReadModelCache';

const eventsOf = (name: string) => parseJsonl(readFixture(name)).records.map((r) => r.value as JsonObject);

describe('ThreadReadModelCache', () => {
  it('answers, at every cursor of every fixture, what a rebuild from the whole log answers', async () => {
    for (const name of fixtureNames()) {
      const events = eventsOf(name);
      const log: JsonObject[] = [];
      const cache = new ThreadReadModelCache(log);
      // Every cursor of the short fixtures; a few of the long one.
      const step = Math.max(1, Math.floor(events.length / 40));
      for (let length = 0; length <= events.length; length = length === events.length ? length + 1 : Math.min(events.length, length + step)) {
        while (log.length < length) log.push(events[log.length]!);
        expect(JSON.parse(await cache.body()), `${name} at ${length}`).toEqual(buildThreadReadModel(log));
      }
    }
  });

  it('projects each event once and encodes once per cursor, however many readers ask at once', async () => {
    const events = eventsOf('coding-session');
    const log = events.slice(0, 600);
    const cache = new ThreadReadModelCache(log);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => cache.body()));
    expect(new Set(bodies).size).toBe(1);
    expect(cache.stats()).toEqual({ projected: 600, encodes: 1 });
    expect(await cache.body()).toBe(bodies[0]);
    expect(cache.stats()).toEqual({ projected: 600, encodes: 1 });
    log.push(...events.slice(600, 605));
    await Promise.all([cache.body(), cache.body()]);
    expect(cache.stats()).toEqual({ projected: 605, encodes: 2 });
  });
});
