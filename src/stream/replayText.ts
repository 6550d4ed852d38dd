import { parseJsonl, tryParseJson } from '../protocol/parseJsonl';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';

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
  const state = () => store.getState();
  const whole = tryParseJson(text);
  if (whole.ok && Array.isArray(whole.value)) {
    state().ingest(whole.value);
    state().settle();
    return { store, input: 'json-array' };
  }
  if (whole.ok && typeof whole.value === 'object' && whole.value !== null) {
    const kind = classifyDocument(whole.value);
    if (kind === 'event') state().ingest([whole.value], { lines: [1] });
    else state().hydrate(whole.value);
    state().settle();
    return { store, input: kind };
  }
  const { records, issues } = parseJsonl(text);
  let r = 0;
  let i = 0;
  // Walk records and parse issues in line order, so diagnostics read top to bottom.
  while (r < records.length || i < issues.length) {
    const issue = issues[i];
    if (issue && (r >= records.length || issue.line < records[r]!.line)) {
      state().recordDiagnostic({ code: issue.code, severity: 'error', message: issue.message, line: issue.line });
      i += 1;
      continue;
    }
    const batch: unknown[] = [];
    const lines: number[] = [];
    while (r < records.length && (issue === undefined || records[r]!.line < issue.line)) {
      const record = records[r]!;
      const kind = classifyDocument(record.value);
      if (kind === 'session-snapshot' || kind === 'thread-read-model') {
        if (batch.length > 0) state().ingest(batch.splice(0), { lines: lines.splice(0) });
        state().hydrate(record.value);
      } else {
        batch.push(record.value);
        lines.push(record.line);
      }
      r += 1;
    }
    if (batch.length > 0) state().ingest(batch, { lines });
  }
  state().settle();
  return { store, input: 'jsonl' };
}
