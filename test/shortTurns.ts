import { eventBuilder, toolIds, turn } from './eventBuilder';

/** A session of `turns` short turns, each a prompt, an answer, one tool call, its cost and the end (7 events). */
export function shortTurns(turns: number): Record<string, unknown>[] {
  const ev = eventBuilder();
  const events: Record<string, unknown>[] = [];
  for (let t = 0; t < turns; t++) {
    const ids = turn(`turn-${t}`);
    events.push(ev('turn.submitted', ids, { text: `question ${t}` }), ev('turn.started', ids), ev('model.delta', ids, { delta: `answer ${t}` }));
    events.push(ev('tool.started', toolIds(t, ids.turnId), { toolName: 'read_file' }), ev('tool.result', toolIds(t, ids.turnId), { preview: `file ${t}` }));
    events.push(ev('cost.recorded', ids, { usd: 0.01, inputTokens: 10, outputTokens: 5 }), ev('turn.completed', ids));
  }
  return events;
}
