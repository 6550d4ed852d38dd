import type { JsonObject } from '../protocol/events';
import type { ReadModel, ReadModelMessage, ReadModelPart } from '../protocol/readModel';
import { selectThreadReadModel } from './selectors/readModels';
import { selectMessageReasoning, selectMessageText } from './selectors/text';
import type { ProjectionData } from './state';
import { tableRows } from './table';

/** The thread status vocabulary of the snapshot schema, from the kit's session status. */
const THREAD_STATUS: ReadonlyMap<string, string> = new Map([
  ['idle', 'idle'],
  ['submitted', 'queued'],
  ['running', 'running'],
  ['needs-input', 'blocked'],
  ['blocked', 'blocked'],
  ['completed', 'completed'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
  ['unknown', 'unknown'],
]);

function messageOf(state: ProjectionData, messageId: string): ReadModelMessage | undefined {
  const message = state.messages.byId.get(messageId);
  if (!message) return undefined;
  const parts: ReadModelPart[] = [];
  for (const id of message.partIds) {
    const part = state.parts.byId.get(id);
    if (!part) continue;
    parts.push({ kind: part.kind, ...(part.text !== undefined && { text: part.text }), ...(part.refId !== undefined && { refId: part.refId }), done: part.done });
  }
  const reasoning = selectMessageReasoning(state, message);
  return {
    messageId,
    role: message.role,
    final: message.final,
    ...(message.turnId !== undefined && { turnId: message.turnId }),
    text: selectMessageText(state, message),
    ...(reasoning !== '' && { reasoning }),
    // The parts in event order, so a hydrated view shows tool rows and cards where they were.
    parts,
  };
}

/**
 * The read model of the store's first thread: what a runtime would serve from `readThread` for
 * the facts applied so far. `encodeReadModel` turns it into the wire document.
 */
export function readModelOf(state: ProjectionData, cursor?: { sequence?: number; eventId?: string }): ReadModel {
  const view = selectThreadReadModel(state);
  const threadId = view.threadId;
  const pending = new Set(view.pendingActions.map((a) => a.actionId));
  const strip = <T extends object>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return strip({
    kind: 'thread-read-model',
    schemaVersion: state.session.schemaVersion,
    runtimeId: state.session.runtimeId,
    sessionId: state.session.sessionId,
    cursor: cursor?.sequence,
    cursorEventId: cursor?.eventId,
    threads: threadId === null ? [] : [
      {
        threadId,
        status: THREAD_STATUS.get(view.status) ?? 'unknown',
        activeTurnId: view.activeTurnId,
        turns: tableRows(state.turns).map((turn) => ({
          turnId: turn.turnId,
          lifecycle: turn.lifecycle,
          ...(turn.blocked !== undefined && turn.lifecycle === 'running' && { blocked: true as const }),
          taskId: turn.taskId,
          failure: turn.failure,
          submittedAt: turn.submittedAt,
          startedAt: turn.startedAt,
          endedAt: turn.endedAt,
        })),
        pendingActions: view.pendingActions.map((a) => ({ actionId: a.actionId, status: 'pending' as const, turnId: a.turnId, actionType: a.actionType, prompt: a.prompt, severity: a.severity })),
        actions: tableRows(state.actions)
          .filter((a) => !pending.has(a.actionId))
          .map((a) => ({ actionId: a.actionId, status: a.status, decision: a.decision, actionType: a.actionType, prompt: a.prompt, severity: a.severity, turnId: a.turnId })),
        toolCalls: tableRows(state.toolCalls).map((t) => ({
          toolCallId: t.toolCallId,
          status: t.status,
          turnId: t.turnId,
          name: t.name,
          outputRef: t.outputRef,
          safeArgs: t.safeArgs,
          argsText: t.argsText,
          outputPreview: t.outputPreview,
          durationMs: t.durationMs,
          progress: t.progress,
          failure: t.failure,
        })),
        messages: state.messages.ids.map((id) => messageOf(state, id)).filter((m): m is ReadModelMessage => m !== undefined),
        artifacts: tableRows(state.artifacts).map((a) => ({ artifactId: a.artifactId, kind: a.kind, status: a.status, currentVersionId: a.currentVersionId, toolCallId: a.toolCallId, turnId: a.turnId })),
        subagents: tableRows(state.subagents).map((s) => ({ subagentId: s.subagentId, role: s.role, parentTaskId: s.parentTaskId, parentThreadId: s.parentThreadId, status: s.status })),
        evidence: tableRows(state.evidence).map((e) => ({ evidenceId: e.evidenceId, status: e.status, packRef: e.packRef, replayRef: e.replayRef, reviewRef: e.reviewRef, verificationOutcomes: e.verificationOutcomes.slice() })),
        queue: state.queue.map((q) => ({ ...q })),
        incidents: view.incidents.map((incident) => ({ ...incident }) as JsonObject),
        evidenceRefs: state.evidence.ids.slice(),
      },
    ],
    tasks: tableRows(state.tasks).map((t) => ({
      taskId: t.taskId,
      status: t.status ?? 'unknown',
      objective: t.objective,
      title: t.title,
      currentRunId: t.currentRunId,
      attempts: t.attempts.map((a) => ({ runId: a.runId, status: a.status, attemptId: a.attemptId })),
      evidenceRefs: t.evidenceRefs.slice(),
    })),
    routing: state.routing
      ? { selectedModel: state.routing.selectedModel, candidateCount: state.routing.candidateCount, decisionSource: state.routing.decisionSource, fallbackModel: state.routing.fallbackModel }
      : undefined,
    evidenceRefs: [],
  } satisfies ReadModel);
}
