import { useMemo } from 'react';
import { AgentWorkbench, RuntimeProvider, httpAdapter, useRuntimeStream, type RuntimeCapabilities, type StreamEndpoint } from 'agentui-kit';
import { BrowserTools } from './BrowserTools';

/** Large tool outputs arrive as refs; the full text loads on demand from the server. */
async function loadRef(ref: string): Promise<string> {
  const response = await fetch(`/api/refs?ref=${encodeURIComponent(ref)}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { text: string }).text;
}

function Chat({ events }: { events: StreamEndpoint }) {
  // Live events over SSE; a broken stream shows stale, repairs from GET /api/thread, resumes.
  useRuntimeStream(events, { gapTimeoutMs: 500 });
  return (
    <>
      <BrowserTools />
      <AgentWorkbench loadRef={loadRef} style={{ height: '100vh' }} />
    </>
  );
}

/**
 * The server runs the agent behind agentui-kit's AI SDK adapter and the kit's runtime bridge; the
 * app writes through httpAdapter, told what the runtime can do (queue, steer, Stop ...), so the
 * Composer offers exactly that.
 */
export function App({ capabilities }: { capabilities?: RuntimeCapabilities }) {
  const adapter = useMemo(() => httpAdapter('/api', { ...(capabilities !== undefined && { capabilities }) }), [capabilities]);
  return (
    <RuntimeProvider adapter={adapter}>
      <Chat events={adapter.eventStream} />
    </RuntimeProvider>
  );
}
