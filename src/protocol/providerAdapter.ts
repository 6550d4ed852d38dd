import type { RuntimeEventEnvelope } from './events';
import type { ThreadReadModelSnapshot, SessionSnapshot } from './snapshots';

/**
 * How a new prompt relates to a running turn: `start` a turn, `queue` it behind the active one, or
 * `steer` the active one.
 */
export type TurnMode = 'start' | 'queue' | 'steer';

/**
 * What `startTurn` sends: the prompt, how it relates to a running turn, and where it goes
 * (defaults: the adapter's session and thread).
 */
export interface StartTurnInput {
  sessionId?: string;
  threadId?: string;
  prompt: string;
  mode: TurnMode;
}

/**
 * What `cancelTurn` sends: the turn to interrupt (default: the active one). The turn ends only when
 * the runtime says `turn.cancelled`.
 */
export interface CancelTurnInput {
  sessionId?: string;
  threadId?: string;
  turnId?: string;
}

/**
 * What `respondAction` sends: the user's decision (`approve`, `reject`, an answer) on one action,
 * with structured input in `payload`. The action is resolved only by the runtime's
 * `action.resolved`.
 */
export interface RespondActionInput {
  sessionId?: string;
  threadId?: string;
  actionId: string;
  decision: string;
  payload?: Record<string, unknown>;
}

/** What `readThread` asks for: the current read model of a thread, or (`before`) a page of older history. */
export interface ReadThreadInput {
  sessionId?: string;
  threadId?: string;
  /** Load history before this cursor (older messages), instead of the current read model. */
  before?: string | number;
}

/** What `exportEvidence` asks to export: the evidence of a session, thread, turn or task. */
export interface ExportEvidenceInput {
  sessionId?: string;
  threadId?: string;
  turnId?: string;
  taskId?: string;
}

/**
 * What `addToolOutput` sends: the output of a tool the app runs itself (a client-side or frontend
 * tool: the runtime asked for the call and waits for its output), or `errorText` when it failed.
 * The names are the AI SDK's (`useChat().addToolOutput`).
 */
export interface AddToolOutputInput {
  sessionId?: string;
  threadId?: string;
  toolCallId: string;
  /** The tool's output (any JSON value); absent when `errorText` says it failed. */
  output?: unknown;
  /** The tool failed: what the model is told. */
  errorText?: string;
}

/**
 * What a runtime behind an adapter can do, so a UI offers only that (the stock Composer reads it).
 * Each flag is a fact the adapter states about its framework and its configuration.
 */
export interface RuntimeCapabilities {
  /** A prompt sent while a turn runs waits for it, then runs with that turn's exchange in context. */
  queue: boolean;
  /** A prompt sent while a turn runs goes into that turn (AI SDK steering); without it, steering is refused. */
  steer: boolean;
  /** `cancelTurn` stops the running turn (Stop). */
  interrupt: boolean;
  /** `respondAction` answers the runtime's approvals, interrupts or input requests. */
  approvals: boolean;
  /** `addToolOutput` completes a tool the app runs itself (client-side or frontend tools). */
  clientTools: boolean;
  /** The adapter continues a conversation the framework saved (messages, input items, a checkpoint). */
  restore: boolean;
}

/** What `retryToolCall` asks for: run one failed tool call again (the runtime decides how; its events report it). */
export interface RetryToolCallInput {
  sessionId?: string;
  threadId?: string;
  turnId?: string;
  toolCallId: string;
}

/** What `readThread` returns: a thread read model or a whole session snapshot (both hydrate the store). */
export type RuntimeThreadReadModel = ThreadReadModelSnapshot | SessionSnapshot;

/** The provider adapter of SPEC section 8 (seed 003): the only way the kit writes to a runtime. */
export interface RuntimeProviderAdapter {
  startTurn(input: StartTurnInput): AsyncIterable<RuntimeEventEnvelope>;
  cancelTurn(input: CancelTurnInput): Promise<RuntimeEventEnvelope>;
  respondAction(input: RespondActionInput): Promise<RuntimeEventEnvelope>;
  readThread(input: ReadThreadInput): Promise<RuntimeThreadReadModel>;
  /** Optional: runtimes that export evidence packs. Absent means `unavailable`, not an error. */
  exportEvidence?(input: ExportEvidenceInput): Promise<RuntimeEventEnvelope>;
  /**
   * Optional: completes a tool the app runs itself; answered with the tool's result (or failure)
   * fact once the runtime has the output. Absent means the runtime runs every tool itself.
   */
  addToolOutput?(input: AddToolOutputInput): Promise<RuntimeEventEnvelope>;
  /** What this runtime can do; absent means the adapter does not say (a UI then offers every write). */
  readonly capabilities?: RuntimeCapabilities;
  /**
   * Optional: runtimes that can run a failed tool call again. Absent means the kit offers no Retry
   * on a tool row, whatever the failure says.
   */
  retryToolCall?(input: RetryToolCallInput): Promise<RuntimeEventEnvelope>;
}

/**
 * Where an adapter's events land: the session and thread they belong to, and the sequence they
 * continue from (events start at `sequence + 1`, so a second turn continues the first's order).
 */
export interface AdapterContext {
  /** Defaults to the adapter's own runtime id. */
  runtimeId?: string;
  sessionId: string;
  threadId: string;
  /** The turn these events belong to; generated when absent. */
  turnId?: string;
  /** The last sequence already used in this session (0 when absent). */
  sequence?: number;
}

/** The pure mapping every adapter module exports: a framework's native stream to profile events. */
export type ToRuntimeEvents<Source> = (source: Source, context: AdapterContext) => AsyncIterable<RuntimeEventEnvelope>;
