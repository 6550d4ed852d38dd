// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { Conversation } from './Conversation';
import type { ToolComponentProps } from './conversationComponents';
import { ANNOUNCE_QUIET_MS, LiveAnnouncer } from './LiveAnnouncer';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from '../stream/openBacklog';

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Three turns, the last with a tool call: user and assistant messages, controls inside. */
function threeTurns() {
  const ev = eventBuilder();
  const events = [];
  for (let i = 1; i <= 3; i++) {
    const t = turn(`turn-${i}`);
    events.push(ev('turn.submitted', t, { text: `Question ${i}` }), ev('turn.started', t));
    if (i === 3) events.push(ev('tool.started', toolIds(1, 'turn-3'), { toolName: 'read_file' }), ev('tool.completed', toolIds(1, 'turn-3'), {}));
    events.push(ev('model.completed', t, { text: `Answer ${i}` }), ev('turn.completed', t));
  }
  return storeFrom(events);
}

const messages = (container: Element) => [...container.querySelectorAll<HTMLElement>('.aui-message')];
const tabStops = (container: Element) => messages(container).filter((m) => m.tabIndex === 0);

describe('the thread is one tab stop (roving tabindex)', () => {
  it('only the latest message is in the tab order; arrows, Home and End move focus and the tab stop', async () => {
    const { container } = renderWith(<Conversation virtualize={false} />, threeTurns());
    const all = messages(container);
    expect(all).toHaveLength(6);
    expect(tabStops(container)).toEqual([all[5]]);
    // Entering the thread by keyboard (its entry stop) lands on the active message.
    const scroller = container.querySelector<HTMLElement>('.aui-conversation__scroll')!;
    act(() => scroller.focus());
    expect(document.activeElement).toBe(all[5]);
    fireEvent.keyDown(all[5]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(all[4]);
    expect(tabStops(container)).toEqual([all[4]]);
    fireEvent.keyDown(all[4]!, { key: 'Home' });
    expect(document.activeElement).toBe(all[0]);
    fireEvent.keyDown(all[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(all[0]);
    fireEvent.keyDown(all[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(all[1]);
    fireEvent.keyDown(all[1]!, { key: 'End' });
    expect(document.activeElement).toBe(all[5]);
    expect(tabStops(container)).toEqual([all[5]]);
  });

  it('Tab from a message leaves the thread; Enter goes into its controls and Escape back out', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(
      <>
        <Conversation virtualize={false} />
        <button type="button">after the thread</button>
      </>,
      threeTurns(),
    );
    const last = messages(container)[5]!;
    const toggle = last.querySelector<HTMLElement>('.aui-tool-call button')!;
    expect(toggle).not.toBeNull();
    act(() => last.focus());
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after the thread' }));
    await user.tab({ shift: true });
    // Back into the thread by its end stop: the active message again, not the last control.
    expect(document.activeElement).toBe(last);
  });

  it('badges are not tab stops', () => {
    const { container } = renderWith(<AgentWorkbench virtualize={false} />, storeFrom(fixtureEvents('degraded-facts')));
    const badges = [...container.querySelectorAll<HTMLElement>('.aui-fact-badge')];
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.filter((b) => b.tabIndex >= 0)).toEqual([]);
  });
});

describe('skip link', () => {
  it('is the workbench\'s first tab stop and moves focus to the composer', async () => {
    const user = userEvent.setup();
    renderWith(<AgentWorkbench virtualize={false} />, threeTurns());
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to composer' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});

describe('live announcements', () => {
  it('say a completed answer and a new approval once, after a quiet time, never per token', () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const t = turn();
    const store = storeFrom([ev('turn.submitted', t, { text: 'Hi' }), ev('turn.started', t)]);
    const { container } = renderWith(<LiveAnnouncer />, store);
    const region = container.querySelector('[role="status"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    for (const word of ['The ', 'answer ', 'streams ']) {
      act(() => store.getState().ingest([ev('model.delta', t, { delta: word })]));
      act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS * 2));
      expect(region.textContent).toBe('');
    }
    act(() => store.getState().ingest([ev('model.completed', t, { text: 'The answer streams here.' })]));
    act(() => store.getState().ingest([ev('action.required', { ...t, actionId: 'act-1' }, { actionType: 'tool_permission', prompt: 'Allow write_file?' })]));
    act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS - 10));
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(20));
    expect(region.textContent).toBe('Assistant: The answer streams here. Approval needed: Allow write_file?');
    // Nothing new: nothing said again.
    act(() => store.getState().ingest([ev('turn.completed', t)]));
    act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS * 2));
    expect(region.textContent).toBe('Assistant: The answer streams here. Approval needed: Allow write_file?');
  });

  it('does not announce an approval the runtime already expired or resolved by the time it speaks (issue 22 item 5)', () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const t = turn();
    const store = storeFrom([ev('turn.submitted', t, { text: 'Hi' }), ev('turn.started', t)]);
    const { container } = renderWith(<LiveAnnouncer />, store);
    act(() => store.getState().ingest([ev('action.required', { ...t, actionId: 'act-1' }, { prompt: 'Allow write_file?' })]));
    act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS / 4));
    act(() => store.getState().ingest([ev('action.expired', { ...t, actionId: 'act-1' }), ev('turn.completed', t)]));
    act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS * 2));
    expect(container.querySelector('[role="status"]')!.textContent).not.toContain('Approval needed');
  });

  // A session opened after the announcer mounted (yesterday's, a recording): its answers completed
  // then, not now. Read out, the last eight answers of the history were spoken as news.
  for (const newestFirst of [true, false]) {
    it(`does not announce a backlog opened after it mounted, and announces the live answer after it (newestFirst: ${newestFirst})`, async () => {
      const ev = eventBuilder();
      const history = Array.from({ length: 40 }, (_, n) => {
        const t = turn(`turn-${n}`);
        return [ev('turn.submitted', t, { text: `Question ${n}` }), ev('turn.started', t), ev('model.completed', t, { text: `Old answer ${n}.` }), ev('turn.completed', t)];
      }).flat();
      const store = createRuntimeStore();
      const { container } = renderWith(<LiveAnnouncer quietMs={5} />, store);
      const region = container.querySelector('[role="status"]')!;
      const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 60)));
      let presented = -1;
      await act(async () => void ({ presented } = await openBacklog(store, history, { newestFirst, yieldToHost: () => Promise.resolve() })));
      // Both ways of opening are covered: the newest turns shown first, or the history in order.
      expect(presented > 0).toBe(newestFirst);
      await settled();
      expect(region.textContent).toBe('');
      const t = turn('turn-live');
      act(() => store.getState().ingest([ev('turn.submitted', t, { text: 'And now?' }), ev('turn.started', t), ev('model.completed', t, { text: 'A live answer.' })]));
      await settled();
      expect(region.textContent).toBe('Assistant: A live answer.');
    });
  }

  it('does not announce what was already there when it mounted', () => {
    vi.useFakeTimers();
    const { container } = renderWith(<LiveAnnouncer />, storeFrom(fixtureEvents('hitl-action')));
    act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS * 2));
    expect(container.querySelector('[role="status"]')!.textContent).toBe('');
  });
});

describe('Conversation components', () => {
  function twoTools() {
    const ev = eventBuilder();
    const t = turn();
    return storeFrom([
      ev('turn.submitted', t, { text: 'Weather?' }),
      ev('tool.started', toolIds(1), { toolName: 'get_weather', safeArgs: { city: 'Paris' } }),
      ev('tool.started', toolIds(2), { toolName: 'read_file' }),
      ev('model.completed', t, { text: 'It is sunny.' }),
    ]);
  }
  const Weather = ({ tool }: ToolComponentProps) => <p data-testid="weather">Weather for {(tool.safeArgs as { city: string }).city}</p>;

  it('renders the app\'s component for a tool by name, and the kit\'s row for the others', () => {
    const { container } = renderWith(<Conversation virtualize={false} components={{ Tool: { byName: { get_weather: Weather } } }} />, twoTools());
    expect(screen.getByTestId('weather').textContent).toBe('Weather for Paris');
    const rows = [...container.querySelectorAll('.aui-tool-call .aui-tool-call__name')];
    expect(rows.map((r) => r.textContent)).toEqual(['read_file']);
  });

  it('a Fallback renders every other tool, and can compose the default row', () => {
    const Fallback = ({ tool, Default, ...props }: ToolComponentProps) => (
      <div data-testid={`fallback-${tool.name}`}>
        <Default {...props} />
      </div>
    );
    const { container } = renderWith(<Conversation virtualize={false} components={{ Tool: { byName: { get_weather: Weather }, Fallback } }} />, twoTools());
    expect(screen.getByTestId('fallback-read_file').querySelector('.aui-tool-call')).not.toBeNull();
    expect(container.querySelectorAll('.aui-tool-call')).toHaveLength(1);
  });

  it('Text replaces the markdown answer; parts without a component keep the defaults', () => {
    const Text = ({ text, streaming }: { text: string; streaming: boolean }) => <q data-streaming={streaming}>{text}</q>;
    const { container } = renderWith(<Conversation virtualize={false} components={{ Text }} />, twoTools());
    expect(container.querySelector('[data-role="assistant"] q')!.textContent).toBe('It is sunny.');
    expect(container.querySelector('[data-role="assistant"] .aui-markdown')).toBeNull();
    expect(container.querySelectorAll('.aui-tool-call')).toHaveLength(2);
  });
});

describe('visible activity', () => {
  it('before the first token the thread shows the stage the header shows; the first token replaces it', () => {
    const ev = eventBuilder();
    const t = turn();
    const store = storeFrom([ev('turn.submitted', t, { text: 'Hi' }), ev('turn.started', t), ev('run.status', t, { stage: 'preparing' })]);
    const { container } = renderWith(<AgentWorkbench virtualize={false} />, store);
    const placeholder = container.querySelector('.aui-pending-reply')!;
    expect(placeholder.textContent).toBe('Preparing…');
    expect(container.querySelector('.aui-runtime-status')!.textContent).toContain('Preparing');
    act(() => store.getState().ingest([ev('model.delta', t, { delta: 'Hello' })]));
    expect(container.querySelector('.aui-pending-reply')).toBeNull();
  });

  it('says how long reasoning took when its events are timed, and only then', () => {
    const ev = eventBuilder();
    const t = turn();
    // The builder's clock: 100 ms per sequence number.
    const timed = storeFrom([ev('turn.started', t), ev('reasoning.delta', t, { delta: 'Let me think' }), ev('reasoning.delta', t, { delta: ' more.' }), ev('model.delta', t, { delta: 'Done.' })]);
    const { container, unmount } = renderWith(<Conversation virtualize={false} />, timed);
    expect(container.querySelector('.aui-reasoning__toggle')!.textContent).toContain('Thought for 200 ms');
    unmount();
    const summary = storeFrom([ev('turn.started', t), ev('reasoning.summary', t, { summary: 'Checked the docs.' }), ev('model.delta', t, { delta: 'Done.' })]);
    const { container: untimed } = renderWith(<Conversation virtualize={false} />, summary);
    expect(untimed.querySelector('.aui-reasoning__toggle')!.textContent).not.toContain('Thought for');
  });
});
