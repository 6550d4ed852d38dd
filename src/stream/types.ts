import type { RuntimeEventEnvelope } from '../protocol/events';
import type { DiagnosticInput } from '../store/draft';
import type { ThreadReadModelSnapshot, SessionSnapshot } from '../protocol/snapshots';

export type SourceStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended' | 'closed' | 'error';

export interface SourceStatusDetail {
  /** Reconnect attempt (1-based) while reconnecting. */
  attempt?: number;
  /** Delay before the next attempt, while reconnecting. */
  delayMs?: number;
  error?: string;
}

/** Where a stream resumes: after this event id and/or sequence. */
export interface StreamCursor {
  eventId?: string;
  sequence?: number;
}

export interface SourceHandlers {
  /** Raw events in arrival order (not yet validated: the store does that). */
  events(events: unknown[]): void;
  status?(status: SourceStatus, detail?: SourceStatusDetail): void;
  /** Malformed frames, transport faults: recorded, never thrown. */
  diagnostic?(diagnostic: DiagnosticInput): void;
  /** The source restarts from the beginning (replay seek): the consumer resets its state first. */
  reset?(): void;
}

/** One interface for every transport: start delivering, say where to resume, close. */
export interface RuntimeEventSource {
  start(handlers: SourceHandlers): void;
  /** Stops delivery and releases sockets and timers; no callback fires afterwards. */
  close(): void;
  /** The position a reconnect resumes after. */
  cursor(): StreamCursor | undefined;
  /** Reconnects now, resuming after `cursor` (used after a snapshot repair). Absent for one-shot sources. */
  resumeFrom?(cursor: StreamCursor): void;
}

export type TurnMode = 'start' | 'queue' | 'steer';

export interface StartTurnInput {
  sessionId?: string;
  threadId?: string;
  prompt: string;
  mode: TurnMode;
}

export interface CancelTurnInput {
  sessionId?: string;
  threadId?: string;
  turnId?: string;
}

export interface RespondActionInput {
  sessionId?: string;
  threadId?: string;
  actionId: string;
  decision: string;
  payload?: Record<string, unknown>;
}

export interface ReadThreadInput {
  sessionId?: string;
  threadId?: string;
  /** Load history before this cursor (older messages), instead of the current read model. */
  before?: string | number;
}

export interface ExportEvidenceInput {
  sessionId?: string;
  threadId?: string;
  turnId?: string;
  taskId?: string;
}

export type RuntimeThreadReadModel = ThreadReadModelSnapshot | SessionSnapshot;

/** The provider adapter of SPEC section 8 (seed 003): the only way the kit writes to a runtime. */
export interface RuntimeProviderAdapter {
  startTurn(input: StartTurnInput): AsyncIterable<RuntimeEventEnvelope>;
  cancelTurn(input: CancelTurnInput): Promise<RuntimeEventEnvelope>;
  respondAction(input: RespondActionInput): Promise<RuntimeEventEnvelope>;
  readThread(input: ReadThreadInput): Promise<RuntimeThreadReadModel>;
  /** Optional: runtimes that export evidence packs. Absent means `unavailable`, not an error. */
  exportEvidence?(input: ExportEvidenceInput): Promise<RuntimeEventEnvelope>;
}
