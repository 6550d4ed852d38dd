// Opening a backlog (yesterday's session, a recorded log) without freezing the page: the input is
// read, parsed and applied in time slices (a store commit per few hundred values), yielding to the
// host between slices. The order of facts is the input's: the reducer's honesty rules (dedupe,
// reorder window, gaps, final reconciliation) apply exactly as they do to a live stream.
import { readInputBatches, type InputItem } from './readInput';
import { lineReplay, replayDocument } from './replayText';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { gates } from '../store/notificationGate';
import { holdNotifications } from '../store/holdNotifications';
import { TABLE_NAMES } from '../store/state';
import { presentHistorySoFar, presentNewestTurns, projectNewestTurns, threadsAsWhole } from './newestFirst';
import { NewestTurnsIndex } from './newestTurns';
import { parseJsonLine } from '../protocol/parseJsonl';
import { isHighSurrogate, isLowSurrogate, pieceEnd, utf8Length } from './utf8Length';

/** What `openBacklog` reads: events, JSON Lines text, a fetch `Response`, or a stream of JSONL bytes (or text). */
export type BacklogInput = readonly unknown[] | string | Response | ReadableStream<Uint8Array | ArrayBuffer | string>;

/** Progress of `openBacklog`, reported after every slice; the figures only grow. */
export interface BacklogProgress {
  /** Input values (events, snapshot lines) handed to the store so far. */
  applied: number;
  /** How many values there are, when the input says (an array). */
  total?: number;
  /** UTF-8 bytes read so far (text and streams). */
  bytes: number;
  /** The input's size in bytes, when known (a `Response` with a Content-Length). */
  totalBytes?: number;
}

/** Options of `openBacklog`; all optional. */
export interface BacklogOptions {
  /** Aborting rejects with an `AbortError` between slices; what was applied stays (a slice is applied whole before it yields). */
  signal?: AbortSignal;
  /** Called after every slice with monotonic figures. */
  onProgress?: (progress: BacklogProgress) => void;
  /** The main-thread budget of one slice, in milliseconds. Default 8 (half a 60 Hz frame). */
  sliceMs?: number;
  /** Declare gaps still open when the input ends (a recording that ended cannot fill them). Default true. */
  settle?: boolean;
  /**
   * How often subscribers (the UI) hear of the slices, in milliseconds: after the first slice, then
   * at most this often, and at the end. Every slice commits (reads are always current); only the
   * re-renders are spared. Default `Infinity`: the first slice and the end only. A re-render in
   * between shows a tail of the session that the next one replaces (new rows mounted, markdown
   * parsed, laid out: 60-130 ms each for the 100k-event coding session in Chromium), so it delays
   * the newest screen and holds the thread; show progress with `onProgress` instead.
   */
  publishEveryMs?: number;
  /** The clock slices are measured with (tests inject one). Default `performance.now`. */
  now?: () => number;
  /** How to give the host the thread between slices. Default `scheduler.yield`, else a MessageChannel task, else `setTimeout`. */
  yieldToHost?: () => Promise<void>;
  /**
   * Show the newest turns first. Default true for an array, a string and a `Response` opened into
   * an empty store; a `ReadableStream` is applied as it is read unless this is true. The whole input
   * is read (and text parsed) first, text holding only its last quarter's lines (the newest turns' are
   * parsed again once found, and the whole again from the input, whose chunks are kept, as it is applied); when its last turns are closed (no entity they touch, nor an id
   * the store would build into one of theirs, is named before them: `findNewestTurns`), they are projected on their own and presented to readers
   * (`historyPending` set) while the whole backlog is applied in order underneath; the end commits
   * the whole. The records presented are the whole backlog's own; session-wide figures (costs,
   * routing, the timeline, diagnostics) wait for the whole. A backlog without such a tail (a
   * snapshot line or a snapshot an event carries, another session's events, one long turn) is
   * applied in order only (and so is one not settled at its end that starts mid-way, or whose
   * newest turns would show another first thread or a thread without its turns), readers shown the history applied so far with `historyPending` set (after
   * the first slice, then every `publishEveryMs`), never an empty session; a backlog opened into a
   * store that already holds any fact is applied in order and shown as it comes.
   */
  newestFirst?: boolean;
}

/** What a finished `openBacklog` did: the final progress, malformed lines and slices. */
export interface BacklogResult extends BacklogProgress {
  /** Lines that could not be read (not JSON, too deep, too long, binary): each is a diagnostic at its line. */
  malformed: number;
  /** Slices the work took (commits of the store). */
  slices: number;
  /** Values of the newest turns presented before the history was applied (0: none were). */
  presented: number;
}

const DEFAULT_SLICE_MS = 8;
const DEFAULT_PUBLISH_MS = Infinity;
/**
 * Values in the first slice, before a per-value cost is known: one, so even the first slice is
 * planned (a value could cost more than the budget); the next slices grow by at most GROWTH.
 */
const FIRST_SLICE = 1;
/** How much a slice may grow over the previous one: a cost measured on few values is rough. */
const GROWTH = 4;
/** A slice plans for this share of the budget, leaving room for a costlier value. */
const PLANNED_SHARE = 0.8;
/**
 * Values applied at a time within a slice. A slice's time check then covers applying its values,
 * not only reading them: applied all at once at its end, a slice planned from the previous one's
 * cost ran past its budget whenever the values got costlier (tool-heavy turns after text).
 */
const APPLY_EVERY = 256;
/** Values indexed between two looks at the clock while the newest turns are found. */
const PAUSE_EVERY = 1_024;
/** Characters per read chunk of a string input: progress in bytes moves with the chunks. */
const STRING_CHUNK = 64 * 1024;
/** Bytes decoded at a time from a stream chunk. */
const BYTE_CHUNK = 64 * 1024;

/**
 * Applies a backlog to a store without holding the main thread longer than one slice (~8 ms):
 * values are parsed and applied in slices (a few hundred per store commit, subscribers told at the
 * end or every `publishEveryMs`), and the host gets the thread between slices (`scheduler.yield`,
 * a MessageChannel task, or `setTimeout`). A slice stops at its budget, applying included, and its
 * size is planned from the previous slice's cost per value (a single huge value, a large snapshot
 * line, still takes what it takes).
 *
 * `input` is an array of events, a JSON Lines string, a `Response` or a `ReadableStream` of JSONL
 * bytes. Text is read like `agentui replay` reads it (the CLI's line reader): a line that is not
 * JSON, nests too deep, is too long or is binary becomes a diagnostic at its line number; a
 * snapshot or read-model line hydrates in place; a whole-document input (one snapshot, one JSON
 * array) is applied as the CLI applies it. Resolves when everything is applied (and, by default,
 * open gaps are settled); rejects with an `AbortError` when `signal` aborts, leaving the store as
 * the last completed slice left it.
 *
 * Separate from the store's own `applyReadModel(snapshot)` action, which applies one snapshot document at once.
 * @example
 * const controller = new AbortController();
 * await openBacklog(store, await fetch('/sessions/42.jsonl'), {
 *   signal: controller.signal,
 *   onProgress: ({ applied, bytes, totalBytes }) => setLoaded({ applied, bytes, totalBytes }),
 * });
 */
export async function openBacklog(store: RuntimeStore, input: BacklogInput, options: BacklogOptions = {}): Promise<BacklogResult> {
  const { signal, onProgress, settle = true } = options;
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const now = options.now ?? (() => performance.now());
  const yieldNow = options.yieldToHost ?? yieldToHost;
  throwIfAborted(signal);
  const meter: BacklogProgress = { applied: 0, bytes: 0, ...(Array.isArray(input) && { total: input.length }) };
  const newestFirst = (options.newestFirst ?? !isStream(input)) && isEmpty(store);
  // Read from text for the newest turns first, the chunks are kept (see `pieces` below) to read the history again.
  const pieces: (string | Uint8Array)[] | undefined = newestFirst && !Array.isArray(input) ? [] : undefined;
  // Bytes are kept as copies unless a fetch made them: a stream may hand out one buffer it writes again.
  const fetched = isResponse(input as object) && (input as Response).type !== 'default';
  // Text is read a chunk of items at a time; items are then taken synchronously (no await per line).
  let batches = Array.isArray(input) ? undefined : readInputBatches(keptIn(chunksOf(input as Exclude<BacklogInput, readonly unknown[]>, meter, signal), pieces, !fetched), { keepText: pieces !== undefined });
  let queue: Iterator<InputItem> | undefined = Array.isArray(input) ? arrayItems(input as readonly unknown[]) : undefined;
  let batch: readonly InputItem[] = [];
  let at = 0;
  const replay = lineReplay(store, { batch: APPLY_EVERY });
  let malformed = 0;
  let slices = 0;
  let planned = FIRST_SLICE;
  let done = false;
  const publishEveryMs = options.publishEveryMs ?? DEFAULT_PUBLISH_MS;
  // Marked until its last notification is heard: readers then know it is history, not news.
  const gate = gates.get(store);
  if (gate) gate.backlogs = (gate.backlogs ?? 0) + 1;
  let release = holdNotifications(store);
  let endPresentation: (() => void) | undefined;
  let presented = 0;
  let published: number | undefined;
  /** Applied in order after history loading was shown: each publish shows the history so far, still loading. */
  let inOrderAfterLoading = false;
  const publish = (at: number) => {
    published = at;
    if (inOrderAfterLoading) {
      endPresentation = presentHistorySoFar(store, endPresentation);
      return;
    }
    release();
    release = holdNotifications(store);
  };
  const take = (item: InputItem): void => {
    if (item.kind === 'record') {
      replay.record(item);
      meter.applied += 1;
    } else if (item.kind === 'issue') {
      malformed += 1;
      replay.issue(item.issue);
    } else if (Array.isArray(item.value)) {
      // A whole JSON array: its events, applied in slices like an array input.
      queue = arrayItems(item.value);
    } else {
      replay.end();
      replayDocument(item.value as object, store);
      meter.applied += 1;
    }
  };
  try {
    if (newestFirst) {
      // The whole input first (text read and parsed in slices), then its newest turns, presented.
      endPresentation = presentHistorySoFar(store);
      let sliceStart = now();
      const pause = async () => {
        if (now() - sliceStart < sliceMs) return;
        onProgress?.({ ...meter });
        await yieldNow();
        throwIfAborted(signal);
        sliceStart = now();
      };
      // Each value is indexed as it is read (and parsed): `find` then reads only the newest turns.
      const index = new NewestTurnsIndex();
      // The values `find` and the projection read, by index: an array's own, or those read from text.
      const textInput = batches !== undefined;
      let valueAt = (at: number): unknown => (input as readonly unknown[])[at];
      let count = Array.isArray(input) ? input.length : 0;
      let letGo = () => {};
      if (batches) {
        // Read from text, each parsed value is let go as soon as it is indexed, but for those stating
        // the thread's facts (`threadFactAt`, kept in `held`): the lines of the newest quarter are kept
        // instead (`texts`, with their numbers), and `valueAt` parses a line again when `find` or the
        // projection reads it, the newest turns only (1,972 of the 140,000-event coding session's lines).
        // Parsed values held until the tail was found outlived each young collection: the collector
        // copied them, on the way to the newest screen. The whole input is read again from the kept
        // chunks as it is applied (the newest quarter too: its parsed values were not kept).
        const held: unknown[] = [];
        const texts: (string | undefined)[] = [];
        const lines: number[] = [];
        // Items the index refused from on (a document, a snapshot, a second session): they are
        // applied as read, and only those before them are read again.
        const items: (InputItem | undefined)[] = [];
        let firstKept: number | undefined;
        let dropped = 0;
        for (let next = await batches.next(); !next.done; next = await batches.next()) {
          for (const item of next.value) {
            const at = count++;
            const value = item.kind === 'record' ? item.value : undefined;
            if (item.kind === 'document') index.refuse();
            index.add(value);
            if (index.isRefused) {
              firstKept ??= at;
              items[at] = item;
              continue;
            }
            if (index.threadFactAt(at)) held[at] = value;
            if (item.kind === 'record') {
              texts[at] = item.text;
              lines[at] = item.line;
            }
          }
          if (!index.isRefused) {
            for (const bound = index.historyBefore(); dropped < bound; dropped++) texts[dropped] = undefined;
          }
          await pause();
        }
        // Taken out of `pieces` here (a generator's body starts at its first step).
        const chunks = pieces!.splice(0);
        const reread = firstKept ?? count;
        batches = reread > 0 ? readAgainThenKept(chunks, reread, items) : undefined;
        if (reread === 0) queue = drainItems(items as InputItem[]);
        valueAt = (at) => {
          if (held[at] !== undefined) return held[at];
          const text = texts[at];
          if (text === undefined) return undefined;
          const parsed = parseJsonLine(text, lines[at]!);
          // A line read again reads as it did (a line that did not parse kept no text).
          return (held[at] = 'issue' in parsed ? undefined : parsed.value);
        };
        letGo = () => {
          held.length = 0;
          texts.length = 0;
          lines.length = 0;
        };
      } else {
        const values = input as readonly unknown[];
        for (let i = 0; i < values.length; i++) {
          index.add(values[i]);
          if (i % PAUSE_EVERY === 0) await pause();
        }
      }
      const steps = index.findInSteps(valueAt, count);
      let step = steps.next();
      for (; !step.done; step = steps.next()) await pause();
      const newest = step.value;
      const bound = store.getState().order?.boundSession;
      // Not settled at its end (a live stream continues it), a backlog starting mid-way is held
      // whole until the live events come, while its tail alone would be applied and shown.
      if (!newest || (bound !== undefined && bound !== newest.sessionId) || (!settle && newest.startsMidWay)) {
        // Nothing to show first: the history in order, shown as it comes (its first slice, then
        // every publishEveryMs) as history still loading until the whole is applied.
        inOrderAfterLoading = true;
      } else {
        // Projecting the tail and rendering what is presented are tasks of their own.
        // Read from text, a line that is not a value (not JSON, a document) holds its place as
        // undefined: the whole reports it as a diagnostic, never as an event.
        const tail: unknown[] = [];
        for (let at = newest.start; at < count; at++) {
          const value = valueAt(at);
          if (value !== undefined || !textInput) tail.push(value);
        }
        await yieldNow();
        throwIfAborted(signal);
        const projected = projectNewestTurns(
          store,
          tail,
          newest.threadFacts.map((at) => valueAt(at)),
        );
        await yieldNow();
        throwIfAborted(signal);
        if (projected && threadsAsWhole(projected, newest.firstThreadId)) {
          endPresentation = presentNewestTurns(store, projected);
          presented = tail.length;
        } else inOrderAfterLoading = true;
        await yieldNow();
        throwIfAborted(signal);
      }
      letGo();
    }
    while (!done) {
      const start = now();
      let taken = 0;
      while (taken < planned) {
        let item: InputItem;
        if (queue) {
          const next = queue.next();
          if (next.done) {
            queue = undefined;
            if (!batches) {
              done = true;
              break;
            }
            continue;
          }
          item = next.value;
        } else if (at < batch.length) {
          item = batch[at++]!;
        } else {
          const next = await batches!.next();
          if (next.done) {
            done = true;
            break;
          }
          batch = next.value;
          at = 0;
          continue;
        }
        take(item);
        taken += 1;
        // Waiting for the network does not hold the thread, but parsing does: stop at the budget.
        if (now() - start >= sliceMs) break;
      }
      replay.end();
      slices += 1;
      const end = now();
      if (published === undefined || end - published >= publishEveryMs) publish(end);
      onProgress?.({ ...meter });
      planned = nextSlice(end - start, taken, planned, sliceMs);
      if (!done) {
        await yieldNow();
        throwIfAborted(signal);
      }
    }
    // The last slice and what subscribers render from the whole backlog are tasks of their own
    // (together they ran past 50 ms on a 100k-event session).
    await yieldNow();
    throwIfAborted(signal);
    if (settle) store.getState().settle();
    return { ...meter, malformed, slices, presented };
  } finally {
    try {
      endPresentation?.();
      release();
    } finally {
      if (gate) gate.backlogs! -= 1;
      if (!done) void batches?.return(undefined);
    }
  }
}

/** Plans the next slice from this one's cost per value: within the budget, growing at most GROWTH times. */
function nextSlice(elapsed: number, taken: number, planned: number, sliceMs: number): number {
  if (taken === 0) return planned;
  const perValue = elapsed / taken;
  const fits = perValue > 0 ? Math.floor((sliceMs * PLANNED_SHARE) / perValue) : Infinity;
  return Math.max(1, Math.min(fits, taken * GROWTH));
}

/**
 * The items read from text, each let go as it is taken: held by an array iterator to the end, every
 * parsed event of the backlog stayed alive until the last was applied (140,000 events of the coding
 * session: 63-67 MB live through the application; 48, 36, 24, 13 MB at each quarter once let go).
 */
function* drainItems<T>(items: (T | undefined)[]): Generator<T> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    items[i] = undefined;
    yield item;
  }
}

function* arrayItems(values: readonly unknown[]): Generator<InputItem> {
  for (const value of values) yield { kind: 'record', value } as InputItem;
}

/**
 * The first `count` items read again from `pieces` (the input's chunks, each let go as read), then
 * `items` from `count` on (each let go as taken), a batch at a time: the same items the first read
 * gave, for the reading of a chunked input does not depend on where its chunks end.
 */
async function* readAgainThenKept(pieces: (string | Uint8Array | undefined)[], count: number, items: (InputItem | undefined)[]): AsyncGenerator<InputItem[]> {
  let read = 0;
  for await (const batch of readInputBatches(drainItems(pieces))) {
    if (read + batch.length >= count) {
      yield batch.slice(0, count - read);
      break;
    }
    read += batch.length;
    yield batch;
  }
  // The chunks past the history (the tail's, never read again) are let go now, not once every
  // kept item is applied.
  pieces.length = 0;
  for (let from = count; from < items.length; from += APPLY_EVERY) {
    const batch = items.slice(from, from + APPLY_EVERY) as InputItem[];
    items.fill(undefined, from, from + APPLY_EVERY);
    yield batch;
  }
}

/**
 * `chunks`, each also kept in `pieces` when given; bytes as a copy when `copy` (a stream that
 * writes its next chunk into the buffer of the last, which its reader has read, gave a history
 * read again from other bytes than the first read's).
 */
async function* keptIn(chunks: AsyncIterable<string | Uint8Array>, pieces: (string | Uint8Array)[] | undefined, copy: boolean): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of chunks) {
    pieces?.push(copy && typeof chunk !== 'string' ? chunk.slice() : chunk);
    yield chunk;
  }
}

/** The input as chunks for the CLI's line reader, counting bytes as they are read. */
async function* chunksOf(input: string | Response | ReadableStream<Uint8Array | ArrayBuffer | string>, meter: BacklogProgress, signal: AbortSignal | undefined): AsyncGenerator<string | Uint8Array> {
  if (typeof input === 'string') {
    for (let start = 0; start < input.length; ) {
      // Never split a surrogate pair: the bytes of each chunk are counted as UTF-8.
      const end = pieceEnd(input, start, STRING_CHUNK);
      const chunk = input.slice(start, end);
      meter.bytes += utf8Length(chunk);
      start = end;
      yield chunk;
    }
    return;
  }
  let stream: ReadableStream<Uint8Array | ArrayBuffer | string>;
  if (isResponse(input)) {
    if (!input.ok) throw new Error(`the backlog could not be read: HTTP ${input.status}`);
    const length = Number(input.headers.get('content-length'));
    if (Number.isFinite(length) && length > 0 && !input.headers.get('content-encoding')) meter.totalBytes = length;
    if (!input.body) return;
    stream = input.body;
  } else stream = input;
  const reader = stream.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  // The last text chunk ended with the first half of a surrogate pair: its second half, starting
  // the next, completes a 4-byte character (counted alone, each half is the 3 bytes of U+FFFD).
  let pairOpen = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // An abort cancels the reader, which ends the read as if the input ended: it did not, and
      // the cut input must not be read as the whole (its last line a malformed one).
      throwIfAborted(signal);
      if (done) return;
      if (typeof value === 'string') {
        meter.bytes += utf8Length(value) - (pairOpen && isLowSurrogate(value.charCodeAt(0)) ? 2 : 0);
        if (value.length > 0) pairOpen = isHighSurrogate(value.charCodeAt(value.length - 1));
        yield value;
        continue;
      }
      const bytes = asBytes(value);
      // A body may arrive as one large chunk: decode and split it a piece at a time.
      for (let at = 0; at < bytes.byteLength; at += BYTE_CHUNK) {
        const piece = bytes.subarray(at, Math.min(bytes.byteLength, at + BYTE_CHUNK));
        meter.bytes += piece.byteLength;
        yield piece;
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}

/** A stream chunk as bytes: a Uint8Array, any other view of bytes, or an ArrayBuffer (Node's file streams hand those out). */
function asBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new TypeError(`openBacklog reads streams of text or bytes; a chunk was ${value === null ? 'null' : typeof value}`);
}

const isStream = (input: BacklogInput): boolean => typeof input === 'object' && !Array.isArray(input) && !isResponse(input as object);

/** Session facts a store holds before any fact: the presentation may replace these (they name the session, nothing of it). */
const NAMING_SESSION_FACTS: ReadonlySet<string> = new Set(['sessionId', 'runtimeId', 'schemaVersion', 'stale', 'unavailableFacts']);

/**
 * Nothing applied yet: no event received, no record in any table (a snapshot's tasks, a diagnostic),
 * no queue, no session fact beyond its name. A presentation replaces the entity tables and the
 * session facts, so over any fact already shown it would take that fact back.
 */
function isEmpty(store: RuntimeStore): boolean {
  const state = store.getState();
  if (state.counts.received !== 0 || state.queue.length > 0 || state.session.stale || state.session.unavailableFacts.length > 0) return false;
  for (const name of TABLE_NAMES) if (state[name].byId.size > 0) return false;
  for (const key of Object.keys(state.session)) if (!NAMING_SESSION_FACTS.has(key)) return false;
  return true;
}

const isResponse = (input: object): input is Response => typeof (input as Response).headers === 'object' && 'bodyUsed' in input;

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  const reason: unknown = signal.reason;
  throw reason instanceof Error && reason.name === 'AbortError' ? reason : new DOMException('openBacklog was aborted', 'AbortError');
}

/** Gives the host the thread: `scheduler.yield` where there is one, else a MessageChannel task, else a timer. */
export function yieldToHost(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
