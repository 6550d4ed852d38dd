import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { ProjectionDraft } from '../draft';
import { cutWhole } from '../../protocol/cutWhole';

export interface ApplyOptions {
  /** Characters of tool output / artifact preview kept inline; the rest stays behind its ref. */
  previewBudget: number;
}

/**
 * Where a fact comes from: the kind of fact that states it, when, and the ids it is correlated
 * with. An event is one as it is (no copy on the hot path); a read model states one per entity.
 */
export interface FactOrigin {
  readonly type: string;
  readonly timestamp?: string;
  readonly sessionId?: string;
  readonly threadId?: string;
  readonly turnId?: string;
  readonly taskId?: string;
  readonly runId?: string;
  readonly toolCallId?: string;
  readonly subagentId?: unknown;
}

/** Why a read model is not applied here (another session's, or behind what is applied in order). */
export interface ReadModelRefusal {
  code: 'foreign_session' | 'snapshot_behind';
  message: string;
  /** For `snapshot_behind`: the model's cursor and the sequence already applied. */
  behind?: { cursor: number; applied: number };
}

/**
 * What the order keeper says about a read model before it is merged: the one guard every door
 * (`applyReadModel`, a snapshot inside the stream) asks. `atSequence` is the place of the event
 * that carries it, when it came in the stream.
 */
export interface ReadModelGate {
  refuseReadModel(sessionId: string | undefined, cursor: number | undefined, atSequence?: number): ReadModelRefusal | undefined;
}

export interface ApplyContext {
  draft: ProjectionDraft;
  options: ApplyOptions;
  gate: ReadModelGate;
}

export type Reducer = (ctx: ApplyContext, event: RuntimeEventEnvelope) => void;

/** Caps a preview at the budget (never inside a token: a secret's head matches no pattern), saying whether anything was cut. */
export function capPreview(text: string, budget: number): { text: string; truncated: boolean } {
  return text.length > budget ? { text: cutWhole(text, budget), truncated: true } : { text, truncated: false };
}
