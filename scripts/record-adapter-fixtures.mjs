// Records the provider adapters' runs as fixtures in fixtures/adapters/: the real framework (the
// AI SDK's streamText with its own scripted mock model) through the adapter, on a fixed clock.
// Regenerated, never edited: `npm run fixtures:adapters`. The expect files are written by hand.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const dir = fileURLToPath(new URL('../fixtures/adapters/', import.meta.url));
// One module server for the whole recording, open until the end: an adapter that loads its
// framework lazily (the AI SDK adapter imports `ai` when it runs a turn) imports through it.
const server = await createServer({ configFile: false, logLevel: 'silent', server: { middlewareMode: true, hmr: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
const load = (path) => server.ssrLoadModule(fileURLToPath(new URL(path, import.meta.url)));
const { runScenario } = await load('../test/adapters/scenarioRun.ts');
mkdirSync(dir, { recursive: true });

const jsonl = (events) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

// The adapters whose scenario modules export SCENARIOS and scenarioAdapter: one recorder, answering
// actions as a user would.
async function recordRun(scenarios, scenario, name = scenario.name, deliver = (events) => events) {
  const adapter = scenarios.scenarioAdapter({ ...scenario, name });
  const { events, answers } = await runScenario(adapter, scenario);
  await Promise.all(answers);
  const delivered = deliver(events);
  writeFileSync(`${dir}${name}.jsonl`, jsonl(delivered));
  writeFileSync(`${dir}${name}.snapshot.json`, JSON.stringify(await adapter.readThread({}), null, 2) + '\n');
  console.log(`${name}: ${delivered.length} events`);
}

// AI SDK: streamText with its own scripted mock model.
const aiSdk = await load('../test/adapters/aiSdkScenarios.ts');

for (const scenario of Object.values(aiSdk.SCENARIOS)) await recordRun(aiSdk, scenario);
// A cut connection: the client lost events 6 to 9 (deltas and tool input) and the stream went on;
// the adapter's readThread snapshot repairs it.
await recordRun(aiSdk, aiSdk.SCENARIOS.multiStep, 'ai-sdk-cut-repair', (events) => events.filter((e) => e.sequence < 6 || e.sequence > 9));

// AG-UI: a loopback AG-UI agent (node:http + @ag-ui/encoder) read by @ag-ui/client's HttpAgent.
const agUi = await load('../test/adapters/agUiScenarios.ts');

async function recordAgUi(scenario, name = scenario.name, deliver = (events) => events) {
  const { adapter, events } = await agUi.runScenario(scenario);
  const delivered = deliver(events);
  writeFileSync(`${dir}${name}.jsonl`, jsonl(delivered));
  writeFileSync(`${dir}${name}.snapshot.json`, JSON.stringify(await adapter.readThread({}), null, 2) + '\n');
  console.log(`${name}: ${delivered.length} events`);
}

for (const scenario of Object.values(agUi.SCENARIOS)) await recordAgUi(scenario);
// A cut connection on the client side: it lost the two text deltas (events 4 and 5); the adapter's
// readThread snapshot repairs the text the agent did stream before its run broke.
await recordAgUi(agUi.SCENARIOS.cut, 'ag-ui-cut-repair', (events) => events.filter((e) => e.sequence < 4 || e.sequence > 5));

// OpenAI Agents SDK: real Agents, tools and handoffs run by the SDK's Runner on a scripted Model.
const openAiAgents = await load('../test/adapters/openaiAgentsScenarios.ts');

for (const scenario of Object.values(openAiAgents.SCENARIOS)) await recordRun(openAiAgents, scenario);
// A cut connection: the client lost events 9 to 13 (the transfer call, its result and the new
// agent); the adapter's readThread snapshot repairs them.
await recordRun(openAiAgents, openAiAgents.SCENARIOS.handoff, 'openai-agents-cut-repair', (events) => events.filter((e) => e.sequence < 9 || e.sequence > 13));

// LangGraph: real compiled StateGraphs (MemorySaver, ToolNode, interrupt) with a scripted chat model
// subclassed from @langchain/core's FakeListChatModel; the snapshot is readThread over the checkpoint.
const langGraph = await load('../test/adapters/langGraphScenarios.ts');

for (const scenario of Object.values(langGraph.SCENARIOS)) await recordRun(langGraph, scenario);
// A cut connection: the client lost events 6 to 9 (the tool call's start and arguments); the
// checkpoint-backed readThread snapshot repairs it.
await recordRun(langGraph, langGraph.SCENARIOS.tool, 'langgraph-cut-repair', (events) => events.filter((e) => e.sequence < 6 || e.sequence > 9));

// MCP: a real McpServer (and a low-level Server for a JSON-RPC error) and Client over the SDK's
// InMemoryTransport; the app's agent loop is scripted, every MCP message is the SDK's own.
const mcp = await load('../test/adapters/mcpScenarios.ts');

async function recordMcp(scenario, name = scenario.name, deliver = (events) => events) {
  const { adapter, events, close } = await mcp.runScenario(scenario);
  const delivered = deliver(events);
  writeFileSync(`${dir}${name}.jsonl`, jsonl(delivered));
  writeFileSync(`${dir}${name}.snapshot.json`, JSON.stringify(await adapter.readThread({}), null, 2) + '\n');
  await close();
  console.log(`${name}: ${delivered.length} events`);
}

for (const scenario of Object.values(mcp.SCENARIOS)) await recordMcp(scenario);
// A cut connection: the client lost the first two progress events (4 and 5); the adapter's
// readThread snapshot repairs the tool row and the answer that came after the gap.
await recordMcp(mcp.SCENARIOS.progress, 'mcp-cut-repair', (events) => events.filter((e) => e.sequence < 4 || e.sequence > 5));

await server.close();
