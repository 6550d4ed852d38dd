// What `agentui record` does with a live source, apart from processes and files: each event is
// redacted with the display policy and written once (by eventId, so a reconnect's or a resumed
// run's re-sends are not written twice), and the recording stops when the turn it saw ends, the
// stream ends, or the caller stops it (Ctrl-C).
import { normalizeEvent } from '../protocol/normalizeEvent';
import { redactForRecording, type RecordingRedaction } from '../protocol/redactRecording';
import type { RuntimeEventSource, SourceStatus } from '../stream/types';

const TURN_OPENS = new Set(['turn.submitted', 'turn.started']);
const TURN_ENDS = new Set(['turn.completed', 'turn.failed', 'turn.cancelled']);

/** Options of `recordSession`: where lines go, when to stop, what was already recorded. */
export interface RecorderOptions {
  /** Receives each batch of JSONL lines (each ends with a newline), in order. */
  write(lines: string): void;
  /** `turn-end` (default): stop once every turn seen has ended; `end`: only when the stream ends. */
  until?: 'turn-end' | 'end';
  /** After the turn's end, how long to keep the events the runtime sends right after it (a `snapshot.updated`). Default 500 ms. */
  settleMs?: number;
  /** Event ids already in the recording (a resumed run): not written again. */
  recorded?: Iterable<string>;
  /** The recording's line number of the first line written (a resumed run appends). Default 1. */
  firstLine?: number;
  /** Told of reconnects and transport diagnostics while recording. */
  onNotice?(message: string): void;
}

/** One redaction, where it is in the recording. */
export interface RecordedRedaction extends RecordingRedaction {
  line: number;
  eventId?: string;
  type?: string;
}

/** What a recording run did. */
export interface RecordingReport {
  /** Events written by this run. */
  written: number;
  /** Events not written because their eventId was already recorded. */
  duplicates: number;
  /** Values that were not events (no object), skipped. */
  skipped: number;
  firstSequence?: number;
  lastSequence?: number;
  redactions: RecordedRedaction[];
  /** Malformed frames and transport faults the source reported. */
  diagnostics: string[];
  stoppedBy: 'turn-end' | 'stream-end' | 'stopped' | 'error';
  /** Why the source gave up, with `stoppedBy: 'error'`. */
  error?: string;
}

/** A recording in progress: `done` resolves with its report; `stop()` ends it (Ctrl-C). */
export interface RecordingRun {
  done: Promise<RecordingReport>;
  stop(): void;
}

const stringField = (value: unknown, key: string): string | undefined => {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === 'string' ? field : undefined;
};

/**
 * Records a live source into JSONL lines: redacted, deduplicated by eventId, in arrival order.
 * Never throws; a source that gives up ends the run with `stoppedBy: 'error'`.
 */
export function recordSession(source: RuntimeEventSource, options: RecorderOptions): RecordingRun {
  const until = options.until ?? 'turn-end';
  const settleMs = options.settleMs ?? 500;
  const recorded = new Set(options.recorded ?? []);
  const openTurns = new Set<string>();
  let turnEnded = false;
  let line = options.firstLine ?? 1;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const report: RecordingReport = { written: 0, duplicates: 0, skipped: 0, redactions: [], diagnostics: [], stoppedBy: 'stopped' };
  let resolve!: (report: RecordingReport) => void;
  const done = new Promise<RecordingReport>((r) => (resolve = r));

  function finish(stoppedBy: RecordingReport['stoppedBy'], error?: string): void {
    if (finished) return;
    finished = true;
    if (settleTimer) clearTimeout(settleTimer);
    source.close();
    resolve({ ...report, stoppedBy, ...(error !== undefined && { error }) });
  }

  function noteTurn(raw: unknown): void {
    const event = normalizeEvent(raw);
    if (!event?.turnId) return;
    if (TURN_OPENS.has(event.type)) openTurns.add(event.turnId);
    if (TURN_ENDS.has(event.type)) {
      openTurns.delete(event.turnId);
      turnEnded = true;
    }
  }

  function events(batch: unknown[]): void {
    if (finished) return;
    let text = '';
    for (const raw of batch) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        report.skipped += 1;
        continue;
      }
      const eventId = stringField(raw, 'eventId');
      if (eventId !== undefined && recorded.has(eventId)) {
        report.duplicates += 1;
        continue;
      }
      if (eventId !== undefined) recorded.add(eventId);
      const { value, redactions } = redactForRecording(raw);
      for (const redaction of redactions) report.redactions.push({ ...redaction, line, eventId, type: stringField(raw, 'type') });
      const sequence = (raw as { sequence?: unknown }).sequence;
      if (typeof sequence === 'number') {
        report.firstSequence ??= sequence;
        report.lastSequence = sequence;
      }
      text += `${JSON.stringify(value)}\n`;
      line += 1;
      report.written += 1;
      noteTurn(raw);
    }
    if (text !== '') options.write(text);
    if (until === 'turn-end' && turnEnded && openTurns.size === 0) {
      // Keep what the runtime sends right after the turn (its snapshot), then stop.
      if (settleTimer) clearTimeout(settleTimer);
      settleTimer = setTimeout(() => finish('turn-end'), settleMs);
    }
  }

  function status(next: SourceStatus, detail?: { attempt?: number; delayMs?: number; error?: string }): void {
    if (next === 'ended') finish(turnEnded && until === 'turn-end' ? 'turn-end' : 'stream-end');
    else if (next === 'error') finish('error', detail?.error ?? 'the source failed');
    else if (next === 'reconnecting') options.onNotice?.(`reconnecting (attempt ${detail?.attempt ?? '?'}${detail?.error ? `: ${detail.error}` : ''})`);
  }

  source.start({
    events,
    status,
    diagnostic(diagnostic) {
      const text = `${diagnostic.code}: ${diagnostic.message}`;
      report.diagnostics.push(text);
      options.onNotice?.(text);
    },
  });
  return { done, stop: () => finish('stopped') };
}
