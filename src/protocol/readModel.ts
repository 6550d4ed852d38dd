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
import { readDeclared, writeDeclared, type Declared, type Fields } from './entity';
import {
  ACTION,
  ARTIFACT,
  ATTEMPT,
  EVIDENCE,
  FAILURE,
  QUEUED_TURN,
  ROUTING,
  SUBAGENT,
  TASK,
  TOOL_CALL,
  TURN,
  TURN_LIFECYCLE_BY_STATUS,
  type ActionState,
  type Failure,
  type ToolState,
  type TurnLifecycleState,
} from './entities';

/** A turn's lifecycle as a read model states it. */
export type ReadModelTurnLifecycle = TurnLifecycleState;
/** A tool call's status as a read model states it. */
export type ReadModelToolStatus = ToolState;
/** An action's status as a read model states it. */
export type ReadModelActionStatus = ActionState;
/** The kinds of a message part. */
export type ReadModelPartKind = 'text' | 'reasoning' | 'tool' | 'action' | 'artifact';

/** A turn as a read model lists it: the `TURN` declaration, with its lifecycle, block and failure. */
export type ReadModelTurn = Declared<typeof TURN> & {
  turnId: string;
  /** Absent when the model states no status; `unknown` when it states one we do not know. */
  lifecycle?: ReadModelTurnLifecycle;
  /** The model says the turn is blocked (status `blocked`). */
  blocked?: true;
  /** Why a failed turn failed (category, retryability, recovery hint), as the model states it. */
  failure?: Failure;
};

/** A request for the user as a read model lists it: the `ACTION` declaration. */
export type ReadModelAction = Declared<typeof ACTION> & { actionId: string; status: ReadModelActionStatus };

/** A tool call as a read model lists it: the `TOOL_CALL` declaration and its failure. */
export type ReadModelToolCall = Declared<typeof TOOL_CALL> & { toolCallId: string; failure?: Failure };

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

/** An artifact as a read model lists it: the `ARTIFACT` declaration. */
export type ReadModelArtifact = Declared<typeof ARTIFACT> & { artifactId: string };

/** A subagent as a read model lists it: the `SUBAGENT` declaration. */
export type ReadModelSubagent = Declared<typeof SUBAGENT> & { subagentId: string };

/** Evidence as a read model lists it: the `EVIDENCE` declaration and its verification outcomes. */
export type ReadModelEvidence = Declared<typeof EVIDENCE> & { evidenceId: string; verificationOutcomes?: VerificationOutcome[] };

/** A queued turn: the `QUEUED_TURN` declaration. */
export type ReadModelQueuedTurn = Declared<typeof QUEUED_TURN>;

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

/** A task as a read model lists it: the `TASK` declaration and its attempts (`ATTEMPT`). */
export type ReadModelTask = Declared<typeof TASK> & { taskId: string; attempts: (Declared<typeof ATTEMPT> & { runId: string })[] };

/** Routing as a read model's routingLimitSummary states it: the `ROUTING` declaration. */
export type ReadModelRouting = Declared<typeof ROUTING>;

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
function decodeFailure(item: JsonObject): Failure | undefined {
  const failure = readDeclared(FAILURE, item);
  return Object.keys(failure).length > 0 ? failure : undefined;
}

function decodeTurn(item: JsonObject): ReadModelTurn | undefined {
  const fields = readDeclared(TURN, item);
  if (fields.turnId === undefined) return undefined;
  const status = readString(item.status);
  return compact({
    ...fields,
    turnId: fields.turnId,
    lifecycle: status === undefined ? undefined : (TURN_LIFECYCLE_BY_STATUS.get(status) ?? 'unknown'),
    blocked: status === 'blocked' ? (true as const) : undefined,
    failure: decodeFailure(item),
  });
}

function decodeAction(item: JsonObject, listedAsPending: boolean): ReadModelAction | undefined {
  const fields = readDeclared(ACTION, item);
  const status = listedAsPending ? 'pending' : fields.status;
  if (fields.actionId === undefined || status === undefined) return undefined;
  return { ...fields, actionId: fields.actionId, status };
}

function decodeToolCall(item: JsonObject): ReadModelToolCall | undefined {
  const fields = readDeclared(TOOL_CALL, item);
  if (fields.toolCallId === undefined) return undefined;
  return compact({ ...fields, toolCallId: fields.toolCallId, failure: decodeFailure(item) });
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

/** An item of a declared entity that names its id (`idKey`); undefined without one. */
function withId<F extends Fields, K extends keyof F & string>(fields: F, idKey: K, item: JsonObject): (Declared<F> & { [P in K]: string }) | undefined {
  const read = readDeclared(fields, item);
  return read[idKey] === undefined ? undefined : (read as Declared<F> & { [P in K]: string });
}

const decodeArtifact = (item: JsonObject): ReadModelArtifact | undefined => withId(ARTIFACT, 'artifactId', item);
const decodeSubagent = (item: JsonObject): ReadModelSubagent | undefined => withId(SUBAGENT, 'subagentId', item);

function decodeEvidence(item: JsonObject): ReadModelEvidence | undefined {
  const fields = withId(EVIDENCE, 'evidenceId', item);
  return fields && compact({ ...fields, verificationOutcomes: readVerificationOutcomes(item.verificationOutcomes) });
}

const decodeQueuedTurn = (item: JsonObject): ReadModelQueuedTurn => readDeclared(QUEUED_TURN, item);

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
  const fields = withId(TASK, 'taskId', item);
  return fields && { ...fields, attempts: list(item.attempts, (a) => withId(ATTEMPT, 'runId', a)) };
}

function decodeRouting(summary: JsonObject | undefined): ReadModelRouting | undefined {
  if (summary === undefined) return undefined;
  const routing = readDeclared(ROUTING, summary);
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
    // Each entity as its declaration writes it (entities.ts), with what the declaration leaves to the codec.
    turns: thread.turns.map((turn) =>
      compact({
        ...writeDeclared(TURN, turn),
        status: turn.blocked ? 'blocked' : turn.lifecycle === undefined ? undefined : TURN_STATUS_OF[turn.lifecycle],
        ...writeDeclared(FAILURE, turn.failure ?? {}),
      }),
    ),
    pendingRequests: thread.pendingActions.map((action) => writeDeclared(ACTION, action)),
    actions: thread.actions.map((action) => writeDeclared(ACTION, action)),
    toolCalls: thread.toolCalls.map((tool) => ({ ...writeDeclared(TOOL_CALL, tool), ...writeDeclared(FAILURE, tool.failure ?? {}) })),
    messages: thread.messages.map(({ parts, ...message }) => compact({ ...message, parts: parts?.map((part) => ({ ...part })) })),
    artifacts: thread.artifacts.map((artifact) => writeDeclared(ARTIFACT, artifact)),
    subagents: thread.subagents.map((subagent) => writeDeclared(SUBAGENT, subagent)),
    evidence: thread.evidence.map((evidence) => compact({ ...writeDeclared(EVIDENCE, evidence), verificationOutcomes: evidence.verificationOutcomes })),
    queuedTurns: thread.queue?.map((queued) => writeDeclared(QUEUED_TURN, queued)),
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
    tasks: model.tasks.map((task) => ({ ...writeDeclared(TASK, task), attempts: task.attempts.map((a) => writeDeclared(ATTEMPT, a)) })),
    routingLimitSummary: model.routing ? writeDeclared(ROUTING, model.routing) : {},
    cursor,
  });
  if (model.kind === 'thread-read-model' && model.threads.length === 1) return { ...shell, ...encodeThread(model.threads[0]!), ...common };
  return { ...shell, threads: model.threads.map(encodeThread), ...common, evidenceRefs: model.evidenceRefs.slice() };
}
