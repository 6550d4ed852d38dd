import { AgentWorkbench, RuntimeProvider, httpAdapter, useRuntimeStream } from 'agentui-kit';

// The server runs the agent (AI SDK) behind agentui-kit's AI SDK adapter and speaks httpAdapter's
// conventions: the app only connects the live stream and lets the workbench do the rest.
const adapter = httpAdapter('/api');

/** Large tool outputs arrive as refs; the full text loads on demand from the server. */
async function loadRef(ref: string): Promise<string> {
  const response = await fetch(`/api/refs?ref=${encodeURIComponent(ref)}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { text: string }).text;
}

function Chat() {
  // Live events over SSE; a broken stream shows stale, repairs from GET /api/thread, resumes.
  useRuntimeStream({ url: adapter.eventsUrl }, { gapTimeoutMs: 500 });
  return <AgentWorkbench loadRef={loadRef} style={{ height: '100vh' }} />;
}

export function App() {
  return (
    <RuntimeProvider adapter={adapter}>
      <Chat />
    </RuntimeProvider>
  );
}
