import { BYTE_ORDER_MARK, parseJsonl, tryParseJson, type JsonlIssue } from '../protocol/parseJsonl';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';

/** What `replayText` produced: the filled store and what kind of input it read. */
export interface ReplayTextResult {
  store: RuntimeStore;
  /** What the input was: JSON Lines of events, or a single JSON document of some kind. */
  input: 'jsonl' | 'json-array' | RuntimeDocumentKind;
}

/**
 * Replays a whole recorded input into a store: JSON Lines of events (malformed lines become
 * `invalid_json` diagnostics at their line), a JSON array of events, or one JSON document (an
 * event, a snapshot / read model, or an evidence pack). Open sequence gaps are settled at the end,
 * because a recording that ends cannot fill them. Never throws.
 */
export function replayText(text: string, store: RuntimeStore = createRuntimeStore()): ReplayTextResult {
  // A byte order mark before one document is not text (parseJsonl drops it from lines, as the CLI's reader does).
  const whole = tryParseJson(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);
  if (whole.ok && typeof whole.value === 'object' && whole.value !== null) {
    const input = replayDocument(whole.value, store);
    store.getState().settle();
    return { store, input };
  }
  const { records, issues } = parseJsonl(text);
  const replay = lineReplay(store);
  // Records and parse issues in line order, so diagnostics read top to bottom.
  for (let r = 0, i = 0; r < records.length || i < issues.length; ) {
    if (i < issues.length && (r >= records.length || issues[i]!.line < records[r]!.line)) replay.issue(issues[i++]!);
    else replay.record(records[r++]!);
  }
  replay.end();
  store.getState().settle();
  return { store, input: 'jsonl' };
}

/** Replays one whole JSON document: an array of events, an event, a snapshot / read model, or a pack. */
export function replayDocument(value: object, store: RuntimeStore): ReplayTextResult['input'] {
  const state = store.getState();
  if (Array.isArray(value)) {
    state.ingest(value);
    return 'json-array';
  }
  const kind = classifyDocument(value);
  if (kind === 'event') state.ingest([value], { lines: [1] });
  else state.applyReadModel(value);
  return kind;
}

export interface LineReplay {
  /** A value read from the input; `line` when it came from a line (an array item has none, and is read as an event). */
  record(record: { line?: number; value: unknown }): void;
  issue(issue: JsonlIssue): void;
  /** Applies what is still batched; the caller settles. */
  end(): void;
  /** Values batched and not applied yet. */
  batched(): number;
}

export interface LineReplayOptions {
  /** Values batched before they are applied on their own. Default 1,024; Infinity: only `end` applies them. */
  batch?: number;
}

const BATCH = 1_024;

/**
 * Replays JSON Lines one line at a time, in line order, for inputs too large to hold: events are
 * ingested in bounded batches, a snapshot or read-model line hydrates in place, and a line that
 * could not be read becomes a diagnostic at its line.
 */
export function lineReplay(store: RuntimeStore, options: LineReplayOptions = {}): LineReplay {
  const limit = options.batch ?? BATCH;
  let batch: unknown[] = [];
  let lines: (number | undefined)[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    store.getState().ingest(batch, { lines });
    batch = [];
    lines = [];
  };
  return {
    record({ line, value }) {
      // A snapshot hydrates as a line of its own; an array's item is an event, as `replayDocument`
      // and `agentui validate` read an array.
      const kind = line === undefined ? 'event' : classifyDocument(value);
      if (kind === 'session-snapshot' || kind === 'thread-read-model') {
        flush();
        store.getState().applyReadModel(value);
        return;
      }
      batch.push(value);
      lines.push(line);
      if (batch.length >= limit) flush();
    },
    issue(issue) {
      flush();
      store.getState().recordDiagnostic({ code: issue.code, severity: 'error', message: issue.message, line: issue.line });
    },
    end: flush,
    batched: () => batch.length,
  };
}
