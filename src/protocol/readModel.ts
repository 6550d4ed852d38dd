// The read-model codec (SPEC sections 6-8, seed 004): a session snapshot or a ThreadReadModel as
// typed entities. `decode` is tolerant: it reads every field through the payload readers, drops
// what it cannot read (a missing fact stays absent, never a guess) and never throws. `encode` is
// its inverse on the wire shape, so `decode(encode(model))` gives `model` back.
import type { JsonObject } from './events';
import {
  readBoolean,
  readNumber,
  readObject,
  readObjects,
  readString,
  readStrings,
  readVerificationOutcomes,
  type VerificationOutcome,
} from './payloadReaders';
import { classifyDocument } from './snapshots';

export type ReadModelTurnLifecycle = 'submitted' | 'running' | 'completed' | 'failed' | 'cancelled' | 'unknown';
export type ReadModelToolStatus = 'unknown' | 'running' | 'succeeded' | 'failed';
export type ReadModelActionStatus = 'pending' | 'resolved' | 'cancelled' | 'expired';
export type ReadModelPartKind = 'text' | 'reasoning' | 'tool' | 'action' | 'artifact';

export interface ReadModelTurn {
  turnId: string;
  /** Absent when the model states no status; `unknown` when it states one we do not know. */
  lifecycle?: ReadModelTurnLifecycle;
  /** The model says the turn is blocked (status `blocked`). */
  blocked?: true;
  taskId?: string;
  runId?: string;
  /** Why a failed turn failed (category, retryability, recovery hint), as the model states it. */
  failure?: { category?: string; retryable?: boolean; recoveryHint?: string; message?: string };
  /** When the runtime took, started and ended the turn (ISO 8601), as the model states them. */
  submittedAt?: string;
  startedAt?: string;
  endedAt?: string;
}

export interface ReadModelAction {
  actionId: string;
  status: ReadModelActionStatus;
  turnId?: string;
  actionType?: string;
  prompt?: string;
  severity?: string;
  decision?: string;
}

export interface ReadModelToolCall {
  toolCallId: string;
  /** Absent when the model states no status (or one we do not know). */
  status?: ReadModelToolStatus;
  turnId?: string;
  name?: string;
  outputRef?: string;
  safeArgs?: unknown;
  argsText?: string;
  preview?: string;
  durationMs?: number;
  progress?: number;
  failure?: { category?: string; retryable?: boolean; recoveryHint?: string; message?: string };
}

export interface ReadModelPart {
  kind: ReadModelPartKind;
  text?: string;
  refId?: string;
  done: boolean;
}

export interface ReadModelMessage {
  messageId: string;
  role: 'user' | 'assistant';
  /**
   * True when the model says the message is finished (its text is the whole answer), false when it
   * says it is still streaming; absent when it says neither (unknown, never taken as final).
   */
  final?: boolean;
  turnId?: string;
  text?: string;
  reasoning?: string;
  /** When listed, the message's parts in order: authoritative for the parts. */
  parts?: ReadModelPart[];
}

export interface ReadModelArtifact {
  artifactId: string;
  kind?: string;
  status?: string;
  title?: string;
  versionId?: string;
  toolCallId?: string;
  turnId?: string;
}

export interface ReadModelSubagent {
  subagentId: string;
  role?: string;
  parentTaskId?: string;
  parentThreadId?: string;
  status?: string;
}

export interface ReadModelEvidence {
  evidenceId: string;
  status?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  verificationOutcomes?: VerificationOutcome[];
}

export interface ReadModelQueuedTurn {
  queueId?: string;
  turnId?: string;
  preview?: string;
}

export interface ReadModelThread {
  threadId: string;
  status?: string;
  activeTurnId?: string;
  turns: ReadModelTurn[];
  /** Requests the model lists as waiting for an answer. */
  pendingActions: ReadModelAction[];
  /** Actions with their outcome (resolved, cancelled, expired; or pending). */
  actions: ReadModelAction[];
  toolCalls: ReadModelToolCall[];
  messages: ReadModelMessage[];
  artifacts: ReadModelArtifact[];
  subagents: ReadModelSubagent[];
  evidence: ReadModelEvidence[];
  /** Absent when the model does not list the queue (then it says nothing about it). */
  queue?: ReadModelQueuedTurn[];
  /** Absent when the model does not list incidents. */
  incidents?: JsonObject[];
  evidenceRefs: string[];
  verificationOutcomes?: VerificationOutcome[];
}

export interface ReadModelTask {
  taskId: string;
  status?: string;
  objective?: string;
  title?: string;
  currentRunId?: string;
  threadId?: string;
  turnId?: string;
  attempts: { runId: string; status?: string; attemptId?: string }[];
  evidenceRefs?: string[];
}

export interface ReadModelRouting {
  selectedModel?: string;
  candidateCount?: number;
  singleCandidate?: boolean;
  decisionSource?: string;
  fallbackModel?: string;
}

/** A decoded session snapshot or thread read model. */
export interface ReadModel {
  kind: 'session-snapshot' | 'thread-read-model';
  schemaVersion?: string;
  runtimeId?: string;
  sessionId?: string;
  updatedAt?: string;
  /** The sequence the model is current through: the stream resumes after it. */
  cursor?: number;
  cursorEventId?: string;
  threads: ReadModelThread[];
  tasks: ReadModelTask[];
  routing?: ReadModelRouting;
  evidenceRefs: string[];
}

// Lookup tables keyed by strings from outside are Maps: a status of `constructor` or `__proto__`
// must find nothing, never a function or `Object.prototype`.
const LIFECYCLE_BY_STATUS: ReadonlyMap<string, ReadModelTurnLifecycle> = new Map([
  ['completed', 'completed'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
  ['running', 'running'],
  ['streaming', 'running'],
  ['preparing', 'running'],
  ['retrying', 'running'],
  ['blocked', 'running'],
  ['waiting', 'running'],
  ['needs-input', 'running'],
  ['queued', 'submitted'],
  ['submitted', 'submitted'],
  ['accepted', 'submitted'],
  ['stale', 'unknown'],
  ['unknown', 'unknown'],
]);

const TOOL_STATUS: ReadonlyMap<string, ReadModelToolStatus> = new Map([
  ['unknown', 'unknown'],
  ['running', 'running'],
  ['started', 'running'],
  ['in_progress', 'running'],
  ['succeeded', 'succeeded'],
  ['completed', 'succeeded'],
  ['failed', 'failed'],
  ['error', 'failed'],
]);

const ACTION_STATUS: ReadonlyMap<string, ReadModelActionStatus> = new Map([
  ['pending', 'pending'],
  ['resolved', 'resolved'],
  ['cancelled', 'cancelled'],
  ['expired', 'expired'],
]);

const PART_KINDS: ReadonlySet<string> = new Set(['text', 'reasoning', 'tool', 'action', 'artifact']);

/** Drops absent fields, so a decoded entity lists only the facts the document states. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

function list<T>(value: unknown, decodeItem: (item: JsonObject) => T | undefined): T[] {
  const out: T[] = [];
  for (const item of readObjects(value) ?? []) {
    const decoded = decodeItem(item);
    if (decoded !== undefined) out.push(decoded);
  }
  return out;
}

/** The typed failure fields a turn or tool call item carries (flat, as on the wire). */
function decodeFailure(item: JsonObject): ReadModelTurn['failure'] {
  const failure = compact({
    category: readString(item.failureCategory),
    retryable: readBoolean(item.retryable),
    recoveryHint: readString(item.recoveryHint),
    message: readString(item.message),
  });
  return Object.keys(failure).length > 0 ? failure : undefined;
}

function decodeTurn(item: JsonObject): ReadModelTurn | undefined {
  const turnId = readString(item.turnId);
  if (turnId === undefined) return undefined;
  const status = readString(item.status);
  return compact({
    turnId,
    lifecycle: status === undefined ? undefined : (LIFECYCLE_BY_STATUS.get(status) ?? 'unknown'),
    blocked: status === 'blocked' ? (true as const) : undefined,
    taskId: readString(item.taskId),
    runId: readString(item.runId),
    failure: decodeFailure(item),
    submittedAt: readString(item.submittedAt),
    startedAt: readString(item.startedAt),
    endedAt: readString(item.endedAt),
  });
}

function decodeAction(item: JsonObject, listedAsPending: boolean): ReadModelAction | undefined {
  const actionId = readString(item.actionId) ?? readString(item.requestId);
  if (actionId === undefined) return undefined;
  const stated = ACTION_STATUS.get(readString(item.status) ?? '');
  const status = listedAsPending ? 'pending' : stated;
  if (status === undefined) return undefined;
  return compact({
    actionId,
    status,
    turnId: readString(item.turnId),
    actionType: readString(item.actionType),
    prompt: readString(item.prompt),
    severity: readString(item.severity),
    decision: readString(item.decision),
  });
}

function decodeToolCall(item: JsonObject): ReadModelToolCall | undefined {
  const toolCallId = readString(item.toolCallId);
  if (toolCallId === undefined) return undefined;
  return compact({
    toolCallId,
    status: TOOL_STATUS.get(readString(item.status) ?? ''),
    turnId: readString(item.turnId),
    name: readString(item.toolName) ?? readString(item.name),
    outputRef: readString(item.outputRef),
    safeArgs: item.safeArgs ?? undefined,
    argsText: readString(item.argsText),
    preview: readString(item.preview),
    durationMs: readNumber(item.durationMs),
    progress: readNumber(item.progress),
    failure: decodeFailure(item),
  });
}

function decodePart(item: JsonObject): ReadModelPart | undefined {
  const kind = readString(item.kind);
  if (kind === undefined || !PART_KINDS.has(kind)) return undefined;
  return compact({
    kind: kind as ReadModelPartKind,
    text: readString(item.text),
    refId: readString(item.refId),
    done: item.done === true || (kind !== 'text' && kind !== 'reasoning'),
  });
}

export function decodeMessage(item: JsonObject): ReadModelMessage | undefined {
  const messageId = readString(item.messageId) ?? readString(item.id);
  const text = readString(item.text) ?? readString(item.content);
  const parts = readObjects(item.parts);
  if (messageId === undefined || (text === undefined && parts === undefined)) return undefined;
  const status = readString(item.status);
  // A read model may list a message that is still streaming; only one it says is finished is final.
  const final = readBoolean(item.final) ?? (status === undefined ? undefined : status === 'completed');
  const reasoning = readString(item.reasoning);
  return compact({
    messageId,
    role: item.role === 'user' ? ('user' as const) : ('assistant' as const),
    final,
    turnId: readString(item.turnId),
    text,
    reasoning: reasoning === '' ? undefined : reasoning,
    parts: parts === undefined ? undefined : list(parts, decodePart),
  });
}

function decodeArtifact(item: JsonObject): ReadModelArtifact | undefined {
  const artifactId = readString(item.artifactId);
  if (artifactId === undefined) return undefined;
  return compact({
    artifactId,
    kind: readString(item.kind),
    status: readString(item.status),
    title: readString(item.title),
    versionId: readString(item.versionId),
    toolCallId: readString(item.toolCallId),
    turnId: readString(item.turnId),
  });
}

function decodeSubagent(item: JsonObject): ReadModelSubagent | undefined {
  const subagentId = readString(item.subagentId);
  if (subagentId === undefined) return undefined;
  return compact({
    subagentId,
    role: readString(item.role),
    parentTaskId: readString(item.parentTaskId),
    parentThreadId: readString(item.parentThreadId),
    status: readString(item.status),
  });
}

function decodeEvidence(item: JsonObject): ReadModelEvidence | undefined {
  const evidenceId = readString(item.evidenceId);
  if (evidenceId === undefined) return undefined;
  return compact({
    evidenceId,
    status: readString(item.status),
    packRef: readString(item.packRef),
    replayRef: readString(item.replayRef),
    reviewRef: readString(item.reviewRef),
    verificationOutcomes: readVerificationOutcomes(item.verificationOutcomes),
  });
}

function decodeQueuedTurn(item: JsonObject): ReadModelQueuedTurn {
  return compact({ queueId: readString(item.queueId), turnId: readString(item.turnId), preview: readString(item.preview) });
}

function decodeThread(thread: JsonObject): ReadModelThread | undefined {
  const threadId = readString(thread.threadId);
  if (threadId === undefined) return undefined;
  const summary = readObject(thread.evidenceSummary);
  const queue = readObjects(thread.queuedTurns);
  return compact({
    threadId,
    status: readString(thread.status),
    activeTurnId: readString(thread.activeTurnId),
    turns: list(thread.turns, decodeTurn),
    pendingActions: list(thread.pendingRequests ?? thread.pendingActions, (item) => decodeAction(item, true)),
    actions: list(thread.actions, (item) => decodeAction(item, false)),
    toolCalls: list(thread.toolCalls, decodeToolCall),
    messages: list(thread.messages, decodeMessage),
    artifacts: list(thread.artifacts, decodeArtifact),
    subagents: list(thread.subagents, decodeSubagent),
    evidence: list(thread.evidence, decodeEvidence),
    queue: queue?.map(decodeQueuedTurn),
    incidents: readObjects(thread.incidents),
    evidenceRefs: readStrings(summary?.evidenceRefs) ?? [],
    verificationOutcomes: readVerificationOutcomes(summary?.verificationOutcomes),
  });
}

function decodeTask(item: JsonObject): ReadModelTask | undefined {
  const taskId = readString(item.taskId);
  if (taskId === undefined) return undefined;
  return compact({
    taskId,
    status: readString(item.status),
    objective: readString(item.objective),
    title: readString(item.title),
    currentRunId: readString(item.currentRunId),
    threadId: readString(item.threadId),
    turnId: readString(item.turnId),
    attempts: list(item.attempts, (a) => {
      const runId = readString(a.runId);
      return runId === undefined ? undefined : compact({ runId, status: readString(a.status), attemptId: readString(a.attemptId) });
    }),
    evidenceRefs: readStrings(item.evidenceRefs),
  });
}

function decodeRouting(summary: JsonObject | undefined): ReadModelRouting | undefined {
  if (summary === undefined) return undefined;
  const routing = compact({
    selectedModel: readString(summary.selectedModel),
    candidateCount: readNumber(summary.candidateCount),
    singleCandidate: readBoolean(summary.singleCandidate),
    decisionSource: readString(summary.decisionSource),
    fallbackModel: readString(summary.fallbackModel),
  });
  // An empty summary says nothing about routing.
  return Object.keys(routing).length > 0 ? routing : undefined;
}

/** The sequence a snapshot or read model is current through, when it says. */
export function decodeCursor(doc: JsonObject): { sequence?: number; eventId?: string } {
  const cursor = doc.cursor ?? doc.lastSequence;
  const object = readObject(cursor);
  const sequence = readNumber(object ? object.sequence : cursor);
  // A cursor is a place in the order: a non-negative integer, or nothing.
  return compact({
    sequence: sequence !== undefined && Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : undefined,
    eventId: object ? readString(object.eventId) : undefined,
  });
}

/** Reads a session snapshot or thread read model; undefined for any other document. Never throws. */
export function decodeReadModel(doc: unknown): ReadModel | undefined {
  const kind = classifyDocument(doc);
  if ((kind !== 'session-snapshot' && kind !== 'thread-read-model') || !readObject(doc)) return undefined;
  const root = doc as JsonObject;
  const cursor = decodeCursor(root);
  const thread = kind === 'thread-read-model' ? decodeThread(root) : undefined;
  return compact({
    kind,
    schemaVersion: readString(root.schemaVersion),
    runtimeId: readString(root.runtimeId),
    sessionId: readString(root.sessionId),
    updatedAt: readString(root.updatedAt),
    cursor: cursor.sequence,
    cursorEventId: cursor.eventId,
    threads: kind === 'session-snapshot' ? list(root.threads, decodeThread) : thread ? [thread] : [],
    tasks: list(root.tasks, decodeTask),
    routing: decodeRouting(readObject(root.routingLimitSummary)),
    evidenceRefs: kind === 'session-snapshot' ? (readStrings(root.evidenceRefs) ?? []) : [],
  });
}

/** Messages as a `messages.snapshot` event lists them. */
export function decodeMessages(value: unknown): ReadModelMessage[] {
  return list(value, decodeMessage);
}

const TURN_STATUS_OF: Readonly<Record<ReadModelTurnLifecycle, string>> = {
  submitted: 'submitted',
  running: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  unknown: 'unknown',
};

function encodeThread(thread: ReadModelThread): JsonObject {
  return compact({
    threadId: thread.threadId,
    status: thread.status,
    activeTurnId: thread.activeTurnId,
    turns: thread.turns.map((turn) =>
      compact({
        turnId: turn.turnId,
        status: turn.blocked ? 'blocked' : turn.lifecycle === undefined ? undefined : TURN_STATUS_OF[turn.lifecycle],
        taskId: turn.taskId,
        runId: turn.runId,
        failureCategory: turn.failure?.category,
        retryable: turn.failure?.retryable,
        recoveryHint: turn.failure?.recoveryHint,
        message: turn.failure?.message,
        submittedAt: turn.submittedAt,
        startedAt: turn.startedAt,
        endedAt: turn.endedAt,
      }),
    ),
    pendingRequests: thread.pendingActions.map((action) => ({ ...action })),
    actions: thread.actions.map((action) => ({ ...action })),
    toolCalls: thread.toolCalls.map(({ failure, name, ...tool }) =>
      compact({
        ...tool,
        toolName: name,
        failureCategory: failure?.category,
        retryable: failure?.retryable,
        recoveryHint: failure?.recoveryHint,
        message: failure?.message,
      }),
    ),
    messages: thread.messages.map(({ parts, ...message }) => compact({ ...message, parts: parts?.map((part) => ({ ...part })) })),
    artifacts: thread.artifacts.map((artifact) => ({ ...artifact })),
    subagents: thread.subagents.map((subagent) => ({ ...subagent })),
    evidence: thread.evidence.map((evidence) => ({ ...evidence })),
    queuedTurns: thread.queue?.map((queued) => ({ ...queued })),
    incidents: thread.incidents?.map((incident) => ({ ...incident })),
    evidenceSummary: compact({ evidenceRefs: thread.evidenceRefs.slice(), verificationOutcomes: thread.verificationOutcomes }),
  });
}

/**
 * The wire document for a read model: a ThreadReadModel for one thread, a session snapshot for
 * several. The cursor goes out as `{ sequence, eventId }`.
 */
export function encodeReadModel(model: ReadModel): JsonObject {
  const cursor = model.cursor === undefined && model.cursorEventId === undefined ? undefined : compact({ sequence: model.cursor, eventId: model.cursorEventId });
  const shell = compact({
    schemaVersion: model.schemaVersion,
    runtimeId: model.runtimeId,
    sessionId: model.sessionId,
    updatedAt: model.updatedAt,
  });
  const common = compact({
    tasks: model.tasks.map((task) => compact({ ...task, attempts: task.attempts.map((a) => ({ ...a })), evidenceRefs: task.evidenceRefs?.slice() })),
    routingLimitSummary: model.routing ? { ...model.routing } : {},
    cursor,
  });
  if (model.kind === 'thread-read-model' && model.threads.length === 1) return { ...shell, ...encodeThread(model.threads[0]!), ...common };
  return { ...shell, threads: model.threads.map(encodeThread), ...common, evidenceRefs: model.evidenceRefs.slice() };
}
