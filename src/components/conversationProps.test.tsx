// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { Conversation, type ConversationProps } from './Conversation';

/** Renders a conversation, and re-renders it with new props under the same provider. */
function conversation(store: RuntimeStore, props: ConversationProps = {}) {
  const view = renderWith(<Conversation {...props} />, store);
  const rerenderUi = view.rerender;
  const rerender = (next: ConversationProps) =>
    rerenderUi(
      <RuntimeProvider store={store}>
        <div className="aui-root">
          <Conversation {...next} />
        </div>
      </RuntimeProvider>,
    );
  return Object.assign(view, { rerender });
}

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  delete (globalThis as { __AUI_RENDER_COUNTS__?: unknown }).__AUI_RENDER_COUNTS__;
});
const t1 = turn();

/** Memoised rows: what the conversation is given reaches every row, and a delta still re-renders one part. */
describe('Conversation passes its props to memoised rows', () => {
  it('new labels re-render the rows', () => {
    const store = storeFrom(fixtureEvents('tool-success'));
    const view = conversation(store, { labels: { 'conversation.assistant': 'Assistant' } });
    expect(view.container.querySelector('[data-role="assistant"] .aui-message__author')!.textContent).toBe('Assistant');
    // The fixture times its reasoning, so the toggle says how long it took.
    expect(view.container.querySelector('.aui-reasoning__toggle')!.textContent).toContain('Thought for');
    view.rerender({ labels: { 'conversation.assistant': 'Assistant·e', 'conversation.thoughtFor': 'Réflexion : {time}' } });
    expect(view.container.querySelector('[data-role="assistant"] .aui-message__author')!.textContent).toBe('Assistant·e');
    expect(view.container.querySelector('.aui-reasoning__toggle')!.textContent).toContain('Réflexion :');
  });

  it('a new onOpenOutput is the one called, and one given later shows the open button', async () => {
    const user = userEvent.setup();
    const store = storeFrom(fixtureEvents('tool-success'));
    const view = conversation(store);
    // The whole header row is the toggle; its name starts with the tool's name.
    await user.click(screen.getByRole('button', { name: /^read_file/ }));
    expect(screen.queryByRole('button', { name: 'Open full output' })).toBeNull();
    const first = vi.fn();
    view.rerender({ onOpenOutput: first });
    await user.click(screen.getByRole('button', { name: 'Open full output' }));
    expect(first).toHaveBeenCalledWith('output://tc-1', 'tc-1');
    const second = vi.fn();
    view.rerender({ onOpenOutput: second });
    await user.click(screen.getByRole('button', { name: 'Open full output' }));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('a new clock reaches the action cards in the rows', () => {
    const ev = eventBuilder();
    const expiresAt = '2026-06-09T10:10:00.000Z';
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow?', expiresAt })]);
    const before = () => Date.parse(expiresAt) - 60_000;
    const after = () => Date.parse(expiresAt) + 60_000;
    const view = conversation(store, { now: before });
    const expiry = () => view.container.querySelector('.aui-action__expiry')!;
    expect(expiry().getAttribute('data-deadline')).toBe('ahead');
    view.rerender({ now: after });
    expect(expiry().getAttribute('data-deadline')).toBe('passed');
  });

  it('re-rendering with the same props re-renders no row, and a delta re-renders only its part', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('model.delta', t1, { delta: 'Hi' }), ev('tool.started', toolIds(1)), ev('model.delta', t1, { delta: ' there' })], false);
    const counts = new Map<string, number>();
    (globalThis as { __AUI_RENDER_COUNTS__?: unknown }).__AUI_RENDER_COUNTS__ = counts;
    const labels = { 'conversation.assistant': 'Bot' };
    const onOpenOutput = () => undefined;
    const view = conversation(store, { labels, onOpenOutput });
    const snapshot = new Map(counts);
    view.rerender({ labels, onOpenOutput });
    // An inline callback (a new function each render) must not re-render every row either.
    view.rerender({ labels, onOpenOutput: () => undefined });
    const rows = [...counts].filter(([k, v]) => k !== 'Conversation:' && v !== snapshot.get(k));
    expect(rows).toEqual([]);
    act(() => void store.getState().ingest([ev('model.delta', t1, { delta: '!' })]));
    const changed = [...counts].filter(([k, v]) => v !== snapshot.get(k) && k !== 'Conversation:').map(([k]) => k);
    expect(changed).toEqual([`Part:${store.getState().messages.byId.get('turn-1:assistant')!.partIds[2]}`]);
  });

  // Issue 22: labels and a components map written inline, as the docs show, are new objects every
  // render; while they say the same, no row re-renders.
  it('inline labels and an inline components map that say the same re-render no row', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('model.delta', t1, { delta: 'Hi' }), ev('tool.started', toolIds(1), { toolName: 'get_weather' }), ev('model.delta', t1, { delta: ' there' })], false);
    const counts = new Map<string, number>();
    (globalThis as { __AUI_RENDER_COUNTS__?: unknown }).__AUI_RENDER_COUNTS__ = counts;
    const Weather = () => <p>weather</p>;
    const props = (): ConversationProps => ({ labels: { 'conversation.assistant': 'Bot' }, components: { Tool: { byName: { get_weather: Weather } } } });
    const view = conversation(store, props());
    const snapshot = new Map(counts);
    for (let i = 0; i < 10; i++) view.rerender(props());
    expect([...counts].filter(([k, v]) => k !== 'Conversation:' && v !== snapshot.get(k))).toEqual([]);
    // A map that renders another component is new: the rows re-render with it.
    const Other = () => <p>other</p>;
    view.rerender({ ...props(), components: { Tool: { byName: { get_weather: Other } } } });
    expect(view.container.textContent).toContain('other');
  });
});
