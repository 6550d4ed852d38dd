/**
 * The approval round trip every adapter that suspends for approval shares, through the kit's actions.
 */
import { expect } from 'vitest';
import type { RuntimeProviderAdapter } from '../../src/protocol/providerAdapter';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize } from '../../src/store/selectors/summarize';
import { createRuntimeActions } from '../../src/stream/runtimeActions';
import { until } from './scenarioRun';

/**
 * The approval round trip of the shared approval scenario ("Update the README title.", a gated
 * `write_file` call `call-write-1`): the turn suspends with the card pending and the tool running;
 * the answer makes the card `responding` until the resumed run acts on it, then `resolved` with the
 * decision and the tool succeeded; a second answer is refused because nothing waits any more.
 */
export async function expectApprovalRoundTrip(adapter: RuntimeProviderAdapter, expected: { actionId: string; decision: string }): Promise<void> {
  const store = createRuntimeStore();
  const actions = createRuntimeActions(store, adapter, { connection: { flush: 'sync' } });
  try {
    await actions.send('Update the README title.');
    const action = () => summarize(store.getState()).actions[0];
    const tools = () => summarize(store.getState()).tools;
    await until(() => action()?.status === 'pending', 'the approval card');
    expect(summarize(store.getState()).status).toBe('needs-input');
    expect(tools()).toEqual([{ toolCallId: 'call-write-1', name: 'write_file', status: 'running' }]);

    const answer = actions.respondAction(action()!.actionId, expected.decision);
    expect(action()).toEqual({ actionId: expected.actionId, status: 'responding' });
    expect(await answer).toEqual({ ok: true });
    await until(() => summarize(store.getState()).status === 'completed', 'the resumed turn');
    expect(action()).toEqual({ actionId: expected.actionId, status: 'resolved', decision: expected.decision });
    expect(tools()).toEqual([{ toolCallId: 'call-write-1', name: 'write_file', status: 'succeeded' }]);
    await expect(adapter.respondAction({ actionId: expected.actionId, decision: expected.decision })).rejects.toThrow(/not waiting/);
  } finally {
    actions.dispose();
  }
}
