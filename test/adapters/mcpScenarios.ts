// MCP runs for the adapter's tests and recorded fixtures: a real McpServer (and, for a JSON-RPC
// error, a low-level Server) connected to a real Client over the SDK's InMemoryTransport. The app's
// agent loop is scripted (it picks the tools a model would pick); everything MCP does is the SDK's.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createMcpAdapter, type McpAdapter, type McpAgentRun } from '../../src/adapters/mcp';

/** A build log far over the inline budget (about 2 MB): it must travel as a ref, never in an event. */
export const HUGE_LOG = Array.from({ length: 40_000 }, (_, i) => `[${String(i + 1).padStart(5, '0')}] compile packages/core/src/module-${i % 97}.ts ok`).join('\n');
export const REPORT_MD = '# Dependency report\n\n| package | version |\n| --- | --- |\n| zod | 4.6.7 |\n';
export const NOTES_TXT = 'Upgrade zod before the next release.';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The workspace server: the tools every scenario calls, and the one resource a result links to. */
export function workspaceServer(): McpServer {
  const server = new McpServer({ name: 'workspace', version: '1.0.0' });
  server.registerTool('read_file', { description: 'Reads a file', inputSchema: { path: z.string() } }, async ({ path }) => ({
    content: [{ type: 'text', text: path === 'src/config.ts' ? 'export const retries = 3;\n' : '' }],
  }));
  server.registerTool('build_log', { description: 'The whole build log' }, async () => ({ content: [{ type: 'text', text: HUGE_LOG }] }));
  server.registerTool('index_repo', { description: 'Indexes the repository, reporting progress' }, async (extra) => {
    const token = extra._meta?.progressToken;
    for (const [done, message] of [[1, 'scanning src/'], [2, 'scanning test/'], [3, 'writing the index']] as const) {
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total: 3, message } });
    }
    return { content: [{ type: 'text', text: 'Indexed 412 files.' }] };
  });
  server.registerTool('run_tests', { description: 'Runs the test suite' }, async () => ({
    content: [{ type: 'text', text: '2 of 48 tests failed: parser.test.ts > rejects NUL bytes; parser.test.ts > keeps line numbers' }],
    isError: true,
  }));
  server.registerTool('slow_query', { description: 'A query that takes a second' }, async (extra) => {
    await sleep(1_000, extra.signal);
    return { content: [{ type: 'text', text: 'rows: 0' }] };
  });
  server.registerTool('long_job', { description: 'A job that runs until cancelled' }, async (extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 10, message: 'step 1 of 10' } });
    await sleep(10_000, extra.signal);
    return { content: [{ type: 'text', text: 'job done' }] };
  });
  server.registerTool('write_report', { description: 'Writes the dependency report' }, async () => ({
    content: [
      { type: 'text', text: 'Wrote the report and kept the raw data.' },
      { type: 'resource_link', uri: 'file:///workspace/report.md', name: 'report.md', title: 'Dependency report', mimeType: 'text/markdown' },
      { type: 'resource_link', uri: 'file:///workspace/deps.bin', name: 'deps.bin' },
      { type: 'resource', resource: { uri: 'file:///workspace/notes.txt', mimeType: 'text/plain', text: NOTES_TXT } },
    ],
  }));
  server.registerResource('report', 'file:///workspace/report.md', { mimeType: 'text/markdown' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: REPORT_MD }],
  }));
  return server;
}

/** A search server written on the SDK's low-level Server whose tools/call answers with a JSON-RPC error. */
export function brokenSearchServer(): Server {
  const server = new Server({ name: 'search', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'search', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    throw new McpError(ErrorCode.InternalError, 'search index unavailable');
  });
  return server;
}

/** A connected client and server pair; `close` ends both. */
export async function connect(server: McpServer | Server = workspaceServer()): Promise<{ client: Client; close(): Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'agentui-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, close: async () => { await client.close(); await server.close(); } };
}

export interface McpScenario {
  name: string;
  prompt: string;
  server?: () => McpServer | Server;
  /** The app's agent loop for the turn: which tools it calls, what it says. */
  agent: (run: McpAgentRun) => Promise<string | void>;
  /** Cancels the turn once this event type was emitted (a user pressing stop). */
  cancelOn?: string;
}

export const SCENARIOS = {
  text: {
    name: 'mcp-text',
    prompt: 'How many retries does the config allow?',
    agent: async (run) => {
      await run.callTool({ name: 'read_file', arguments: { path: 'src/config.ts' } }, { toolCallId: 'call-read-1' });
      run.say('The config allows ');
      run.say('3 retries.');
    },
  },
  largeOutput: {
    name: 'mcp-large-output',
    prompt: 'Did the build pass?',
    agent: async (run) => {
      await run.callTool({ name: 'build_log' }, { toolCallId: 'call-log-1' });
      return 'The build passed: all 40,000 steps compiled.';
    },
  },
  progress: {
    name: 'mcp-progress',
    prompt: 'Index the repository',
    agent: async (run) => {
      await run.callTool({ name: 'index_repo' }, { toolCallId: 'call-index-1' });
      return 'Indexed 412 files.';
    },
  },
  toolError: {
    name: 'mcp-tool-error',
    prompt: 'Run the tests',
    agent: async (run) => {
      const result = (await run.callTool({ name: 'run_tests' }, { toolCallId: 'call-tests-1' })) as { isError?: boolean };
      return result.isError === true ? 'The test run failed: 2 of 48 tests.' : 'All tests passed.';
    },
  },
  protocolError: {
    name: 'mcp-protocol-error',
    prompt: 'Search for retries',
    server: brokenSearchServer,
    // The loop does not catch: the MCP error ends the turn.
    agent: async (run) => {
      await run.callTool({ name: 'search', arguments: { query: 'retries', apiKey: 'sk-live-1234567890abcdef' } }, { toolCallId: 'call-search-1' });
      return 'unreachable';
    },
  },
  timeout: {
    name: 'mcp-timeout',
    prompt: 'Count the orders',
    agent: async (run) => {
      try {
        await run.callTool({ name: 'slow_query' }, { toolCallId: 'call-query-1', timeout: 50 });
        return 'Counted.';
      } catch {
        return 'The query timed out after 50 ms; I did not count the orders.';
      }
    },
  },
  cancel: {
    name: 'mcp-cancel',
    prompt: 'Run the long job',
    cancelOn: 'tool.progress',
    agent: async (run) => {
      run.say('Starting the job.');
      await run.callTool({ name: 'long_job' }, { toolCallId: 'call-job-1' });
      return 'The job finished.';
    },
  },
  resources: {
    name: 'mcp-resources',
    prompt: 'Write the dependency report',
    agent: async (run) => {
      await run.callTool({ name: 'write_report' }, { toolCallId: 'call-report-1' });
      return 'The report is ready.';
    },
  },
} satisfies Record<string, McpScenario>;

const fixedClock = (sequence: number) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 10;

/** One scenario as one turn through a fresh adapter; the pair stays open for `loadRef` until `close`. */
export async function runScenario(scenario: McpScenario): Promise<{ adapter: McpAdapter; events: RuntimeEventEnvelope[]; close(): Promise<void> }> {
  const pair = await connect(scenario.server?.());
  const adapter = createMcpAdapter({ client: pair.client, agent: scenario.agent, sessionId: 'mcp-session', clock: fixedClock });
  const events: RuntimeEventEnvelope[] = [];
  let cancelling: Promise<unknown> | undefined;
  for await (const event of adapter.startTurn({ prompt: scenario.prompt, mode: 'start' })) {
    events.push(event);
    if (scenario.cancelOn === event.type && cancelling === undefined) cancelling = adapter.cancelTurn({ turnId: event.turnId });
  }
  await cancelling;
  return { adapter, events, close: pair.close };
}
