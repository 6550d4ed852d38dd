import type { JsonObject } from '../protocol/events';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { selectMessageReasoning, selectMessageText } from '../store/selectors/text';
import { selectThreadReadModel } from '../store/selectors/readModels';
import { selectTurnStatus } from '../store/selectors/turnStatus';
import { tableRows } from '../store/table';

const THREAD_STATUS: Record<string, string> = {
  idle: 'idle',
  submitted: 'queued',
  running: 'running',
  'needs-input': 'blocked',
  blocked: 'blocked',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  unknown: 'unknown',
};

/**
 * The ThreadReadModel a runtime would serve for the events it has emitted so far: built by
 * replaying them into the kit's own store, with the cursor of the last emitted event.
 */
export function buildThreadReadModel(events: readonly JsonObject[]): JsonObject {
  const store = createRuntimeStore({ reorderWindow: Number.MAX_SAFE_INTEGER });
  store.getState().ingest(events);
  store.getState().settle();
  const state = store.getState();
  const model = selectThreadReadModel(state);
  const last = events[events.length - 1];
  return {
    schemaVersion: 'lime-profile-0.4.0',
    runtimeId: state.session.runtimeId,
    sessionId: state.session.sessionId,
    threadId: model.threadId,
    status: THREAD_STATUS[model.status] ?? 'unknown',
    activeTurnId: model.activeTurnId,
    turns: tableRows(state.turns).map((turn) => ({ turnId: turn.turnId, status: selectTurnStatus(state, turn), taskId: turn.taskId })),
    pendingRequests: model.pendingActions.map((a) => ({ actionId: a.actionId, actionType: a.actionType, prompt: a.prompt, severity: a.severity, turnId: a.turnId })),
    queuedTurns: [...state.queue],
    incidents: [...model.incidents],
    actions: tableRows(state.actions).map((a) => ({ actionId: a.actionId, status: a.status, decision: a.decision, actionType: a.actionType, prompt: a.prompt, severity: a.severity, turnId: a.turnId })),
    toolCalls: tableRows(state.toolCalls).map((t) => ({
      toolCallId: t.toolCallId,
      toolName: t.name,
      status: t.status,
      outputRef: t.outputRef,
      failureCategory: t.failure?.category,
      retryable: t.failure?.retryable,
      recoveryHint: t.failure?.recoveryHint,
      message: t.failure?.message,
      safeArgs: t.safeArgs,
      argsText: t.argsText,
      preview: t.outputPreview,
      durationMs: t.durationMs,
      progress: t.progress,
      turnId: t.turnId,
    })),
    messages: tableRows(state.messages).map((m) => ({
      messageId: m.messageId,
      turnId: m.turnId,
      role: m.role,
      text: selectMessageText(state, m),
      reasoning: selectMessageReasoning(state, m),
      // The parts in event order, so a hydrated view shows tool rows and cards where they were.
      parts: m.partIds.map((id) => {
        const part = state.parts.byId.get(id)!;
        return { kind: part.kind, ...(part.text !== undefined && { text: part.text }), ...(part.refId !== undefined && { refId: part.refId }), done: part.done };
      }),
      status: m.final ? 'completed' : 'streaming',
    })),
    tasks: tableRows(state.tasks).map((t) => ({ taskId: t.taskId, status: t.status ?? 'unknown', objective: t.objective, attempts: t.attempts.map((a) => ({ runId: a.runId, status: a.status })) })),
    subagents: tableRows(state.subagents).map((s) => ({ subagentId: s.subagentId, role: s.role, parentTaskId: s.parentTaskId, parentThreadId: s.parentThreadId, status: s.status })),
    evidence: tableRows(state.evidence).map((e) => ({ evidenceId: e.evidenceId, status: e.status, packRef: e.packRef, replayRef: e.replayRef, reviewRef: e.reviewRef })),
    routingLimitSummary: state.routing ? { selectedModel: state.routing.selectedModel, candidateCount: state.routing.candidateCount, decisionSource: state.routing.decisionSource } : {},
    artifacts: tableRows(state.artifacts).map((a) => ({ artifactId: a.artifactId, kind: a.kind, status: a.status, versionId: a.currentVersionId, toolCallId: a.toolCallId })),
    evidenceSummary: { evidenceRefs: state.evidence.ids.slice() },
    cursor: { sequence: typeof last?.sequence === 'number' ? last.sequence : undefined, eventId: last?.eventId },
  };
}
