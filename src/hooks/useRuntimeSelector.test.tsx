// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { RuntimeProvider } from './RuntimeProvider';
import { useRuntimeSelector, useShallow } from './useRuntimeSelector';

afterEach(cleanup);

describe('selecting with zustand (immutable commits)', () => {
  it('a plain ids selector re-renders when a message is added, not when a message only changes', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn()), ev('model.delta', turn(), { delta: 'a' })]);
    const seen: (readonly string[])[] = [];
    function Ids() {
      const ids = useStore(store, (s) => s.messages.ids);
      seen.push(ids);
      return <p>{ids.join(',')}</p>;
    }
    const { container } = render(<Ids />);
    act(() => void store.getState().ingest([ev('model.delta', turn(), { delta: 'b' })]));
    expect(seen).toHaveLength(1);
    act(() => void store.getState().ingest([ev('turn.submitted', turn('turn-2'), { text: 'next' })]));
    expect(seen).toHaveLength(2);
    expect(container.textContent).toBe('turn-1:assistant,turn-2:user');
  });

  it('useShallow and an equality function keep the previous selection while it is equal', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn())]);
    let renders = 0;
    function Turns() {
      const rows = useRuntimeSelector(useShallow((s) => s.turns.ids.map((id) => s.turns.byId.get(id)!.lifecycle)));
      const count = useRuntimeSelector((s) => ({ n: s.turns.ids.length }), (a, b) => a.n === b.n);
      renders += 1;
      return <p>{rows.join(',')} {count.n}</p>;
    }
    render(<RuntimeProvider store={store}><Turns /></RuntimeProvider>);
    act(() => void store.getState().ingest([ev('run.status', turn(), { stage: 'streaming' })]));
    expect(renders).toBe(1);
    act(() => void store.getState().ingest([ev('turn.completed', turn())]));
    expect(renders).toBe(2);
  });

  it('renders a store filled before rendering on the server', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.submitted', turn(), { text: 'Hello' })]);
    function Count() {
      return <p>{useRuntimeSelector((s) => s.messages.ids.length)}</p>;
    }
    expect(renderToString(<RuntimeProvider store={store}><Count /></RuntimeProvider>)).toBe('<p>1</p>');
  });
});
