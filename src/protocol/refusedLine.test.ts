import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { parseJsonl } from './parseJsonl';
import { validateEvent } from './validateEvent';

const t1 = turn();

/** args nested `depth` levels: {a:{a:...}} */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

function sessionLines(middle: (ev: ReturnType<typeof eventBuilder>) => unknown) {
  const ev = eventBuilder();
  return [
    ev('turn.submitted', t1, { text: 'go' }),
    ev('turn.started', t1),
    middle(ev),
    ev('tool.started', toolIds(2), { toolName: 'read' }),
    ev('tool.result', toolIds(2), { preview: 'ok' }),
    ev('model.completed', t1, { text: 'Done.' }),
    ev('turn.completed', t1),
  ].map((event) => JSON.stringify(event));
}

// Issue 22 item 4: a refused line is reported and still consumes its place in the order.
describe('a refused line keeps its place', () => {
  it('a schema-valid tool.started whose args nest 70 levels: reported, no gap, not stale, the turn completes', () => {
    const lines = sessionLines((ev) => ev('tool.started', toolIds(1), { toolName: 'deep', args: nested(70) }));
    const { records } = parseJsonl(lines.join('\n'));
    const store = createRuntimeStore();
    const report = store.getState().ingest(records.map((r) => r.value), { lines: records.map((r) => r.line) });
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(report.counts).toMatchObject({ received: 7, applied: 6, invalid: 1, pending: 0, late: 0 });
    expect(summary.stale).toBe(false);
    expect(summary.status).toBe('completed');
    expect(summary.tools.map((t) => t.toolCallId)).toEqual(['tc-2']);
    expect(summary.diagnostics).toEqual([{ code: 'too_deep', eventId: JSON.parse(lines[2]!).eventId, line: 3 }]);
  });

  it('a line over the length bound: reported as line_too_long, keeps its place the same way', () => {
    const lines = sessionLines((ev) => ev('tool.progress', toolIds(1), { message: 'x'.repeat(5_000) }));
    const { records } = parseJsonl(lines.join('\n'), { maxLineChars: 4_096 });
    const store = createRuntimeStore();
    const report = store.getState().ingest(records.map((r) => r.value), { lines: records.map((r) => r.line) });
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(report.counts).toMatchObject({ received: 7, applied: 6, invalid: 1, pending: 0 });
    expect(summary.stale).toBe(false);
    expect(summary.status).toBe('completed');
    expect(summary.diagnostics).toEqual([{ code: 'line_too_long', eventId: JSON.parse(lines[2]!).eventId, line: 3 }]);
  });

  it('validateEvent refuses the place-holder with the reason, and it holds no part of the refused value', () => {
    const lines = sessionLines((ev) => ev('tool.started', toolIds(1), { toolName: 'deep', args: nested(70) }));
    const { records } = parseJsonl(lines.join('\n'));
    const held = records[2]!.value;
    expect(validateEvent(held)).toMatchObject({ valid: false, applicable: false, issues: [{ code: 'too_deep', severity: 'error' }] });
    expect(JSON.stringify(held)).not.toContain('"a"');
  });
});
