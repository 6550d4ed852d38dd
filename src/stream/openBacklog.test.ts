import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { replayText } from './replayText';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { openBacklog, type BacklogOptions, type BacklogProgress } from './openBacklog';
import { utf8Length } from './utf8Length';
import { summarize } from '../store/selectors/summarize';
import { selectMessageText } from '../store/selectors/text';

/** A session of many short turns with tool calls, text in several scripts (multi-byte UTF-8). */
function longSession(turns: number): unknown[] {
  const ev = eventBuilder();
  const events: unknown[] = [];
  const words = ['naïve ', 'café ', '日本語 ', 'emoji 🚀 ', 'plain ', 'Ωmega '];
  for (let t = 0; t < turns; t++) {
    const ids = turn(`turn-${t}`);
    events.push(ev('turn.started', ids));
    for (let i = 0; i < 6; i++) events.push(ev('model.delta', ids, { delta: words[(t + i) % words.length] }));
    events.push(ev('tool.started', toolIds(t, ids.turnId), { toolName: 'read_file' }));
    events.push(ev('tool.result', toolIds(t, ids.turnId), { preview: `file ${t} ✓` }));
    events.push(ev('turn.completed', ids));
  }
  return events;
}

const jsonl = (events: readonly unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

/** The facts a reader sees: the summary, every message's text, diagnostics by code and line. */
function facts(store: RuntimeStore) {
  const state = store.getState();
  return {
    summary: summarize(state),
    text: state.messages.ids.map((id) => selectMessageText(state, state.messages.byId.get(id)!)),
    diagnostics: [...state.diagnostics.byId.values()].map((d) => `${d.code}@${d.line ?? '-'}`),
  };
}

function streamOf(bytes: Uint8Array, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length];
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i + 1 >= points.length) return controller.close();
      controller.enqueue(bytes.slice(points[i], points[i + 1]));
      i += 1;
    },
  });
}

/** Yields without timers, counting slices. */
const immediate: BacklogOptions['yieldToHost'] = () => Promise.resolve();

describe('openBacklog(store, input): a backlog applied in slices, as the CLI replays it', () => {
  const events = longSession(40);
  const text = jsonl(events);
  const expected = facts(replayText(text).store);

  it('applies an array, a JSONL string, a Response and a ReadableStream to the same facts as `agentui replay`', async () => {
    const inputs = {
      array: () => events,
      string: () => text,
      response: () => new Response(text, { headers: { 'content-length': String(utf8Length(text)) } }),
      stream: () => streamOf(new TextEncoder().encode(text), [1000, 5000, 5001]),
    };
    for (const [name, input] of Object.entries(inputs)) {
      const store = createRuntimeStore();
      const result = await openBacklog(store, input(), { yieldToHost: immediate, sliceMs: 1 });
      expect(facts(store), name).toEqual(expected);
      expect(result.applied, name).toBe(events.length);
      expect(result.slices, name).toBeGreaterThan(1);
    }
    expect(expected.summary.status).toBe('completed');
    expect(expected.text[3]).toContain('🚀');
  });

  it('reads lines and multi-byte characters split across chunk boundaries anywhere', async () => {
    const small = jsonl(longSession(3));
    const bytes = new TextEncoder().encode(small);
    const want = facts(replayText(small).store);
    // Every cut position near a multi-byte character and a newline, one cut at a time, and a 1-byte drip.
    const rocket = bytes.findIndex((b, i) => b === 0xf0 && i > 0);
    const newline = bytes.indexOf(10);
    const cuts = [rocket, rocket + 1, rocket + 2, rocket + 3, newline, newline + 1];
    for (const cut of cuts) {
      const store = createRuntimeStore();
      const result = await openBacklog(store, streamOf(bytes, [cut]), { yieldToHost: immediate });
      expect(facts(store), `cut at ${cut}`).toEqual(want);
      expect(result.malformed).toBe(0);
    }
    const drip = createRuntimeStore();
    await openBacklog(drip, streamOf(bytes, Array.from(bytes.keys())), { yieldToHost: immediate });
    expect(facts(drip)).toEqual(want);
  });

  it('reports malformed lines as diagnostics at their line numbers, like the CLI, and applies the rest', async () => {
    const lines = text.split('\n');
    lines.splice(2, 0, '{"type": "turn.started", oops');
    lines.splice(5, 0, 'not json at all');
    const broken = lines.join('\n');
    const store = createRuntimeStore();
    const result = await openBacklog(store, broken, { yieldToHost: immediate });
    expect(result.malformed).toBe(2);
    const state = store.getState();
    const invalid = [...state.diagnostics.byId.values()].filter((d) => d.code === 'invalid_json').map((d) => d.line);
    expect(invalid).toEqual([3, 6]);
    expect(facts(store)).toEqual(facts(replayText(broken).store));
    expect(summarize(state).status).toBe('completed');
  });

  it('rejects with an AbortError when aborted mid-way and leaves the store as its last slice committed it', async () => {
    const controller = new AbortController();
    const store = createRuntimeStore();
    let commits = 0;
    store.subscribe(() => (commits += 1));
    const seen: BacklogProgress[] = [];
    const run = openBacklog(store, text, {
      signal: controller.signal,
      // The in-order slices are under test here (newest-first reads the whole input before them).
      newestFirst: false,
      sliceMs: 1,
      now: fakeClock(store, 0.4),
      yieldToHost: immediate,
      settle: false,
      onProgress: (p) => {
        seen.push(p);
        if (seen.length === 2) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const applied = seen.at(-1)!.applied;
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(events.length);
    // Exactly the events of the committed slices, in order, nothing half-applied.
    expect(store.getState().counts.received).toBe(applied);
    expect(commits).toBe(2);
    // The rest, ingested afterwards, ends in the same facts: nothing was lost or duplicated.
    store.getState().ingest(events.slice(applied));
    store.getState().settle();
    expect(facts(store)).toEqual(expected);
  });

  it('rejects at once when the signal is already aborted, touching nothing', async () => {
    const store = createRuntimeStore();
    const before = store.getState();
    await expect(openBacklog(store, events, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(store.getState()).toBe(before);
  });

  it('reports progress monotonically, ending at every value and every byte', async () => {
    const seen: BacklogProgress[] = [];
    const response = new Response(text, { headers: { 'content-length': String(utf8Length(text)) } });
    await openBacklog(createRuntimeStore(), response, { sliceMs: 1, now: fakeClock(undefined, 0), yieldToHost: immediate, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.applied).toBeGreaterThanOrEqual(seen[i - 1]!.applied);
      expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
    }
    expect(seen.at(-1)).toMatchObject({ applied: events.length, bytes: utf8Length(text), totalBytes: utf8Length(text) });
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    const arraySeen: BacklogProgress[] = [];
    await openBacklog(createRuntimeStore(), events, { yieldToHost: immediate, onProgress: (p) => arraySeen.push(p) });
    expect(arraySeen.every((p) => p.total === events.length)).toBe(true);
  });

  it('never plans a slice over the budget: counted with a clock that charges each applied event', async () => {
    for (const costMs of [0.05, 0.1, 0.5, 3]) {
      const store = createRuntimeStore();
      const perSlice: number[] = [];
      let before = 0;
      const slice = () => {
        const received = store.getState().counts.received;
        perSlice.push(received - before);
        before = received;
      };
      await openBacklog(store, events, { newestFirst: false, sliceMs: 8, now: fakeClock(store, costMs), yieldToHost: async () => slice() });
      slice();
      expect(perSlice.reduce((a, b) => a + b, 0), `${costMs} ms/event`).toBe(events.length);
      // Each slice's events times their cost stays within 8 ms (one event at least, whatever it costs).
      for (const n of perSlice) expect(n * costMs <= 8 || n === 1, `${n} events at ${costMs} ms`).toBe(true);
      expect(perSlice.length).toBeGreaterThanOrEqual(Math.ceil((events.length * costMs) / 8));
    }
  });

  it('stops a slice at its budget, applying included, when the values get costlier than the ones it was planned from', async () => {
    const store = createRuntimeStore();
    const many = longSession(400);
    const cheap = 3_000;
    // 3,000 cheap events, then dearer ones (1 ms each): slices planned from the cheap ones hold thousands.
    const cost = (n: number) => (n <= cheap ? n * 0.001 : cheap * 0.001 + (n - cheap) * 1);
    const now = () => cost(store.getState().counts.received);
    const charged: number[] = [];
    let before = 0;
    const slice = () => {
      const at = store.getState().counts.received;
      charged.push(cost(at) - cost(before));
      before = at;
    };
    await openBacklog(store, many, { newestFirst: false, sliceMs: 8, now, yieldToHost: async () => slice() });
    expect(store.getState().counts.received).toBe(many.length);
    // A slice applies its values 256 at a time and checks the clock after each value: it ends within
    // the budget plus one group of the dearer values (applied at its end, it ran to its planned size,
    // hundreds of dearer values past the budget).
    for (const ms of charged) expect(ms).toBeLessThanOrEqual(8 + 256);
    expect(Math.max(...charged)).toBeGreaterThan(8);
  });

  it('tells subscribers after the first slice, then at most every publishEveryMs, and at the end; reads stay current', async () => {
    const store = createRuntimeStore();
    const heard: number[] = [];
    store.subscribe((state, prev) => {
      expect(prev.counts.received).toBeLessThanOrEqual(state.counts.received);
      heard.push(state.counts.received);
    });
    const live: number[] = [];
    const result = await openBacklog(store, events, {
      newestFirst: false,
      sliceMs: 8,
      publishEveryMs: 4,
      now: fakeClock(store, 0.1),
      yieldToHost: async () => void live.push(store.getState().counts.received),
    });
    expect(result.slices).toBeGreaterThan(heard.length);
    // Every slice committed (reads saw each), subscribers heard about every ~4 ms of work and the end.
    // The host gets the thread after every slice, the last one included (see the default's test).
    expect(live.length).toBe(result.slices);
    expect(heard[0]).toBe(1);
    expect(heard.at(-1)).toBe(events.length);
    for (let i = 2; i < heard.length - 1; i++) expect((heard[i]! - heard[i - 1]!) * 0.1).toBeGreaterThanOrEqual(4);
    expect(facts(store)).toEqual(expected);
  });

  it('by default tells subscribers only after the first slice and at the end: a re-render in between shows a tail the next one replaces', async () => {
    const store = createRuntimeStore();
    const heard: number[] = [];
    store.subscribe((state) => void heard.push(state.counts.received));
    // 2 ms per event: seconds of work in many slices.
    const heardAtYield: number[] = [];
    const result = await openBacklog(store, events, { newestFirst: false, sliceMs: 8, now: fakeClock(store, 2), yieldToHost: async () => void heardAtYield.push(heard.length) });
    expect(result.slices).toBeGreaterThan(10);
    expect(events.length * 2).toBeGreaterThan(500);
    expect(heard).toEqual([1, events.length]);
    // The end is heard after the host had the thread once more: the last slice's work and what
    // subscribers render from the whole backlog are separate tasks.
    expect(heardAtYield.length).toBe(result.slices);
    expect(heardAtYield.at(-1)).toBe(1);
  });

  it('reads a stream as it applies it: a slice is applied before the rest of the input is read', async () => {
    // A large backlog in 1 KB chunks, pulled only on demand: the reader holds a chunk and a partial line, not the input.
    const bytes = new TextEncoder().encode(jsonl(longSession(400)));
    let pulled = 0;
    const total = Math.ceil(bytes.length / 1024);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          controller.enqueue(bytes.slice(pulled * 1024, (pulled + 1) * 1024));
          pulled += 1;
        },
      },
      { highWaterMark: 0 },
    );
    const pulledAtSlice: number[] = [];
    const store = createRuntimeStore();
    await openBacklog(store, stream, { sliceMs: 8, now: fakeClock(store, 0.5), yieldToHost: immediate, onProgress: () => void pulledAtSlice.push(pulled) });
    expect(pulled).toBe(total);
    // The first slices were applied while most of the input was still unread.
    expect(pulledAtSlice[0]).toBeLessThan(total / 10);
    expect(pulledAtSlice.filter((n) => n < total).length).toBeGreaterThan(pulledAtSlice.length / 2);
  });

  it('reads the history again from the input once the newest turns are presented: the same facts, each malformed line once at its line', async () => {
    // The history's parsed values are let go while the input is read for its tail (see
    // backlogRelease.test.mjs); what is applied after the presentation is read again from the input.
    const lines = text.split('\n');
    lines.splice(2, 0, '{"type": "turn.started", oops');
    lines.splice(40, 0, 'not json at all', '');
    lines.splice(300, 0, '[1, 2');
    const broken = lines.join('\n');
    const bytes = new TextEncoder().encode(broken);
    const want = facts(replayText(broken).store);
    const inputs = {
      string: () => broken,
      response: () => new Response(streamOf(bytes, [7, 4096, 4097, 9000])),
      stream: () => streamOf(bytes, [1, 2, 3, bytes.indexOf(0xf0), bytes.indexOf(0xf0) + 2, 20_000]),
    };
    for (const [name, input] of Object.entries(inputs)) {
      const store = createRuntimeStore();
      const progress: BacklogProgress[] = [];
      const result = await openBacklog(store, input(), { yieldToHost: immediate, sliceMs: 1, newestFirst: true, onProgress: (p) => progress.push(p) });
      expect(result.presented, name).toBeGreaterThan(0);
      expect(facts(store), name).toEqual(want);
      expect(result.malformed, name).toBe(3);
      expect(result.applied, name).toBe(events.length);
      expect(result.bytes, name).toBe(bytes.length);
      // Read once as far as progress tells: bytes never pass the input's size, nothing goes back.
      for (let i = 1; i < progress.length; i++) {
        expect(progress[i]!.bytes).toBeGreaterThanOrEqual(progress[i - 1]!.bytes);
        expect(progress[i]!.applied).toBeGreaterThanOrEqual(progress[i - 1]!.applied);
      }
    }
    expect(want.diagnostics.filter((d) => d.startsWith('invalid_json'))).toEqual(['invalid_json@3', 'invalid_json@41', 'invalid_json@301']);
  });

  it('reads the history again from the bytes it read, though the stream writes its next chunk into the buffer of the last', async () => {
    const bytes = new TextEncoder().encode(text);
    const want = facts(replayText(text).store);
    const CHUNK = 1000;
    // One buffer for every chunk, as a producer that reuses its buffer once its reader has read it.
    const shared = new Uint8Array(CHUNK);
    let at = 0;
    // Pulled only when read (no chunk queued ahead): each chunk is read before the next overwrites it.
    const reusing = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (at >= bytes.length) return controller.close();
            const piece = bytes.subarray(at, at + CHUNK);
            shared.fill(0x20);
            shared.set(piece);
            at += piece.length;
            controller.enqueue(shared.subarray(0, piece.length));
          },
        },
        { highWaterMark: 0 },
      );
    for (const input of [() => reusing(), () => new Response(reusing())]) {
      at = 0;
      const store = createRuntimeStore();
      const result = await openBacklog(store, input(), { yieldToHost: immediate, newestFirst: true });
      expect(result.presented).toBeGreaterThan(0);
      expect(facts(store)).toEqual(want);
      expect(result.malformed).toBe(0);
    }
  });

  it('reads a stream of ArrayBuffers (Node file streams) and counts a surrogate pair cut between text chunks as its 4 bytes', async () => {
    const bytes = new TextEncoder().encode(text);
    const want = facts(replayText(text).store);
    const buffers = new ReadableStream<ArrayBuffer>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 4096) controller.enqueue(bytes.slice(at, at + 4096).buffer);
        controller.close();
      },
    });
    const fromBuffers = createRuntimeStore();
    expect((await openBacklog(fromBuffers, buffers, { yieldToHost: immediate })).bytes).toBe(bytes.length);
    expect(facts(fromBuffers)).toEqual(want);
    // Text chunks cut between the halves of every 🚀 (a pair of UTF-16 units).
    const cuts = [...text.matchAll(/🚀/g)].map((match) => match.index! + 1);
    const pieces = [0, ...cuts, text.length].slice(1).map((end, i, ends) => text.slice(i === 0 ? 0 : ends[i - 1], end));
    expect(pieces.join('')).toBe(text);
    const halves = new ReadableStream<string>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const fromHalves = createRuntimeStore();
    const progress: number[] = [];
    const result = await openBacklog(fromHalves, halves, { yieldToHost: immediate, onProgress: ({ bytes }) => progress.push(bytes) });
    expect(result.bytes).toBe(bytes.length);
    expect(Math.max(...progress)).toBe(bytes.length);
    expect(facts(fromHalves)).toEqual(want);
    await expect(openBacklog(createRuntimeStore(), new ReadableStream({ start: (c) => (c.enqueue(5 as never), c.close()) }))).rejects.toThrow(/streams of text or bytes; a chunk was number/);
  });

  it('applies a snapshot line in place and a whole JSON document as the CLI does', async () => {
    const codingSession = readFileSync(new URL('../../fixtures/coding-session.jsonl', import.meta.url), 'utf8');
    const store = createRuntimeStore();
    await openBacklog(store, codingSession, { yieldToHost: immediate });
    expect(facts(store)).toEqual(facts(replayText(codingSession).store));
    const asArray = createRuntimeStore();
    await openBacklog(asArray, JSON.stringify(events), { yieldToHost: immediate });
    expect(facts(asArray)).toEqual(expected);
  });

  it('reads an array holding a snapshot as events, as replayText and validate do: the snapshot is an invalid event, not hydrated', async () => {
    const snapshot = JSON.parse(readFileSync(new URL('../../fixtures/stream-repair.snapshot.json', import.meta.url), 'utf8'));
    const session = longSession(3);
    const mixed = [...session.slice(0, 20), snapshot, ...session.slice(20)];
    const want = facts(replayText(JSON.stringify(mixed)).store);
    // Written from the profile: an array is events; the snapshot fails as one and hydrates nothing.
    expect(want.summary.counts).toMatchObject({ received: session.length + 1, applied: session.length, invalid: 1 });
    expect(want.summary.turns.map((t) => t.turnId)).toEqual(['turn-0', 'turn-1', 'turn-2']);
    for (const [name, input] of [['array', mixed], ['JSON text', JSON.stringify(mixed)], ['JSON text, newest first', JSON.stringify(mixed)]] as const) {
      const store = createRuntimeStore();
      await openBacklog(store, input, { yieldToHost: immediate, newestFirst: name.endsWith('first') });
      expect(facts(store), name).toEqual(want);
    }
  });
});

/** A clock that advances by `costMs` per event the store has received (and never otherwise). */
function fakeClock(store: RuntimeStore | undefined, costMs: number): () => number {
  return () => (store ? store.getState().counts.received * costMs : 0);
}
