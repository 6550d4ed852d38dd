// What the newest-first tests check a presentation against (src/stream/newestFirst*.test.ts): every
// record shown is the whole backlog's own record, the session shown is the whole's, counts shown
// are at most the whole's. And how they build backlogs.
import { expect } from 'vitest';
import type { RuntimeState } from '../src/store/createRuntimeStore';
import type { TableName } from '../src/store/state';
import type { BacklogOptions } from '../src/stream/openBacklog';
import { shortTurns } from './shortTurns';

export const immediate: BacklogOptions['yieldToHost'] = () => Promise.resolve();

/** A value as JSON says it (id lists, Maps and Sets as arrays and objects): records compare by content. */
export const plain = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v)) ?? 'null');

/** The tables whose records a presentation shows (the session-wide ones wait for the whole backlog). */
export const PRESENTED: readonly TableName[] = ['threads', 'turns', 'messages', 'subagentMessages', 'parts', 'toolCalls', 'actions', 'artifacts', 'evidence', 'tasks', 'subagents'];

/** Every record the presentation showed is the whole backlog's record of that id. */
export function expectRecordsAreFinal(shown: RuntimeState, final: RuntimeState): void {
  for (const table of PRESENTED) {
    for (const [id, record] of shown[table].byId) {
      // The thread lists only the tail's turns: its own fields are the whole's, its turn list a suffix of the whole's.
      if (table === 'threads') {
        const { turnIds: whole, ...wholeFields } = plain(final.threads.byId.get(id as string)) as { turnIds: string[] };
        const { turnIds: part, ...partFields } = plain(record) as { turnIds: string[] };
        expect(whole.slice(whole.length - part.length), `thread ${String(id)}`).toEqual(part);
        expect(partFields, `thread ${String(id)}`).toEqual(wholeFields);
        continue;
      }
      expect(plain((final[table].byId as Map<string, unknown>).get(id as string)), `${table} ${String(id)}`).toEqual(plain(record));
    }
  }
}

/** The session facts shown are the whole's; each count shown is at most the whole's. */
export function expectSessionIsFinal(shown: RuntimeState, final: RuntimeState): void {
  expect(plain(shown.session)).toEqual(plain(final.session));
  for (const [key, count] of Object.entries(shown.counts)) expect(count, key).toBeLessThanOrEqual(final.counts[key as keyof typeof final.counts]);
}

/** Events numbered 1..n, each with an id of its own place. */
export const renumber = (events: readonly Record<string, unknown>[]): Record<string, unknown>[] => events.map((e, i) => ({ ...e, sequence: i + 1, eventId: `e${i + 1}` }));

/** `n` short turns of another thread. */
export const otherThread = (n: number, threadId: string) =>
  shortTurns(n).map((e) => ({ ...e, threadId, turnId: `${threadId}:${String(e.turnId)}`, ...(typeof e.toolCallId === 'string' && { toolCallId: `${threadId}:${e.toolCallId}` }) }));

/** The events without their fields set to undefined (as JSON would carry them). */
export const withoutUndefined = (events: readonly Record<string, unknown>[]) => events.map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)));

/** The events as JSON Lines. */
export const jsonLines = (events: readonly unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';
