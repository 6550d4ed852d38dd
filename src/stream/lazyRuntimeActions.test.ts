import { describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { lazyRuntimeActions, runtimeActionsModule } from './lazyRuntimeActions';
import type { RuntimeProviderAdapter } from './types';

const t1 = turn();

function adapterWith(startTurn: RuntimeProviderAdapter['startTurn']): RuntimeProviderAdapter {
  return { startTurn, cancelTurn: vi.fn(), respondAction: vi.fn(), readThread: vi.fn() } as unknown as RuntimeProviderAdapter;
}

// The provider's writes with their code in a chunk: the same answers as createRuntimeActions, the
// send state readable before the chunk arrives, and each call made at once once it has.
describe('lazyRuntimeActions', () => {
  it('a write before the module arrives waits for it and answers as the loaded actions do; after that calls are immediate', async () => {
    const ev = eventBuilder();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const startTurn = vi.fn(async function* () {
      await gate;
      yield ev('turn.submitted', t1) as never;
    });
    const actions = lazyRuntimeActions(createRuntimeStore(), adapterWith(startTurn), () => ({ connection: { flush: 'sync' } }));
    const seen: string[] = [];
    actions.sendState.subscribe((state) => seen.push(state.status));
    expect(actions.sendState.getState()).toEqual({ status: 'idle' });
    const first = actions.send('hello');
    release();
    expect(await first).toEqual({ ok: true });
    expect(seen).toEqual(['sending', 'sent']);
    expect(startTurn).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'hello', mode: 'start' }));

    // Loaded: the send state changes in the call itself, as createRuntimeActions' send does.
    const second = actions.send('again', { mode: 'queue' });
    expect(actions.sendState.getState()).toEqual({ status: 'sending', prompt: 'again', mode: 'queue' });
    expect(await second).toEqual({ ok: true });
  });

  it('answers unavailable without an adapter, and a provider disposed before the chunk arrived stays disposed', async () => {
    await runtimeActionsModule.load();
    const actions = lazyRuntimeActions(createRuntimeStore(), undefined, () => ({}));
    expect(await actions.interrupt()).toEqual({ ok: false, reason: 'unavailable' });
    const disposedEarly = lazyRuntimeActions(createRuntimeStore(), adapterWith(vi.fn()), () => ({}));
    disposedEarly.dispose();
    expect(await disposedEarly.retrySend()).toEqual({ ok: false, reason: 'ignored' });
  });
});
