import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { encodeReadModel } from '../protocol/readModel';
import { createRuntimeStore } from './createRuntimeStore';
import { readModelOf } from './readModelOf';
import { summarize } from './selectors/summarize';

const t1 = turn();

/** A read model written from SPEC sections 5-7 that lists entities without saying their status. */
const silentAboutStatus = {
  threadId: 'thread-1',
  sessionId: 'sess-unit',
  status: 'running',
  turns: [{ turnId: 'turn-1' }],
  toolCalls: [{ toolCallId: 'tc-1', toolName: 'read_file', turnId: 'turn-1' }],
  subagents: [{ subagentId: 'sa-1', role: 'reviewer' }],
  artifacts: [{ artifactId: 'art-1', title: 'Plan' }],
};

// SPEC section 5: a missing fact renders as a badge, never a guess.
describe('a snapshot entity without a status is unknown, never guessed', () => {
  it('a new tool listed without a status is unknown, not running', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(silentAboutStatus);
    expect(summarize(store.getState()).tools).toEqual([{ toolCallId: 'tc-1', name: 'read_file', status: 'unknown' }]);
  });

  it('a new turn, subagent and artifact listed without a status stay unknown / unstated', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(silentAboutStatus);
    const summary = summarize(store.getState());
    expect(summary.turns).toEqual([{ turnId: 'turn-1', status: 'unknown' }]);
    expect(summary.subagents[0]).toMatchObject({ subagentId: 'sa-1', status: 'unknown' });
    expect(summary.artifacts[0]).toMatchObject({ artifactId: 'art-1', status: 'unknown' });
  });

  it('a status the snapshot states in a form the kit does not know is unknown too', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel({ ...silentAboutStatus, toolCalls: [{ toolCallId: 'tc-1', status: 'constructor' }] });
    expect(summarize(store.getState()).tools[0]!.status).toBe('unknown');
  });

  it('a tool held as running stays running when the snapshot says nothing', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('tool.started', toolIds(1), { toolName: 'read_file' })]);
    store.getState().applyReadModel(silentAboutStatus);
    expect(summarize(store.getState()).tools[0]!.status).toBe('running');
  });

  it('events then state what the snapshot did not: progress makes it running, a result succeeded', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().applyReadModel({ ...silentAboutStatus, cursor: 0 });
    store.getState().ingest([ev('tool.progress', toolIds(1), { progress: 0.5 }, 1)]);
    expect(summarize(store.getState()).tools[0]!.status).toBe('running');
    store.getState().ingest([ev('tool.result', toolIds(1), { preview: 'ok' }, 2)]);
    expect(summarize(store.getState()).tools[0]!.status).toBe('succeeded');
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('snapshot_conflict');
  });

  it('a later snapshot may state the status; an unknown tool is not a terminal fact', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(silentAboutStatus);
    store.getState().applyReadModel({ ...silentAboutStatus, toolCalls: [{ toolCallId: 'tc-1', status: 'completed' }] });
    expect(summarize(store.getState()).tools[0]!.status).toBe('succeeded');
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('snapshot_conflict');
  });

  it('an unknown tool round-trips through the read model codec as unknown', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(silentAboutStatus);
    const again = createRuntimeStore();
    again.getState().applyReadModel(encodeReadModel(readModelOf(store.getState())));
    expect(summarize(again.getState()).tools[0]!.status).toBe('unknown');
  });
});
