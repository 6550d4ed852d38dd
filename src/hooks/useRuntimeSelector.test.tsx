// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

// `zustand/traditional`'s useStoreWithEqualityFn needs `use-sync-external-store`, which zustand
// declares an optional peer and the kit does not depend on (it is in node_modules only through dev
// tools), so the equality path memoizes the selection inside a `useStore` selector instead.
describe('useRuntimeSelector with an equality function', () => {
  function setup() {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn())]);
    const values: { n: number }[] = [];
    const equalityCalls = vi.fn((a: { n: number }, b: { n: number }) => a.n === b.n);
    function Count() {
      // A fresh object per call and an inline equality: the cases that loop a naive getSnapshot.
      const count = useRuntimeSelector((s) => ({ n: s.turns.ids.length }), (a, b) => equalityCalls(a, b));
      values.push(count);
      return <p>{count.n}</p>;
    }
    return { ev, store, values, equalityCalls, Count };
  }

  it('an equal selection does not re-render; an unequal one does, with the new value', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ev, store, values, equalityCalls, Count } = setup();
    const { container } = render(<StrictMode><RuntimeProvider store={store}><Count /></RuntimeProvider></StrictMode>);
    const first = values.length;
    act(() => void store.getState().ingest([ev('run.status', turn(), { stage: 'streaming' }), ev('model.delta', turn(), { delta: 'x' })]));
    expect(values.length).toBe(first);
    expect(equalityCalls).toHaveBeenCalled();
    act(() => void store.getState().ingest([ev('turn.submitted', turn('turn-2'), { text: 'next' })]));
    expect(values.length).toBeGreaterThan(first);
    expect(values.at(-1)).toEqual({ n: 2 });
    expect(container.textContent).toBe('2');
    // No "getSnapshot should be cached" warning and no update loop.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('keeps returning the same object across renders caused by something else while the selection is equal', () => {
    const { store, values, Count } = setup();
    let bump: () => void = () => {};
    function Parent() {
      const [n, setN] = useState(0);
      bump = () => setN(n + 1);
      return <><Count /><i>{n}</i></>;
    }
    render(<RuntimeProvider store={store}><Parent /></RuntimeProvider>);
    act(() => bump());
    expect(values.length).toBe(2);
    expect(values[1]).toBe(values[0]);
  });

  it('a selector that changes (new props) selects from the current state at once', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn()), ev('turn.submitted', turn('turn-2'), { text: 'x' })]);
    let choose: (id: string) => void = () => {};
    function Lifecycle() {
      const [id, setId] = useState('turn-1');
      choose = setId;
      const lifecycle = useRuntimeSelector((s) => ({ id, lifecycle: s.turns.byId.get(id)?.lifecycle }), (a, b) => a.id === b.id && a.lifecycle === b.lifecycle);
      return <p>{lifecycle.id}:{lifecycle.lifecycle}</p>;
    }
    const { container } = render(<RuntimeProvider store={store}><Lifecycle /></RuntimeProvider>);
    expect(container.textContent).toBe('turn-1:running');
    act(() => choose('turn-2'));
    expect(container.textContent).toBe('turn-2:submitted');
  });
});
