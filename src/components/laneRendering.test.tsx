// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, stubLayout, storeFrom } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { Conversation } from './Conversation';
import { ToolGroup } from './ToolCall';

// Opening a long session (issue 14): a lane's rendering cost follows what is in view, not the
// session's length. Before, the Tools lane mounted every call of the session in one commit.

/** One turn with `count` finished tool calls. */
function manyTools(count: number): unknown[] {
  const ev = eventBuilder();
  const events: unknown[] = [ev('turn.started', turn())];
  for (let n = 0; n < count; n++) {
    events.push(ev('tool.started', toolIds(n), { toolName: `tool_${n}` }));
    events.push(ev('tool.result', toolIds(n), { preview: `result ${n}` }));
  }
  return events;
}

describe('lanes render what is in view', () => {
  beforeAll(() => stubLayout(600));
  afterEach(cleanup);

  it('the Tools lane of a 2,000-call session mounts a bounded number of rows', () => {
    const store = storeFrom(manyTools(2_000));
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    const group = container.querySelector('.aui-tool-group')!;
    expect(group.getAttribute('data-count')).toBe('2000');
    const mounted = group.querySelectorAll('.aui-tool-call').length;
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThanOrEqual(20);
  });

  it('a hidden lane renders none of its rows', () => {
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, storeFrom(manyTools(200)));
    expect(container.querySelectorAll('.aui-timeline__entry')).toHaveLength(0);
  });

  it('every row is mounted when virtualization is off (server rendering, short lists)', () => {
    const { container } = renderWith(<ToolGroup virtualize={false} />, storeFrom(manyTools(50)));
    expect(container.querySelectorAll('.aui-tool-call')).toHaveLength(50);
  });

  it('a commit that brings a new window renders the rows in view at once and the overscan over the next frames, two per frame', async () => {
    const ev = eventBuilder();
    const events: unknown[] = [];
    for (let t = 0; t < 60; t++) {
      events.push(ev('turn.submitted', turn(`turn-${t}`), { text: `question ${t}` }));
      events.push(ev('model.delta', turn(`turn-${t}`), { delta: `answer ${t}` }));
      events.push(ev('turn.completed', turn(`turn-${t}`)));
    }
    // Estimated as measured (every element is 600 px in this layout, as is the view): one or two rows in view, the rest overscan.
    const { container } = renderWith(<Conversation estimateRowHeight={600} />, storeFrom(events));
    const rows = () => [...container.querySelectorAll('.aui-conversation__row')];
    const filled = () => rows().filter((row) => row.childElementCount > 0).length;
    const mounted = rows().length;
    expect(mounted).toBeGreaterThan(5);
    const first = filled();
    expect(first).toBeLessThanOrEqual(2 + 2);
    expect(first).toBeGreaterThan(0);
    const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    await frame();
    expect(filled()).toBe(Math.min(mounted, first + 2));
    for (let i = 0; i < 10; i++) await frame();
    expect(filled()).toBe(rows().length);
  });

  it('a record added to a lane that already holds some does not re-render the workbench (its tab count does)', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', turn()), ev('tool.started', toolIds(0), { toolName: 'tool_0' })], false);
    const counts = new Map<string, number>();
    (globalThis as { __AUI_RENDER_COUNTS__?: Map<string, number> }).__AUI_RENDER_COUNTS__ = counts;
    try {
      const { container } = renderWith(<AgentWorkbench defaultLane="timeline" />, store);
      const before = counts.get('Conversation:');
      act(() => store.getState().ingest([ev('tool.started', toolIds(1), { toolName: 'tool_1' })]));
      expect(container.querySelector('.aui-tabs__count[data-lane="tools"]')?.getAttribute('data-count')).toBe('2');
      // The conversation re-renders only when its own slice changes, not because the workbench did.
      expect(counts.get('Conversation:')).toBe(before);
    } finally {
      delete (globalThis as { __AUI_RENDER_COUNTS__?: Map<string, number> }).__AUI_RENDER_COUNTS__;
    }
  });
});

