import type { ProjectionData } from '../state';
import { tableRows } from '../table';
import { selectMessageText } from './text';
import { selectSessionStatus, selectTurnStatus, type TurnStatus } from './turnStatus';

/**
 * The projection as plain JSON: what `summarize(state)` and `agentui replay --json` print, and what
 * fixture expect files compare. Every value is a reported fact or says it is missing (`null`, `unknown`).
 */
export interface RuntimeSummary {
  /** The session the events belong to; `null` before any event named one. */
  sessionId: string | null;
  /** The session's status from its latest turn (`submitted`, `running`, `needs-input`, `completed`, `failed`, ...). */
  status: TurnStatus;
  /** True while a sequence gap or a broken stream waits for repair (the UI shows `stale`). */
  stale: boolean;
  /** Ingest counters since the store was created: received, applied, duplicates, reordered, invalid, unknown types, late, pending. */
  counts: { received: number; applied: number; duplicates: number; reordered: number; invalid: number; unknownType: number; late: number; pending: number };
  /** Every turn in order, with its own status. */
  turns: { turnId: string; status: TurnStatus }[];
  /** Messages with text (or a failure): a turn's tool-only message is not listed. */
  messages: { messageId: string; turnId: string | null; role: 'user' | 'assistant'; text: string; final: boolean; interrupted?: true }[];
  /** Reasoning text per turn (process parts, never part of the answer). */
  reasoning: { turnId: string; text: string }[];
  /**
   * Tool calls: `running` until the runtime reports `tool.result` or `tool.failed`, with the failure
   * category and output ref when sent; `unknown` when a snapshot listed the tool without a status.
   */
  tools: { toolCallId: string; name: string | null; status: 'unknown' | 'running' | 'succeeded' | 'failed'; failureCategory?: string; outputRef?: string }[];
  /** Requested actions; `responding` while an answer is on its way, `resolved` only once the runtime says so. */
  actions: { actionId: string; status: 'pending' | 'responding' | 'resolved' | 'cancelled' | 'expired'; decision?: string }[];
  /** Artifacts with their reported kind and status (`unknown` when the runtime did not say). */
  artifacts: { artifactId: string; kind: string; status: string; versionId: string | null; toolCallId?: string }[];
  /** Evidence records: the runtime's status (`unknown` when none was sent, `disputed` when review disagrees) and their refs. */
  evidence: { evidenceId: string; status: string; verdict?: string; packRef?: string; replayRef?: string; reviewRef?: string }[];
  /** Queued turns, or `unknown` when the runtime reported the queue in a form the kit cannot read. */
  queue: { turnId?: string; queueId?: string; preview?: string }[] | 'unknown';
  /** Tasks with every attempt in order; a retry adds an attempt and never overwrites a failed one. */
  tasks: { taskId: string; status: string; attempts: { runId: string; status: string }[] }[];
  /** Subagents with their role and lineage (parent task). */
  subagents: { subagentId: string; role: string | null; parentTaskId: string | null; status: string }[];
  /** The routing decision as reported; `null` when the runtime sent none. */
  routing: { selectedModel: string | null; candidateCount: number | null; decisionSource: string | null } | null;
  /** Diagnostics in the order recorded (invalid events, unknown types, mismatches...), with the event id or line. */
  diagnostics: { code: string; eventId?: string; line?: number }[];
}

/**
 * A plain JSON summary of the projection (documented in the README; used by the CLI and fixtures).
 * @example
 * const { status, turns, messages } = summarize(store.getState());
 */
export function summarize(state: ProjectionData): RuntimeSummary {
  const reasoning: RuntimeSummary['reasoning'] = [];
  const messages: RuntimeSummary['messages'] = [];
  for (const message of tableRows(state.messages)) {
    const text = selectMessageText(state, message);
    if (text !== '' || message.role === 'user' || message.status === 'failed') {
      messages.push({
        messageId: message.messageId,
        turnId: message.turnId ?? null,
        role: message.role,
        text,
        final: message.final,
        ...(message.status === 'interrupted' && { interrupted: true as const }),
      });
    }
    // Each reasoning part is its own entry (a reasoning.summary never merges into streamed reasoning).
    for (const partId of message.partIds) {
      const part = state.parts.byId.get(partId);
      if (part?.kind === 'reasoning' && part.text && message.turnId !== undefined) reasoning.push({ turnId: message.turnId, text: part.text });
    }
  }
  return {
    sessionId: state.session.sessionId ?? null,
    status: selectSessionStatus(state),
    stale: state.session.stale,
    counts: { ...state.counts },
    turns: tableRows(state.turns).map((turn) => ({ turnId: turn.turnId, status: selectTurnStatus(state, turn) })),
    messages,
    reasoning,
    tools: tableRows(state.toolCalls).map((tool) => ({
      toolCallId: tool.toolCallId,
      name: tool.name ?? null,
      status: tool.status,
      ...(tool.failure?.category !== undefined && { failureCategory: tool.failure.category }),
      ...(tool.outputRef !== undefined && { outputRef: tool.outputRef }),
    })),
    actions: tableRows(state.actions).map((action) => {
      const overlay = state.responding.get(action.actionId);
      const responding = action.status === 'pending' && overlay !== undefined && overlay.error === undefined;
      return {
        actionId: action.actionId,
        status: responding ? 'responding' : action.status,
        ...(action.decision !== undefined && { decision: action.decision }),
      };
    }),
    artifacts: tableRows(state.artifacts).map((artifact) => ({
      artifactId: artifact.artifactId,
      kind: artifact.kind ?? 'unknown',
      status: artifact.status ?? 'unknown',
      versionId: artifact.currentVersionId ?? null,
      ...(artifact.toolCallId !== undefined && { toolCallId: artifact.toolCallId }),
    })),
    evidence: tableRows(state.evidence).map((evidence) => ({
      evidenceId: evidence.evidenceId,
      status: evidence.disputed ? 'disputed' : (evidence.status ?? 'unknown'),
      ...(evidence.verdict !== undefined && { verdict: evidence.verdict }),
      ...(evidence.packRef !== undefined && { packRef: evidence.packRef }),
      ...(evidence.replayRef !== undefined && { replayRef: evidence.replayRef }),
      ...(evidence.reviewRef !== undefined && { reviewRef: evidence.reviewRef }),
    })),
    tasks: tableRows(state.tasks).map((task) => ({
      taskId: task.taskId,
      status: task.status ?? 'unknown',
      attempts: task.attempts.map((attempt) => ({ runId: attempt.runId, status: attempt.status })),
    })),
    subagents: tableRows(state.subagents).map((subagent) => ({
      subagentId: subagent.subagentId,
      role: subagent.role ?? null,
      parentTaskId: subagent.parentTaskId ?? null,
      status: subagent.status,
    })),
    queue: state.queueUnknown ? 'unknown' : state.queue.map((q) => ({ ...q })),
    routing: state.routing
      ? {
          selectedModel: state.routing.selectedModel ?? null,
          candidateCount: state.routing.candidateCount ?? null,
          decisionSource: state.routing.decisionSource ?? null,
        }
      : null,
    diagnostics: tableRows(state.diagnostics).map((d) => ({
      code: d.code,
      ...(d.eventId !== undefined && { eventId: d.eventId }),
      ...(d.line !== undefined && { line: d.line }),
    })),
  };
}
