import type { DiagnosticInput } from '../store/draft';

/** A transport's status as it reports it to `SourceHandlers.status`. */
export type SourceStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended' | 'closed' | 'error';

/** Details of a status change: the reconnect attempt and delay, or the error. */
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

/**
 * What a `RuntimeEventSource` calls: raw events in arrival order, status changes, diagnostics, and
 * a reset before a replay restarts.
 */
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

// The provider adapter contract (seed 003) is declared in protocol/, below every layer that uses it.
export type {
  TurnMode,
  StartTurnInput,
  CancelTurnInput,
  RespondActionInput,
  ReadThreadInput,
  ExportEvidenceInput,
  RetryToolCallInput,
  RuntimeThreadReadModel,
  RuntimeProviderAdapter,
} from '../protocol/providerAdapter';
