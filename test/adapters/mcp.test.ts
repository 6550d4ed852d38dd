import { describe, expect, it } from 'vitest';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { validateEvent } from '../../src/protocol/validateEvent';
import { cutWhole } from '../../src/protocol/cutWhole';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize } from '../../src/store/selectors/summarize';
import { runConformance } from '../../src/adapters/core/conformance';
import { createMcpAdapter, instrumentMcpClient } from '../../src/adapters/mcp';
import { expectConformant, expectOf, readFixture, recorded, recordedNames, types } from './recordedRuns';
import { HUGE_LOG, NOTES_TXT, REPORT_MD, SCENARIOS, connect, runScenario } from './mcpScenarios';

const names = recordedNames('mcp-');
const read = readFixture;
const tool = (events: readonly RuntimeEventEnvelope[], type: string) => events.find((e) => e.type === type)!;

describe('MCP adapter: recorded runs conform (a real McpServer and Client over InMemoryTransport)', () => {
  it('records nine runs: text, large output, progress, isError, JSON-RPC error, timeout, cancel, resources, cut stream', () => {
    expect(names).toEqual([
      'mcp-cancel', 'mcp-cut-repair', 'mcp-large-output', 'mcp-progress', 'mcp-protocol-error', 'mcp-resources', 'mcp-text', 'mcp-timeout', 'mcp-tool-error',
    ]);
  });

  for (const name of names) {
    it(`${name}: every event valid, the summary as expected, idempotent, and readThread restores it`, () => {
      expectConformant(name);
    });
  }

  for (const scenario of Object.values(SCENARIOS)) {
    it(`${scenario.name}: the recording is what the real SDK produces now (regenerated, not edited)`, async () => {
      const { adapter, events, close } = await runScenario(scenario);
      try {
        expect(events).toEqual(recorded(scenario.name));
        const live = runConformance({ name: scenario.name, events, expected: expectOf(scenario.name), snapshot: await adapter.readThread({}) });
        expect(live.mismatches).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('MCP adapter: mapping', () => {
  it('a text/plain result: started, args, the text inline, then the loop\'s answer in its own message', () => {
    const events = recorded('mcp-text');
    expect(types(events)).toEqual([
      'turn.submitted', 'turn.started', 'tool.started', 'tool.args', 'tool.result', 'model.requested', 'model.delta', 'model.delta', 'model.completed', 'turn.completed', 'snapshot.updated',
    ]);
    expect(tool(events, 'tool.started')).toMatchObject({ turnId: 'mcp-turn-1', stepId: 'mcp-turn-1:step:1', toolCallId: 'call-read-1', payload: { toolName: 'read_file', server: 'workspace' } });
    expect(tool(events, 'tool.args').payload).toEqual({ args: { path: 'src/config.ts' } });
    expect(tool(events, 'tool.result').payload).toEqual({ preview: 'export const retries = 3;\n' });
    expect(events.every((e) => validateEvent(e).valid)).toBe(true);
  });

  it('a 2 MB output is a ref with a 2,000-character preview: the events and the store stay small, loadRef gives it whole', async () => {
    const { adapter, events, close } = await runScenario(SCENARIOS.largeOutput);
    try {
      const result = tool(events, 'tool.result').payload as { preview: string; outputRef: string; size: number; truncated: boolean };
      expect(HUGE_LOG.length).toBeGreaterThan(1_900_000);
      expect(result).toMatchObject({ truncated: true, size: HUGE_LOG.length, outputRef: 'mcp-output://mcp-session/call-log-1' });
      // The budget's first 2,000 characters, back to before the token the cut would split.
      expect(result.preview).toBe(cutWhole(HUGE_LOG, 2_000));
      expect(result.preview.length).toBeGreaterThan(1_900);
      expect(JSON.stringify(events).length).toBeLessThan(10_000);
      const store = createRuntimeStore();
      store.getState().ingest(events);
      expect(JSON.stringify(store.getState().toolCalls.byId.get('call-log-1')).length).toBeLessThan(5_000);
      expect(JSON.stringify(await adapter.readThread({})).length).toBeLessThan(20_000);
      expect(await adapter.loadRef(result.outputRef)).toBe(HUGE_LOG);
    } finally {
      await close();
    }
  });

  it('progress notifications (progressToken) become tool.progress: a fraction only of a declared total, the server\'s message kept', () => {
    const progress = recorded('mcp-progress').filter((e) => e.type === 'tool.progress');
    expect(progress.map((e) => e.payload)).toEqual([
      { progress: 1 / 3, message: 'scanning src/', completed: 1, total: 3 },
      { progress: 2 / 3, message: 'scanning test/', completed: 2, total: 3 },
      { progress: 1, message: 'writing the index', completed: 3, total: 3 },
    ]);
    for (const e of progress) expect(e).toMatchObject({ toolCallId: 'call-index-1', stepId: 'mcp-turn-1:step:1' });
  });

  it('a progress count without a total is no percentage; the app\'s own onprogress still hears it', async () => {
    const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
    const server = new McpServer({ name: 'counter', version: '1.0.0' });
    server.registerTool('count', {}, async (extra) => {
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: extra._meta!.progressToken!, progress: 7 } });
      return { content: [{ type: 'text', text: 'counted' }] };
    });
    const pair = await connect(server);
    try {
      const heard: number[] = [];
      const mcp = instrumentMcpClient(pair.client, { sessionId: 's', threadId: 'th', turnId: 'turn-a' });
      await mcp.callTool({ name: 'count' }, { onprogress: (p) => heard.push(p.progress) });
      expect(heard).toEqual([7]);
      expect(tool(mcp.events(), 'tool.progress').payload).toEqual({ completed: 7 });
    } finally {
      await pair.close();
    }
  });

  it('an isError result is tool.failed (tool_error) with the tool\'s own text; the loop goes on and the turn completes', () => {
    const events = recorded('mcp-tool-error');
    expect(tool(events, 'tool.failed').payload).toEqual({
      failureCategory: 'tool_error',
      message: '2 of 48 tests failed: parser.test.ts > rejects NUL bytes; parser.test.ts > keeps line numbers',
      preview: '2 of 48 tests failed: parser.test.ts > rejects NUL bytes; parser.test.ts > keeps line numbers',
    });
    expect(types(events)).not.toContain('tool.result');
    expect(types(events).at(-2)).toBe('turn.completed');
  });

  it('a JSON-RPC error is tool.failed (protocol_error, its code), secrets in the arguments redacted, and the uncaught error fails the turn', () => {
    const events = recorded('mcp-protocol-error');
    expect(tool(events, 'tool.args').payload).toEqual({ args: { query: 'retries', apiKey: '[redacted]' } });
    expect(tool(events, 'tool.failed').payload).toEqual({ failureCategory: 'protocol_error', message: 'search index unavailable', errorCode: -32603 });
    expect(tool(events, 'turn.failed').payload).toEqual({ failureCategory: 'protocol_error', message: 'search index unavailable', errorCode: -32603, recoveryHint: 'Send the message again.' });
    expect(JSON.stringify(events)).not.toContain('sk-live');
  });

  it('a request timeout is tool.failed (timeout) with the timeout and a hint; the SDK error still reaches the loop', () => {
    const failed = tool(recorded('mcp-timeout'), 'tool.failed');
    expect(failed.payload).toMatchObject({ failureCategory: 'timeout', errorCode: -32001, timeoutMs: 50, recoveryHint: expect.stringContaining('longer timeout') });
  });

  it('cancelTurn aborts the in-flight call (notifications/cancelled reaches the server): a cancelled tool, a cancelled turn, the answer so far interrupted', async () => {
    const events = recorded('mcp-cancel');
    expect(types(events).slice(-4)).toEqual(['tool.progress', 'tool.failed', 'turn.cancelled', 'snapshot.updated']);
    expect(tool(events, 'tool.failed').payload).toMatchObject({ failureCategory: 'cancelled' });
    expect(tool(events, 'tool.started').messageId).toBe('mcp-turn-1:assistant:1');
    // The server saw the cancellation: its handler's signal aborted.
    const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
    const server = new McpServer({ name: 'job', version: '1.0.0' });
    let serverAborted!: () => void;
    const aborted = new Promise<void>((resolve) => (serverAborted = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    server.registerTool('wait', {}, async (extra) => {
      extra.signal.addEventListener('abort', () => serverAborted());
      started();
      await aborted;
      return { content: [] };
    });
    const pair = await connect(server);
    try {
      const adapter = createMcpAdapter({ client: pair.client, agent: async (run) => void (await run.callTool({ name: 'wait' })) });
      const seen: string[] = [];
      const turn = (async () => { for await (const e of adapter.startTurn({ prompt: 'wait', mode: 'start' })) seen.push(e.type); })();
      await running;
      const cancelled = await adapter.cancelTurn({});
      await turn;
      await aborted;
      expect(cancelled).toMatchObject({ type: 'turn.cancelled', turnId: 'mcp-turn-1' });
      expect(seen).toEqual(['turn.submitted', 'turn.started', 'tool.started', 'tool.failed', 'turn.cancelled', 'snapshot.updated']);
    } finally {
      await pair.close();
    }
  });

  it('an app\'s own AbortSignal cancels one call the same way, and the SDK\'s error is rethrown to the loop', async () => {
    const pair = await connect();
    try {
      const mcp = instrumentMcpClient(pair.client, { sessionId: 's', threadId: 'th', turnId: 'turn-a', sequence: 40 });
      const controller = new AbortController();
      const call = mcp.callTool({ name: 'long_job' }, { toolCallId: 'tc-1', signal: controller.signal, onprogress: () => controller.abort() });
      await expect(call).rejects.toThrow();
      expect(mcp.events().map((e) => [e.sequence, e.type])).toEqual([[41, 'tool.started'], [42, 'tool.progress'], [43, 'tool.failed']]);
      expect(mcp.events()[2]!.payload.failureCategory).toBe('cancelled');
      expect(mcp.cursor()).toEqual({ sequence: 43, eventId: 's-mcp-43' });
    } finally {
      await pair.close();
    }
  });

  it('resource links and embedded resources become artifacts of the tool step: declared MIME types only, a missing one stays unknown', async () => {
    const { adapter, events, close } = await runScenario(SCENARIOS.resources);
    try {
      const artifacts = events.filter((e) => e.type === 'artifact.changed');
      expect(artifacts.map((e) => [e.artifactId, e.toolCallId, e.payload])).toEqual([
        ['call-report-1:resource:1', 'call-report-1', { kind: 'markdown', title: 'Dependency report', readRef: 'file:///workspace/report.md', sourceUri: 'file:///workspace/report.md', mimeType: 'text/markdown' }],
        ['call-report-1:resource:2', 'call-report-1', { title: 'deps.bin', readRef: 'file:///workspace/deps.bin', sourceUri: 'file:///workspace/deps.bin' }],
        ['call-report-1:resource:3', 'call-report-1', { readRef: 'mcp-output://mcp-session/call-report-1/resource-3', sourceUri: 'file:///workspace/notes.txt', mimeType: 'text/plain', preview: NOTES_TXT }],
      ]);
      // A linked resource loads from the server (resources/read); an embedded one from what the adapter kept.
      expect(await adapter.loadRef('file:///workspace/report.md')).toBe(REPORT_MD);
      expect(await adapter.loadRef('mcp-output://mcp-session/call-report-1/resource-3')).toBe(NOTES_TXT);
      await expect(adapter.loadRef('file:///workspace/elsewhere.md')).rejects.toThrow(/unknown ref/);
    } finally {
      await close();
    }
  });

  it('a cut stream is stale until the readThread snapshot repairs it', () => {
    const store = createRuntimeStore();
    store.getState().ingest(recorded('mcp-cut-repair'));
    store.getState().settle();
    expect(summarize(store.getState()).stale).toBe(true);
    store.getState().applyReadModel(JSON.parse(read('mcp-cut-repair.snapshot.json')));
    const repaired = summarize(store.getState());
    expect([repaired.stale, repaired.status, repaired.tools]).toEqual([false, 'completed', [{ toolCallId: 'call-index-1', name: 'index_repo', status: 'succeeded' }]]);
  });
});

describe('MCP adapter: writes', () => {
  it('startTurn without an agent loop, and respondAction, reject clearly and record nothing', async () => {
    const pair = await connect();
    try {
      const adapter = createMcpAdapter({ client: pair.client });
      await expect((async () => { for await (const _ of adapter.startTurn({ prompt: 'hi', mode: 'start' })) void _; })()).rejects.toThrow(/MCP has no agent turn/);
      await expect(adapter.respondAction({ actionId: 'a1', decision: 'allow' })).rejects.toThrow(/no approval/);
      await expect(adapter.cancelTurn({})).rejects.toThrow(/no running turn/);
      expect(adapter.events()).toEqual([]);
    } finally {
      await pair.close();
    }
  });

  it('a second turn continues the sequence, and calls outside a turn are reported on the adapter\'s own turn', async () => {
    const pair = await connect();
    try {
      const adapter = createMcpAdapter({ client: pair.client, agent: SCENARIOS.text.agent });
      const first: RuntimeEventEnvelope[] = [];
      for await (const e of adapter.startTurn({ prompt: 'one', mode: 'start' })) first.push(e);
      const second: RuntimeEventEnvelope[] = [];
      for await (const e of adapter.startTurn({ prompt: 'two', mode: 'start' })) second.push(e);
      expect(second[0]).toMatchObject({ type: 'turn.submitted', turnId: 'mcp-turn-2', sequence: (first.at(-1)!.sequence ?? 0) + 1 });
      await adapter.callTool({ name: 'read_file', arguments: { path: 'src/config.ts' } });
      expect(adapter.events().at(-1)).toMatchObject({ type: 'tool.result', turnId: 'mcp-turn-2', toolCallId: 'mcp-turn-2:mcp-call-3' });
    } finally {
      await pair.close();
    }
  });

  it('a loop that throws its own error fails the turn as agent_error, with the open message failed too', async () => {
    const pair = await connect();
    try {
      const adapter = createMcpAdapter({ client: pair.client, agent: async (run) => { run.say('Thinking'); throw new Error('model quota exhausted'); } });
      const events: RuntimeEventEnvelope[] = [];
      for await (const e of adapter.startTurn({ prompt: 'go', mode: 'start' })) events.push(e);
      expect(types(events)).toEqual(['turn.submitted', 'turn.started', 'model.requested', 'model.delta', 'model.failed', 'turn.failed', 'snapshot.updated']);
      expect(tool(events, 'turn.failed').payload).toEqual({ failureCategory: 'agent_error', message: 'model quota exhausted', recoveryHint: 'Send the message again.' });
    } finally {
      await pair.close();
    }
  });
});
