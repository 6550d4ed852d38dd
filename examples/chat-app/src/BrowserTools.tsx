import { useEffect, useRef } from 'react';
import { shallowEqual, useRuntimeActions, useRuntimeSelector } from 'agentui-kit';

/** What the browser_time tool answers: the browser's own clock and time zone. */
function browserTime(): { time: string; timeZone: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { time: new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }), timeZone };
}

/**
 * Runs the agent's client-side tool in the browser: a `browser_time` call whose turn waits for the
 * app (its stage is `acting`) gets the browser's answer through `addToolOutput`, once.
 */
export function BrowserTools() {
  const actions = useRuntimeActions();
  const waiting = useRuntimeSelector(
    (s) =>
      [...s.toolCalls.byId.values()]
        .filter((tool) => tool.name === 'browser_time' && tool.status === 'running' && tool.turnId !== undefined && s.turns.byId.get(tool.turnId)?.stage === 'acting')
        .map((tool) => tool.toolCallId),
    shallowEqual,
  );
  const answered = useRef(new Set<string>());
  useEffect(() => {
    for (const toolCallId of waiting) {
      if (answered.current.has(toolCallId)) continue;
      answered.current.add(toolCallId);
      void actions.addToolOutput(toolCallId, browserTime());
    }
  }, [waiting, actions]);
  return null;
}
