// "Save as fixture": what the store was given, as the JSONL `agentui replay`, `agentui story` and
// the fixture server read. Events and snapshots become lines (a snapshot line hydrates in place);
// secrets go first, with the same redaction `agentui record` applies.
import { redactForRecording } from '../../protocol/redactRecording';
import type { StoreOperation } from './operationLog';

/** A saved fixture: its JSONL and what went into it. */
export interface SavedFixture {
  text: string;
  /** Event and snapshot lines written. */
  lines: number;
  /** Values redacted. */
  redactions: number;
  /** Operations a JSONL file cannot hold (settle, stale marks, outside diagnostics, older-history pages). */
  left: number;
}

/** The log's events and snapshots as JSON Lines, secrets redacted. */
export function fixtureText(entries: readonly StoreOperation[]): SavedFixture {
  let text = '';
  let lines = 0;
  let redactions = 0;
  let left = 0;
  for (const entry of entries) {
    const value = entry.kind === 'event' ? entry.event : entry.kind === 'snapshot' && !entry.older ? entry.snapshot : undefined;
    if (value === undefined) {
      left += 1;
      continue;
    }
    const redacted = redactForRecording(value);
    redactions += redacted.redactions.length;
    text += `${JSON.stringify(redacted.value)}\n`;
    lines += 1;
  }
  return { text, lines, redactions, left };
}
