import { eventBuilder, toolIds, turn } from './eventBuilder';

/**
 * Two turns of one session that use the same toolCallId: turn-1's read_file succeeded; turn-2's
 * write_file waits for an approval that names tc-1; `secondResult` approves and finishes it. A
 * real provider never reuses an id, but a restarted mock or a buggy adapter does (the chat
 * example's mock reused note-call-1 after a restart).
 */
export function reusedToolCallStream() {
  const ev = eventBuilder();
  const t1 = turn('turn-1');
  const t2 = turn('turn-2');
  const call1 = toolIds(1, 'turn-1');
  const call2 = { ...toolIds(1, 'turn-2'), stepId: 'step-2' };
  const approval = { ...t2, toolCallId: 'tc-1', actionId: 'act-write' };
  return {
    first: [ev('turn.started', t1, {}, 1), ev('tool.started', call1, { toolName: 'read_file' }), ev('tool.result', call1, { preview: 'old notes' }), ev('turn.completed', t1)],
    second: [ev('turn.started', t2), ev('tool.started', call2, { toolName: 'write_file' }), ev('action.required', approval, { actionType: 'tool_approval', prompt: 'Write the file?' })],
    secondResult: [ev('action.resolved', approval, { decision: 'approve' }), ev('tool.result', call2, { preview: 'written' })],
  };
}
