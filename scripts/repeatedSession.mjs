// A fixture repeated into a long session: every repetition's event ids, sequences and scoped ids
// made fresh (`r<rep>-` before each), so nothing is deduped and every turn, tool call and action is
// its own. What the benches and the backlog tests open as "the coding session at 100,000 events".
import { readFileSync } from 'node:fs';

/** The envelope ids a repetition makes fresh (besides `eventId`). */
export const SCOPED_IDS = ['turnId', 'stepId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'runId', 'subagentId', 'messageId'];

/** `fixtures/<name>.jsonl` repeated to `count` events, as JSON lines (sequences 1..count). */
export function repeatedFixtureLines(count, name = 'coding-session') {
  const base = readFileSync(new URL(`../fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const lines = [];
  for (let rep = 0; lines.length < count; rep++) {
    for (const event of base) {
      if (lines.length >= count) break;
      const copy = { ...event, eventId: `r${rep}-${event.eventId}`, sequence: lines.length + 1 };
      for (const key of SCOPED_IDS) if (typeof copy[key] === 'string') copy[key] = `r${rep}-${copy[key]}`;
      lines.push(JSON.stringify(copy));
    }
  }
  return lines;
}
