import type { UIMessage } from 'ai';
import type { JsonObject } from '../../protocol/events';
import type { ToolOutcome } from '../core/activeTurn';

/** A tool part of a UI message, read field by field (its state machine is the SDK's). */
interface ToolPart {
  type: string;
  toolCallId?: string;
  state?: string;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
}

const toolParts = (message: UIMessage | undefined): ToolPart[] =>
  (message?.role === 'assistant' ? (message.parts as ToolPart[]) : []).filter((part) => part.type === 'dynamic-tool' || part.type.startsWith('tool-'));

/**
 * Writes the user's answers and the app's outputs into the message that asked for them, as
 * `useChat` does (`addToolApprovalResponse`, `addToolOutput`): an answered approval becomes
 * `approval-responded` (with the note as its `reason`), an added output `output-available` or
 * `output-error`. The resumed run reads them from there.
 */
export function answerParts(message: UIMessage | undefined, answers: ReadonlyMap<string, { approved: boolean; reason?: string }>, outputs: ReadonlyMap<string, ToolOutcome>): void {
  for (const part of toolParts(message)) {
    const approval = part.approval;
    if (part.state === 'approval-requested' && approval !== undefined && answers.has(approval.id)) {
      const answer = answers.get(approval.id)!;
      part.state = 'approval-responded';
      part.approval = { ...approval, approved: answer.approved, ...(answer.reason !== undefined && { reason: answer.reason }) };
    }
    const outcome = part.toolCallId === undefined ? undefined : outputs.get(part.toolCallId);
    if (part.state === 'input-available' && outcome !== undefined) {
      if (outcome.errorText !== undefined) {
        part.state = 'output-error';
        part.errorText = outcome.errorText;
      } else {
        part.state = 'output-available';
        part.output = outcome.output;
      }
    }
  }
}

const STOPPED = 'The user stopped the turn before this tool ran.';
const RESTORED = 'The conversation was restored without this call\'s result: whether it ran is not known.';

/** Every tool part still waiting (for an answer, an output, a result) gets the reason it never will. */
function settleWaiting(message: UIMessage | undefined, reason: string, answered: 'denied' | 'unknown'): void {
  for (const part of toolParts(message)) {
    if (part.state === 'approval-requested' && part.approval !== undefined) {
      part.state = 'output-denied';
      part.approval = { ...part.approval, approved: false, reason };
    } else if (part.state === 'input-available' || part.state === 'input-streaming' || (answered === 'unknown' && part.state === 'approval-responded')) {
      part.state = 'output-error';
      part.errorText = reason;
    }
  }
}

/**
 * After a Stop, the message keeps its partial text (as `useChat`'s `stop()` does) and every tool
 * that was still waiting says why it never ran: an unanswered approval is denied with that
 * reason, an awaited client tool failed, so the next request holds no call without an answer.
 */
export function settleStopped(message: UIMessage | undefined): void {
  settleWaiting(message, STOPPED, 'denied');
}

/**
 * A saved conversation cut mid-turn (a server that died with a turn running) can hold calls
 * without a result, or an approval answered but not acted on: each becomes a failed call that
 * says the result is not known, so the next request neither runs it again nor leaves it open.
 */
export function settleRestored(messages: readonly UIMessage[]): void {
  for (const message of messages) settleWaiting(message, RESTORED, 'unknown');
}

/**
 * The text messages of a saved conversation, as a `messages.snapshot` lists them: what the user
 * and the assistant said, in order, final. Tool calls stay in the model's context only (a saved
 * UI message keeps no timing or turn outcome the kit could show).
 */
export function restoredMessages(messages: readonly UIMessage[]): JsonObject[] {
  const listed: JsonObject[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'user' && message.role !== 'assistant') return;
    const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    if (text === '') return;
    listed.push({ messageId: message.id === '' ? `restored-${index}` : message.id, role: message.role, text, final: true });
  });
  return listed;
}
