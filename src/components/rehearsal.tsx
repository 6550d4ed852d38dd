import { createRoot } from 'react-dom/client';
import { PROFILE_SCHEMA_VERSION } from '../protocol/vocabulary';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { AgentWorkbench } from './AgentWorkbench';

// The first render of a thread's rows in a page runs their code for the first time: V8 compiles it,
// the browser matches their styles and lays them out once. When a long session opens, that is one
// task of 50-100 ms in Chromium on a small machine, whatever the session's length (issue 25). A
// small session rendered once, hidden, while the kit preloads pays it there, where no one waits.

const SAMPLE_TURNS = 4;
/** Frames the sample stays mounted: its commit, the virtualizer's measure and the re-render it asks for. */
const FRAMES = 3;
/** A frame's wait when the page draws none (a hidden tab): the sample is removed all the same. */
const FRAME_FALLBACK_MS = 250;

/** A few short turns as profile events: a prompt, words in markdown, a tool call with its args and result, more words. */
function sampleEvents(): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  const event = (type: string, ids: Record<string, string>, payload: Record<string, unknown> = {}) =>
    events.push({
      schemaVersion: PROFILE_SCHEMA_VERSION,
      runtimeId: 'agentui-rehearsal',
      sessionId: 'agentui-rehearsal',
      threadId: 'agentui-rehearsal',
      eventId: `rehearsal-${events.length + 1}`,
      sequence: events.length + 1,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, events.length)).toISOString(),
      type,
      ...ids,
      payload,
    });
  for (let n = 0; n < SAMPLE_TURNS; n++) {
    const turn = { turnId: `turn-${n}` };
    const tool = { ...turn, stepId: `step-${n}`, toolCallId: `tool-${n}` };
    event('turn.submitted', turn, { text: `Question ${n}` });
    event('turn.started', turn);
    event('model.delta', turn, { delta: `Reading **file ${n}** first.` });
    event('tool.started', tool, { toolName: 'read_file' });
    event('tool.args', tool, { delta: `{"path":"src/file${n}.ts"}` });
    event('tool.result', tool, { preview: `export const value${n} = ${n};` });
    event('model.delta', turn, { delta: `\n\nIt exports \`value${n}\`.` });
    event('turn.completed', turn);
  }
  return events;
}

const nextFrame = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, FRAME_FALLBACK_MS);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });

/**
 * Renders the workbench over a sample session of its own in an element attached to the page but
 * hidden from sight, pointers and assistive technology, for a few frames, then removes it.
 */
export async function rehearse(): Promise<void> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.setAttribute('inert', '');
  host.setAttribute('data-aui-rehearsal', '');
  // The page's size: the rows are styled and laid out as they will be.
  host.style.cssText = `position:fixed;left:0;top:0;width:${window.innerWidth}px;height:${window.innerHeight}px;visibility:hidden;pointer-events:none;contain:strict;z-index:-1`;
  document.body.append(host);
  const root = createRoot(host);
  try {
    const store = createRuntimeStore();
    store.getState().ingest(sampleEvents());
    root.render(
      <RuntimeProvider store={store}>
        <AgentWorkbench />
      </RuntimeProvider>,
    );
    for (let frame = 0; frame < FRAMES; frame++) await nextFrame();
  } finally {
    root.unmount();
    host.remove();
  }
}
