import { parseJsonl, type JsonlIssue } from '../protocol/parseJsonl';
import type { ReplaySource } from './replaySource';

/** A fixture line that is not an event (not JSON, nested too deep), kept in its place in the recording. */
export interface MalformedLine {
  malformed: JsonlIssue;
}

export const isMalformed = (item: unknown): item is MalformedLine =>
  typeof item === 'object' && item !== null && 'malformed' in item && Object.keys(item).length === 1;

/**
 * The fixture's lines in order: events, and malformed lines as markers, never dropped. Playback
 * hands the markers to the kit as the diagnostics a transport would report (`invalid_json` at its
 * line), so a fixture's malformed lines show where the kit shows them.
 */
export function fixtureLines(text: string): unknown[] {
  const { records, issues } = parseJsonl(text);
  const items: { line: number; item: unknown }[] = [
    ...records.map((r) => ({ line: r.line, item: r.value })),
    ...issues.map((issue) => ({ line: issue.line, item: { malformed: issue } satisfies MalformedLine })),
  ];
  return items.sort((a, b) => a.line - b.line).map((x) => x.item);
}

/** Replays fixture lines: events go to the kit as events, malformed lines as diagnostics, in order. */
export function deliverMalformedAsDiagnostics(source: ReplaySource): ReplaySource {
  return {
    ...source,
    start(handlers) {
      source.start({
        ...handlers,
        events(batch) {
          let run: unknown[] = [];
          for (const item of batch) {
            if (!isMalformed(item)) {
              run.push(item);
              continue;
            }
            if (run.length > 0) handlers.events(run);
            run = [];
            const { code, message, line } = item.malformed;
            handlers.diagnostic?.({ code, severity: 'error', message, line });
          }
          if (run.length > 0) handlers.events(run);
        },
      });
    },
  };
}
