import { describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { createRuntimeActions } from './runtimeActions';
import type { RuntimeProviderAdapter } from './types';

const t1 = turn();

function adapterWith(startTurn: RuntimeProviderAdapter['startTurn']): RuntimeProviderAdapter {
  return { startTurn, cancelTurn: vi.fn(), respondAction: vi.fn(), readThread: vi.fn() } as unknown as RuntimeProviderAdapter;
}

describe('createRuntimeActions.send', () => {
  it('a send the adapter refuses reports the failure and keeps the prompt for a retry (bug 18)', async () => {
    let refuse = true;
    const ev = eventBuilder();
    const startTurn = vi.fn(async function* () {
      if (refuse) throw new Error('POST /turns: HTTP 501 not implemented');
      yield ev('turn.submitted', t1) as never;
      yield ev('turn.started', t1) as never;
    });
    const store = createRuntimeStore();
    const actions = createRuntimeActions(store, adapterWith(startTurn), { connection: { flush: 'sync' } });
    const result = await actions.send('fix the build', { mode: 'start' });
    expect(result).toEqual({ ok: false, reason: 'failed', error: expect.stringMatching(/HTTP 501/) });
    expect(actions.sendState.getState()).toEqual({ status: 'failed', prompt: 'fix the build', mode: 'start', error: expect.stringMatching(/HTTP 501/) });
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('write_failed');

    refuse = false;
    expect(await actions.retrySend()).toEqual({ ok: true });
    expect(startTurn).toHaveBeenLastCalledWith(expect.objectContaining({ prompt: 'fix the build', mode: 'start' }));
    expect(actions.sendState.getState()).toMatchObject({ status: 'sent', prompt: 'fix the build' });
    expect(await actions.retrySend()).toEqual({ ok: false, reason: 'ignored' });
  });

  it('is sending until the turn stream delivers, then sent', async () => {
    const ev = eventBuilder();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const actions = createRuntimeActions(createRuntimeStore(), adapterWith(async function* () {
      await gate;
      yield ev('turn.submitted', t1) as never;
    }), { connection: { flush: 'sync' } });
    const pending = actions.send('hello');
    expect(actions.sendState.getState()).toEqual({ status: 'sending', prompt: 'hello', mode: 'start' });
    release();
    expect(await pending).toEqual({ ok: true });
    expect(actions.sendState.getState()).toEqual({ status: 'sent', prompt: 'hello', mode: 'start' });
  });
});

describe('createRuntimeActions.retryToolCall (recovery)', () => {
  it('is unavailable when the adapter cannot run a call again, and goes through the adapter when it can', async () => {
    const store = createRuntimeStore();
    const ev = eventBuilder();
    store.getState().ingest([ev('turn.started', t1), ev('tool.started', { ...t1, stepId: 's1', toolCallId: 'tc-1' }, { toolName: 'run_tests' })]);
    expect(await createRuntimeActions(store, adapterWith(vi.fn())).retryToolCall('tc-1')).toEqual({ ok: false, reason: 'unavailable' });
    const retryToolCall = vi.fn(async () => ev('tool.started', { ...t1, stepId: 's2', toolCallId: 'tc-1' }, { toolName: 'run_tests' }) as never);
    const adapter = { ...adapterWith(vi.fn()), retryToolCall };
    expect(await createRuntimeActions(store, adapter).retryToolCall('tc-1')).toEqual({ ok: true });
    expect(retryToolCall).toHaveBeenCalledWith(expect.objectContaining({ toolCallId: 'tc-1', turnId: t1.turnId }));
    const refused = { ...adapterWith(vi.fn()), retryToolCall: vi.fn(async () => Promise.reject(new Error('not now'))) };
    expect(await createRuntimeActions(store, refused).retryToolCall('tc-1')).toEqual({ ok: false, reason: 'failed', error: 'not now' });
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('write_failed');
  });
});
