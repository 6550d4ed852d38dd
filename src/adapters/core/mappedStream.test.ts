import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { MappedStream, type StreamMapping } from './mappedStream';

// What the adapters' mapping ran as before: an async generator over the stream. MappedStream is
// held to it: the same events in the same order, the stream read as far and closed alike.
async function* asGenerator<T>(open: () => AsyncIterable<T>, mapping: StreamMapping<T>): AsyncGenerator<RuntimeEventEnvelope> {
  const out: RuntimeEventEnvelope[] = [];
  mapping.begin?.(out);
  try {
    for await (const item of open()) {
      mapping.map(item, out);
      if (out.length > 0) {
        for (const event of out) yield event;
        out.length = 0;
      }
    }
  } catch (error) {
    mapping.fail(error, out);
  }
  mapping.end(out);
  yield* out;
}

const event = (id: string) => ({ eventId: id }) as unknown as RuntimeEventEnvelope;

/** A stream of `items` that throws at `throwAt` (when given), and logs what its reader did. */
function recordedStream(items: number[], throwAt: number | undefined, log: string[]): () => AsyncIterable<number> {
  return () => {
    log.push('open');
    let i = 0;
    return {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          await Promise.resolve();
          log.push(`read ${i}`);
          if (i === throwAt) throw new Error(`stream broke at ${i}`);
          return i < items.length ? { value: items[i++]!, done: false } : { value: undefined, done: true };
        },
        return: async () => {
          log.push('closed');
          return { value: undefined, done: true };
        },
      }),
    };
  };
}

/** Item `n` maps to `n` events; the item at `mapThrowsAt` pushes one event, then throws. */
function countingMapping(mapThrowsAt: number | undefined): StreamMapping<number> {
  let index = 0;
  return {
    begin: (out) => out.push(event('begin')),
    map(item, out) {
      const at = index++;
      if (at === mapThrowsAt) {
        out.push(event(`partial ${at}`));
        throw new Error(`mapping broke at ${at}`);
      }
      for (let k = 0; k < item; k++) out.push(event(`${at}.${k}`));
    },
    fail: (error, out) => out.push(event(`failed: ${(error as Error).message}`)),
    end: (out) => out.push(event('end')),
  };
}

async function readAll(stream: AsyncIterable<RuntimeEventEnvelope>, stopAfter = Infinity): Promise<string[]> {
  const seen: string[] = [];
  for await (const e of stream) {
    seen.push(e.eventId);
    if (seen.length >= stopAfter) break;
  }
  return seen;
}

describe('MappedStream', () => {
  it('reads as the async generator did: events, where the stream and the mapping fail, a reader that stops early', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }),
        fc.option(fc.nat(13), { nil: undefined }),
        fc.option(fc.nat(13), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
        async (items, throwAt, mapThrowsAt, stopAfter) => {
          const generatorLog: string[] = [];
          const streamLog: string[] = [];
          const expected = await readAll(asGenerator(recordedStream(items, throwAt, generatorLog), countingMapping(mapThrowsAt)), stopAfter);
          const actual = await readAll(new MappedStream(recordedStream(items, throwAt, streamLog), countingMapping(mapThrowsAt)), stopAfter);
          expect(actual).toEqual(expected);
          expect(streamLog).toEqual(generatorLog);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('opens the stream at the first read, and a return before it opens nothing', async () => {
    const log: string[] = [];
    const stream = new MappedStream(recordedStream([1, 1], undefined, log), countingMapping(undefined));
    expect(log).toEqual([]);
    await expect(stream.return()).resolves.toEqual({ value: undefined, done: true });
    await expect(stream.next()).resolves.toEqual({ value: undefined, done: true });
    expect(log).toEqual([]);
  });

  it('answers overlapping calls in the order they were made, as a generator queues them', async () => {
    const log: string[] = [];
    const stream = new MappedStream(recordedStream([2, 0, 1], undefined, log), countingMapping(undefined));
    const results = await Promise.all([stream.next(), stream.next(), stream.next(), stream.next(), stream.return(), stream.next()]);
    expect(results.map((r) => (r.done ? 'done' : r.value.eventId))).toEqual(['begin', '0.0', '0.1', '2.0', 'done', 'done']);
    expect(log).toEqual(['open', 'read 0', 'read 1', 'read 2', 'closed']);
  });

  it('ends the turn with an error thrown in: the stream closes, unread events come first, then the failure and the end', async () => {
    const log: string[] = [];
    const stream = new MappedStream(recordedStream([3, 1], undefined, log), countingMapping(undefined));
    await expect(stream.next()).resolves.toEqual({ value: event('begin'), done: false });
    await expect(stream.next()).resolves.toEqual({ value: event('0.0'), done: false });
    await expect(stream.throw(new Error('reader gave up'))).resolves.toEqual({ value: event('0.1'), done: false });
    expect(await readAll(stream)).toEqual(['0.2', 'failed: reader gave up', 'end']);
    expect(log).toEqual(['open', 'read 0', 'closed']);
    // Before the first read, or after the last, the error is the caller's own.
    await expect(new MappedStream(recordedStream([], undefined, []), countingMapping(undefined)).throw(new Error('early'))).rejects.toThrow('early');
    await expect(stream.throw(new Error('late'))).rejects.toThrow('late');
  });
});
