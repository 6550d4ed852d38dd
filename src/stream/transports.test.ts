import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from './backoff';
import { decodeFrame } from './decodeFrame';
import { iterableSource } from './iterableSource';
import { LineSplitter } from './lineSplitter';
import { ndjsonSource } from './ndjsonSource';
import { replaySource } from './replaySource';
import { SseParser, type SseMessage } from './sseParser';
import { sseSource } from './sseSource';
import { endpointKey, endpointSource } from './streamEndpoint';
import { cursorTracker } from './streamCursor';
import type { SourceHandlers, SourceStatus } from './types';
import { webSocketSource } from './webSocketSource';

function recorder() {
  const events: unknown[] = [];
  const statuses: SourceStatus[] = [];
  const diagnostics: { code: string; line?: number; message: string }[] = [];
  let resets = 0;
  const handlers: SourceHandlers = {
    events: (batch) => events.push(...batch),
    status: (s) => statuses.push(s),
    diagnostic: (d) => diagnostics.push(d),
    reset: () => {
      resets += 1;
      events.length = 0;
    },
  };
  return { events, statuses, diagnostics, handlers, resets: () => resets };
}

afterEach(() => vi.useRealTimers());

describe('LineSplitter', () => {
  it('keeps partial lines across chunks and accepts LF, CRLF and CR (even split between chunks)', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter();
    for (const chunk of ['a', 'b\nc\r', '\nd\re', 'f\r\n', '\n', 'tail']) splitter.push(chunk, (l) => lines.push(l));
    splitter.end((l) => lines.push(l));
    expect(lines).toEqual(['ab', 'c', 'd', 'ef', '', 'tail']);
  });
});

describe('LineSplitter under hostile input', () => {
  it('drops a line over the limit, reports it once, and goes on with the next line', () => {
    const lines: string[] = [];
    const overflows: number[] = [];
    const splitter = new LineSplitter({ maxLineChars: 8, onOverflow: (limit) => overflows.push(limit) });
    for (const chunk of ['ok\n12345', '6789', '0123', '\r\nnext\n', '123456789\nlast']) splitter.push(chunk, (l) => lines.push(l));
    splitter.end((l) => lines.push(l));
    expect(lines).toEqual(['ok', 'next', 'last']);
    expect(overflows).toEqual([8, 8]);
  });

  it('an endless line holds at most the limit plus a chunk', () => {
    const splitter = new LineSplitter({ maxLineChars: 1_000 });
    const chunk = 'x'.repeat(4_096);
    for (let i = 0; i < 1_000; i++) splitter.push(chunk, () => expect.unreachable());
    expect((splitter as unknown as { rest: string }).rest.length).toBeLessThanOrEqual(1_000);
  });
});

describe('SseParser', () => {
  const parse = (chunks: string[]) => {
    const out: SseMessage[] = [];
    const parser = new SseParser((m) => out.push(m));
    for (const c of chunks) parser.push(c);
    parser.end();
    return out;
  };

  it('joins multi-line data, keeps the last id, ignores comments and heartbeats', () => {
    expect(parse([': heartbeat\n\nid: 7\nevent: run', 'time\ndata: {"a":\ndata: 1}\n\n', 'data: x\n\n'])).toEqual([
      { event: 'runtime', data: '{"a":\n1}', lastEventId: '7' },
      { event: 'message', data: 'x', lastEventId: '7' },
    ]);
  });

  it('handles a field without a value, the retry field, CRLF, and drops an unterminated message', () => {
    expect(parse(['retry: 250\r\ndata\r\n\r\n', 'data: never finished'])).toEqual([{ event: 'message', data: '', lastEventId: '', retry: 250 }]);
  });
});

describe('SseParser under hostile input', () => {
  it('drops a message whose data lines add up past the limit, reports it, and reads the next message', () => {
    const out: SseMessage[] = [];
    const overflows: string[] = [];
    const parser = new SseParser((m) => out.push(m), { maxMessageChars: 12, onOverflow: (what) => overflows.push(what) });
    parser.push('data: 12345\ndata: 67890\ndata: more\n\ndata: ok\n\n');
    parser.push(`data: ${'y'.repeat(50)}\n\ndata: after\n\n`);
    expect(out.map((m) => m.data)).toEqual(['ok', 'after']);
    expect(overflows).toEqual(['message', 'line']);
  });
});

describe('decodeFrame', () => {
  it('decodes an object, an array, JSON lines, and reports what is not JSON without losing the rest', () => {
    expect(decodeFrame('{"a":1}', 'x').events).toEqual([{ a: 1 }]);
    expect(decodeFrame('[{"a":1},{"b":2}]', 'x').events).toEqual([{ a: 1 }, { b: 2 }]);
    const mixed = decodeFrame('{"a":1}\nnope\n{"b":2}', 'ws');
    expect(mixed.events).toEqual([{ a: 1 }, { b: 2 }]);
    expect(mixed.diagnostics).toEqual([expect.objectContaining({ code: 'malformed_frame', message: expect.stringMatching(/^ws: a frame is not JSON/) })]);
  });

  it('decodes one frame holding a JSON array of 200,000 events (no spread into a call)', () => {
    const frame = `[${Array.from({ length: 200_000 }, (_, i) => `{"sequence":${i + 1}}`).join(',')}]`;
    const { events, diagnostics } = decodeFrame(frame, 'SSE');
    expect(diagnostics).toEqual([]);
    expect(events).toHaveLength(200_000);
    expect(events[199_999]).toEqual({ sequence: 200_000 });
  });
});

describe('backoffDelay', () => {
  it('grows exponentially, caps, and jitters within its share', () => {
    const fixed = { initialMs: 100, maxMs: 1000, jitter: 0, random: () => 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, fixed))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(1, { initialMs: 100, jitter: 0.5, random: () => 0 })).toBe(50);
    expect(backoffDelay(1, { initialMs: 100, jitter: 0.5, random: () => 0.999 })).toBe(100);
  });
});

describe('replaySource', () => {
  const at = (i: number, ms: number) => ({ eventId: `e${i}`, sequence: i, timestamp: new Date(Date.UTC(2026, 0, 1) + ms).toISOString() });
  const events = [at(1, 0), at(2, 100), at(3, 100), at(4, 10_000), at(5, 10_100)];

  it('keeps the recorded timing, scaled by speed, with long gaps capped; same-instant events go together', () => {
    vi.useFakeTimers();
    const r = recorder();
    const source = replaySource(events, { speed: 2, maxGapMs: 1_000 });
    source.start(r.handlers);
    vi.advanceTimersByTime(0);
    expect(r.events).toHaveLength(1);
    vi.advanceTimersByTime(49);
    expect(r.events).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(r.events).toHaveLength(3); // events 2 and 3 share a timestamp
    vi.advanceTimersByTime(499); // the 9.9 s gap is capped at 1 s, then halved
    expect(r.events).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(r.events).toHaveLength(4);
    vi.advanceTimersByTime(50);
    expect(r.events).toHaveLength(5);
    expect(r.statuses).toEqual(['open', 'ended']);
    expect(source.getState()).toMatchObject({ playing: false, index: 5, total: 5 });
  });

  it('steps, pauses, seeks (a reset then one batch) and ends', () => {
    vi.useFakeTimers();
    const r = recorder();
    const source = replaySource(events, { autoplay: false });
    const changes = vi.fn();
    source.subscribe(changes);
    source.start(r.handlers);
    source.step();
    source.step();
    expect(r.events).toEqual([events[0], events[1]]);
    source.seekSequence(3);
    expect(r.resets()).toBe(1);
    expect(r.events).toEqual([events[0], events[1], events[2]]);
    expect(source.cursor()).toEqual({ sequence: 3, eventId: 'e3' });
    source.end();
    expect(r.events).toHaveLength(5);
    expect(changes).toHaveBeenCalled();
    source.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('iterableSource', () => {
  it('delivers items and ends; a failing iterator becomes a diagnostic, never a throw', async () => {
    const r = recorder();
    async function* ok() {
      yield { eventId: 'a', sequence: 1 };
      yield { eventId: 'b', sequence: 2 };
    }
    iterableSource(ok()).start(r.handlers);
    await vi.waitFor(() => expect(r.statuses).toContain('ended'));
    expect(r.events).toHaveLength(2);

    const bad = recorder();
    async function* failing() {
      yield { eventId: 'a' };
      throw new Error('socket hang up');
    }
    iterableSource(failing()).start(bad.handlers);
    await vi.waitFor(() => expect(bad.statuses).toContain('error'));
    expect(bad.diagnostics[0]!.message).toMatch(/socket hang up/);
  });
});

describe('ndjsonSource', () => {
  it('parses lines split across chunks and multi-byte characters, reporting malformed lines by number', async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode('{"eventId":"a","text":"é"}\nnot json\n{"eventId":"b","sequence":2}');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 22)); // splits the two bytes of é
        controller.enqueue(bytes.slice(22));
        controller.close();
      },
    });
    const r = recorder();
    const source = ndjsonSource(stream);
    source.start(r.handlers);
    await vi.waitFor(() => expect(r.statuses).toContain('ended'));
    expect(r.events).toEqual([{ eventId: 'a', text: 'é' }, { eventId: 'b', sequence: 2 }]);
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'invalid_json', line: 2 })]);
    expect(source.cursor()).toEqual({ sequence: 2, eventId: 'b' });
  });
});

describe('webSocketSource', () => {
  class FakeSocket {
    static all: FakeSocket[] = [];
    onopen: ((e: unknown) => void) | null = null;
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onclose: ((e: { code?: number }) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    closed = false;
    constructor(public url: string) {
      FakeSocket.all.push(this);
    }
    close() {
      this.closed = true;
    }
  }

  it('decodes messages, reconnects with ?cursor= after an abnormal close, and stops on close()', () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    const r = recorder();
    const source = webSocketSource('ws://127.0.0.1/events', { WebSocket: FakeSocket as never, backoff: { initialMs: 100, jitter: 0 } });
    source.start(r.handlers);
    const first = FakeSocket.all[0]!;
    first.onopen?.({});
    first.onmessage?.({ data: '{"eventId":"a","sequence":4}\n{"eventId":"b","sequence":5}' });
    first.onmessage?.({ data: '{broken' });
    expect(r.events).toHaveLength(2);
    expect(r.diagnostics).toHaveLength(1);
    first.onclose?.({ code: 1006 });
    expect(r.statuses).toEqual(['connecting', 'open', 'reconnecting']);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all[1]!.url).toBe('ws://127.0.0.1/events?cursor=5');
    source.close();
    expect(FakeSocket.all[1]!.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('reconnectingSource (SSE and WebSocket share it)', () => {
  const sseResponse = (body: string) => new Response(new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode(body)), c.close()) }), { status: 200 });

  it('bug 14: a superseded SSE connection answering non-OK starts no second reconnect loop', async () => {
    vi.useFakeTimers();
    const answers: ((response: Response) => void)[] = [];
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const r = recorder();
    const source = sseSource('http://127.0.0.1/events', { fetch: fetchSpy as never, backoff: { initialMs: 100, jitter: 0 } });
    source.start(r.handlers);
    source.resumeFrom!({ sequence: 7 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    answers[0]!(new Response('busy', { status: 503 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.statuses).not.toContain('reconnecting');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    source.close();
  });

  it('gives up after maxRetries with status error and a stream_failed diagnostic; resumeFrom starts again', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.fn(async () => new Response('gone', { status: 502 }));
    const r = recorder();
    const source = sseSource('http://127.0.0.1/events', { fetch: fetchSpy as never, maxRetries: 2, backoff: { initialMs: 10, jitter: 0 } });
    source.start(r.handlers);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(r.statuses).toEqual(['connecting', 'reconnecting', 'connecting', 'reconnecting', 'connecting', 'error']);
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'stream_failed', message: expect.stringMatching(/gave up after 2 reconnects: HTTP 502/) })]);
    fetchSpy.mockResolvedValueOnce(sseResponse('data: {"eventId":"a","sequence":1}\n\nevent: end\ndata: {}\n\n'));
    source.resumeFrom!({ sequence: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.statuses.slice(-3)).toEqual(['connecting', 'open', 'ended']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a refusal (401, 403, 404) gives up at once with the reason, as EventSource does; 408 and 429 reconnect', async () => {
    vi.useFakeTimers();
    for (const status of [401, 403, 404]) {
      const fetchSpy = vi.fn(async () => new Response('no', { status }));
      const r = recorder();
      sseSource('http://127.0.0.1/events', { fetch: fetchSpy as never, backoff: { initialMs: 1, maxMs: 1, jitter: 0 } }).start(r.handlers);
      await vi.advanceTimersByTimeAsync(100);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(r.statuses).toEqual(['connecting', 'error']);
      expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'stream_failed', message: expect.stringContaining(`HTTP ${status}: the server refused the stream`) })]);
    }
    for (const status of [408, 429]) {
      const r = recorder();
      sseSource('http://127.0.0.1/events', { fetch: (async () => new Response('', { status })) as never, maxRetries: 2, backoff: { initialMs: 1, maxMs: 1, jitter: 0 } }).start(r.handlers);
      await vi.advanceTimersByTimeAsync(100);
      expect(r.statuses.filter((s) => s === 'reconnecting')).toHaveLength(2);
    }
  });

  it('without maxRetries, gives up after 10 failed reconnects (the README’s promise of a final error)', async () => {
    vi.useFakeTimers();
    const r = recorder();
    const source = sseSource('http://127.0.0.1/events', { fetch: (async () => new Response('', { status: 500 })) as never, backoff: { initialMs: 1, maxMs: 1, jitter: 0 } });
    source.start(r.handlers);
    await vi.advanceTimersByTimeAsync(100);
    expect(r.statuses.filter((s) => s === 'reconnecting')).toHaveLength(10);
    expect(r.statuses.at(-1)).toBe('error');
  });

  it('every source tracks the cursor the same way: the highest sequence delivered and its id', async () => {
    const events = [{ eventId: 'e1', sequence: 1 }, { eventId: 'e3', sequence: 3 }, { eventId: 'e2', sequence: 2 }, { eventId: 'x' }];
    const expected = { sequence: 3, eventId: 'e3' };
    const cursors: Record<string, unknown> = {};

    const sse = sseSource('http://127.0.0.1/events', { fetch: (async () => sseResponse(`${events.slice(0, 3).map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}event: end\ndata: {}\n\n`)) as never });
    const sseRecorder = recorder();
    sse.start(sseRecorder.handlers);
    await vi.waitFor(() => expect(sseRecorder.statuses).toContain('ended'));
    cursors.sse = sse.cursor();

    FakeSocketForCursor.all = [];
    const ws = webSocketSource('ws://127.0.0.1/events', { WebSocket: FakeSocketForCursor as never });
    ws.start(recorder().handlers);
    for (const event of events.slice(0, 3)) FakeSocketForCursor.all[0]!.onmessage?.({ data: JSON.stringify(event) });
    cursors.websocket = ws.cursor();
    ws.close();

    const nd = ndjsonSource(new ReadableStream<string>({ start: (c) => (c.enqueue(events.slice(0, 3).map((e) => JSON.stringify(e)).join('\n')), c.close()) }));
    const ndRecorder = recorder();
    nd.start(ndRecorder.handlers);
    await vi.waitFor(() => expect(ndRecorder.statuses).toContain('ended'));
    cursors.ndjson = nd.cursor();

    const it = iterableSource((async function* () { yield* events.slice(0, 3); })());
    const itRecorder = recorder();
    it.start(itRecorder.handlers);
    await vi.waitFor(() => expect(itRecorder.statuses).toContain('ended'));
    cursors.iterable = it.cursor();

    const replay = replaySource(events.slice(0, 3), { autoplay: false });
    replay.start(recorder().handlers);
    replay.end();
    cursors.replay = replay.cursor();

    expect(cursors).toEqual({ sse: expected, websocket: expected, ndjson: expected, iterable: expected, replay: expected });
    // An event without a sequence moves only the id.
    const tracker = cursorTracker();
    tracker.note(events);
    expect(tracker.get()).toEqual({ sequence: 3, eventId: 'x' });
  });
});

describe('sseSource under hostile input (issue 23 item 8)', () => {
  const streamOf = (chunks: Iterable<string>) => {
    const iterator = chunks[Symbol.iterator]();
    const encoder = new TextEncoder();
    return new Response(new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    }), { status: 200 });
  };
  const collect = () => {
    const events: unknown[] = [];
    const statuses: SourceStatus[] = [];
    const diagnostics: { code: string; message: string }[] = [];
    return { events, statuses, diagnostics, handlers: { events: (batch: unknown[]) => { for (const e of batch) events.push(e); }, status: (s: SourceStatus) => statuses.push(s), diagnostic: (d: { code: string; message: string }) => diagnostics.push(d) } };
  };

  it('resumes with the UTF-8 bytes of a CJK or emoji id (what fetch accepts), and by cursor alone past 1 KiB', async () => {
    vi.useFakeTimers();
    const sent: { url: string; lastEventId?: string }[] = [];
    const ids = ['事件-1', '🎉-2', `${'長'.repeat(400)}-3`];
    const fetchSpy = vi.fn(async (url: string, init: RequestInit) => {
      const header = (init.headers as Record<string, string>)['Last-Event-ID'];
      new Headers(init.headers); // throws, as fetch does, on a value that is not a ByteString
      sent.push({ url, ...(header !== undefined && { lastEventId: header }) });
      const n = sent.length;
      return n <= ids.length ? streamOf([`id: ${ids[n - 1]}\ndata: {"sequence":${n}}\n\n`]) : streamOf(['event: end\ndata: {}\n\n']);
    });
    const r = collect();
    const source = sseSource('http://127.0.0.1/events', { fetch: fetchSpy as never, backoff: { initialMs: 1, maxMs: 1, jitter: 0 } });
    source.start(r.handlers);
    await vi.advanceTimersByTimeAsync(100);
    expect(r.statuses.at(-1)).toBe('ended');
    expect(r.events).toEqual([{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }]);
    const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    expect(sent).toEqual([
      { url: 'http://127.0.0.1/events' },
      { url: 'http://127.0.0.1/events?cursor=1', lastEventId: utf8('事件-1') },
      { url: 'http://127.0.0.1/events?cursor=2', lastEventId: utf8('🎉-2') },
      { url: 'http://127.0.0.1/events?cursor=3' }, // 1,202 bytes: the cursor alone resumes
    ]);
  });

  it('one frame with a JSON array of 200,000 events delivers them all, with no diagnostic', async () => {
    const frame = `data: [${Array.from({ length: 200_000 }, (_, i) => `{"sequence":${i + 1}}`).join(',')}]\n\nevent: end\ndata: {}\n\n`;
    const r = collect();
    sseSource('http://127.0.0.1/events', { fetch: (async () => streamOf([frame])) as never }).start(r.handlers);
    await vi.waitFor(() => expect(r.statuses).toContain('ended'));
    expect(r.diagnostics).toEqual([]);
    expect(r.events).toHaveLength(200_000);
  });

  it('an endless line is dropped at the limit with a frame_too_large diagnostic, and the stream goes on', async () => {
    function* body() {
      yield 'data: {"sequence":1}\n\ndata: ';
      for (let i = 0; i < 2_000; i++) yield 'z'.repeat(1_000); // 2 MB of one line
      yield '\n\ndata: {"sequence":2}\n\nevent: end\ndata: {}\n\n';
    }
    const r = collect();
    sseSource('http://127.0.0.1/events', { fetch: (async () => streamOf(body())) as never, maxFrameChars: 64 * 1024 }).start(r.handlers);
    await vi.waitFor(() => expect(r.statuses).toContain('ended'));
    expect(r.events).toEqual([{ sequence: 1 }, { sequence: 2 }]);
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'frame_too_large', message: expect.stringMatching(/SSE line longer than 65,536 characters was dropped/) })]);
  });
});

describe('endpointSource (authenticated streams, issue 21 item 7)', () => {
  const ended = (body: string) => new Response(new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode(body)), c.close()) }), { status: 200 });

  it('SSE and NDJSON send the endpoint\'s headers and credentials on every request', async () => {
    const seen: { url: string; authorization: string | null; credentials?: RequestCredentials }[] = [];
    const fetchSpy = (async (url: string, init: RequestInit) => {
      seen.push({ url, authorization: new Headers(init.headers).get('authorization'), credentials: init.credentials });
      return ended(url.includes('ndjson') ? '{"sequence":1}\n' : 'data: {"sequence":1}\n\nevent: end\ndata: {}\n\n');
    }) as typeof fetch;
    for (const endpoint of [
      { url: 'http://127.0.0.1/events', headers: { Authorization: 'Bearer t' }, credentials: 'include' as const, fetch: fetchSpy },
      { url: 'http://127.0.0.1/ndjson', transport: 'ndjson' as const, headers: { Authorization: 'Bearer t' }, credentials: 'include' as const, fetch: fetchSpy },
    ]) {
      const r = recorder();
      endpointSource(endpoint).start(r.handlers);
      await vi.waitFor(() => expect(r.statuses).toContain('ended'));
      expect(r.events).toEqual([{ sequence: 1 }]);
    }
    expect(seen).toEqual([
      { url: 'http://127.0.0.1/events', authorization: 'Bearer t', credentials: 'include' },
      { url: 'http://127.0.0.1/ndjson', authorization: 'Bearer t', credentials: 'include' },
    ]);
  });

  it('an NDJSON endpoint closed before its reader runs delivers nothing and cancels the response', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"sequence":1}\n')), cancel: () => void (cancelled = true) });
    const source = endpointSource({ url: 'http://127.0.0.1/ndjson', transport: 'ndjson', fetch: (async () => new Response(body, { status: 200 })) as typeof fetch });
    const r = recorder();
    source.start(r.handlers);
    source.close();
    await vi.waitFor(() => expect(cancelled).toBe(true));
    expect(r.events).toEqual([]);
  });

  it('a WebSocket endpoint with headers fails with the reason instead of connecting without them', () => {
    const r = recorder();
    endpointSource({ url: 'ws://127.0.0.1/events', transport: 'websocket', headers: { Authorization: 'Bearer t' } }).start(r.handlers);
    expect(r.statuses).toEqual(['error']);
  });

  it('an endpoint is known by its URL, transport, headers (any case, any order) and credentials', () => {
    const key = endpointKey({ url: '/events', headers: { Authorization: 'Bearer a', 'X-Team': '1' } });
    expect(endpointKey({ url: '/events', headers: { 'x-team': '1', authorization: 'Bearer a' } })).toBe(key);
    expect(endpointKey({ url: '/events', headers: { Authorization: 'Bearer b', 'X-Team': '1' } })).not.toBe(key);
    expect(endpointKey({ url: '/events', headers: { Authorization: 'Bearer a', 'X-Team': '1' }, credentials: 'include' })).not.toBe(key);
  });
});

class FakeSocketForCursor {
  static all: FakeSocketForCursor[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code?: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor() {
    FakeSocketForCursor.all.push(this);
  }
  close() {}
}
