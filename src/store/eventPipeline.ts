import type { RuntimeEventEnvelope } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { normalizeEvent } from '../protocol/normalizeEvent';
import { validateEvent } from '../protocol/validateEvent';
import type { ValidationIssue } from '../protocol/validationIssue';
import { applyEvent } from './apply/applyEvent';
import type { ApplyContext } from './apply/context';
import type { StaleReason } from './records';
import { SessionSequencer, type SequenceSlot } from './sequencer';
import type { IngestCounts } from './state';

/** The highest sequence a stream may start at without us assuming events before it exist. */
const STREAM_START = 1;

export function markSessionStale(ctx: ApplyContext, reason: StaleReason): void {
  const session = ctx.draft.editSession();
  session.stale = true;
  session.staleReason = reason;
}

/**
 * Dedupe, validation, ordering and application of raw events: the part of the store that is
 * not React, not zustand, and runs per event. It keeps the ids it has seen and one sequencer
 * per session across batches.
 */
export class EventPipeline {
  private seenEventIds = new Set<string>();
  private sequencers = new Map<string, SessionSequencer>();
  private knownVersions = new Set<string>();
  private arrivals = 0;

  constructor(private readonly reorderWindow: number) {}

  reset(): void {
    this.seenEventIds = new Set();
    this.sequencers = new Map();
    this.knownVersions = new Set();
    this.arrivals = 0;
  }

  pendingCount(): number {
    let pending = 0;
    for (const sequencer of this.sequencers.values()) pending += sequencer.pending.size;
    return pending;
  }

  cursor(sessionId: string): number | undefined {
    const expected = this.sequencers.get(sessionId)?.expected;
    return expected === undefined ? undefined : expected - 1;
  }

  private sequencer(sessionId: string): SessionSequencer {
    let sequencer = this.sequencers.get(sessionId);
    if (!sequencer) {
      sequencer = new SessionSequencer();
      this.sequencers.set(sessionId, sequencer);
    }
    return sequencer;
  }

  private apply(ctx: ApplyContext, counts: IngestCounts, event: RuntimeEventEnvelope): void {
    try {
      applyEvent(ctx, event);
    } catch (error) {
      ctx.draft.diagnose({
        code: 'reducer_error',
        severity: 'error',
        message: `applying ${event.type} failed: ${error instanceof Error ? error.message : String(error)}`,
        eventId: event.eventId,
        type: event.type,
        raw: event,
      });
    }
    counts.applied += 1;
    const session = ctx.draft.editSession();
    session.sessionId ??= event.sessionId;
    session.runtimeId ??= event.runtimeId;
    session.schemaVersion ??= event.schemaVersion;
    if (event.sessionId === session.sessionId && typeof event.sequence === 'number') {
      session.lastSequence = Math.max(session.lastSequence ?? event.sequence, event.sequence);
    }
    session.lastEventId = event.eventId;
    session.lastTimestamp = event.timestamp;
  }

  /** Applies waiting events that are next in order; one that arrived before its predecessor counts as reordered. */
  private drain(ctx: ApplyContext, counts: IngestCounts, sessionId: string, sequencer: SessionSequencer, lastArrival: number): void {
    for (let next = sequencer.takeNext(); next; next = sequencer.takeNext()) {
      if (next.event) {
        if (next.arrival < lastArrival) counts.reordered += 1;
        this.apply(ctx, counts, next.event);
      }
      lastArrival = next.arrival;
    }
    if (sequencer.pending.size === 0 && sequencer.gapDeclared) {
      sequencer.gapDeclared = false;
      const session = ctx.draft.editSession();
      if (session.staleReason === 'sequence_gap') {
        session.stale = false;
        session.staleReason = undefined;
      }
      ctx.draft.diagnose({ code: 'sequence_gap_filled', severity: 'info', message: `session ${sessionId}: the missing events arrived; order restored` });
    }
  }

  /** Starts ordering at the lowest waiting sequence (nothing before it was ever applied). */
  private adoptBaseline(ctx: ApplyContext, counts: IngestCounts, sessionId: string, sequencer: SessionSequencer): void {
    const lowest = sequencer.lowestPending();
    if (lowest === undefined) return;
    sequencer.expected = lowest;
    if (lowest > STREAM_START) {
      ctx.draft.diagnose({
        code: 'stream_starts_mid_way',
        severity: 'info',
        message: `session ${sessionId}: the first event seen is sequence ${lowest}; earlier history comes only from a snapshot`,
      });
    }
    this.drain(ctx, counts, sessionId, sequencer, -1);
  }

  private declareGap(ctx: ApplyContext, sessionId: string, sequencer: SessionSequencer): void {
    if (sequencer.gapDeclared) return;
    sequencer.gapDeclared = true;
    const resumesAt = sequencer.lowestPending();
    const missing = resumesAt !== undefined && resumesAt - 1 !== sequencer.expected ? `${sequencer.expected}–${resumesAt - 1}` : `${sequencer.expected}`;
    ctx.draft.diagnose({
      code: 'sequence_gap',
      severity: 'error',
      message: `session ${sessionId}: sequence ${missing} never arrived; ${sequencer.pending.size} later event(s) wait for repair`,
    });
    markSessionStale(ctx, 'sequence_gap');
  }

  /** Puts an item in its session's order: applied when next, held while a predecessor is missing, reported when late. */
  private place(ctx: ApplyContext, counts: IngestCounts, sessionId: string, sequence: number, slot: SequenceSlot, line: number | undefined): void {
    const sequencer = this.sequencer(sessionId);
    if (sequencer.coveredThrough !== undefined && sequence <= sequencer.coveredThrough) {
      if (slot.event) counts.duplicates += 1; // the hydrated snapshot already holds this fact
      return;
    }
    const eventId = slot.event?.eventId;
    if (sequencer.expected === undefined || sequence > sequencer.expected) {
      if (sequencer.pending.has(sequence)) {
        counts.invalid += 1;
        ctx.draft.diagnose({
          code: 'sequence_conflict',
          severity: 'error',
          message: `session ${sessionId}: two different events claim sequence ${sequence}; the first is kept`,
          eventId,
          line,
        });
        return;
      }
      sequencer.pending.set(sequence, slot);
      if (sequencer.expected === undefined) {
        if (sequence <= STREAM_START) {
          sequencer.expected = sequence;
          this.drain(ctx, counts, sessionId, sequencer, slot.arrival);
        } else if (sequencer.pending.size > this.reorderWindow) {
          this.adoptBaseline(ctx, counts, sessionId, sequencer);
        }
      } else if (sequencer.pending.size > this.reorderWindow) {
        this.declareGap(ctx, sessionId, sequencer);
      }
      return;
    }
    if (sequence === sequencer.expected) {
      sequencer.expected += 1;
      if (slot.event) this.apply(ctx, counts, slot.event);
      this.drain(ctx, counts, sessionId, sequencer, slot.arrival);
      return;
    }
    if (!slot.event) return;
    counts.late += 1;
    ctx.draft.diagnose({
      code: 'late_event',
      severity: 'error',
      message: `session ${sessionId}: event at sequence ${sequence} arrived after sequence ${sequencer.expected - 1} was applied; the view waits for repair`,
      eventId,
      type: slot.event.type,
      line,
    });
    markSessionStale(ctx, 'late_event');
  }

  ingest(ctx: ApplyContext, counts: IngestCounts, events: readonly unknown[], lines: readonly (number | undefined)[] | undefined): void {
    for (let i = 0; i < events.length; i++) {
      const raw = events[i];
      const line = lines?.[i];
      counts.received += 1;
      const arrival = this.arrivals++;
      const eventId = isPlainObject(raw) && typeof raw.eventId === 'string' ? raw.eventId : undefined;
      if (eventId !== undefined && this.seenEventIds.has(eventId)) {
        counts.duplicates += 1;
        continue;
      }
      const validation = validateEvent(raw);
      if (eventId !== undefined) this.seenEventIds.add(eventId);
      if (!validation.applicable) {
        const unknownOnly = validation.issues.every((issue) => issue.severity !== 'error' || issue.code === 'unknown_event_type');
        if (unknownOnly) counts.unknownType += 1;
        else counts.invalid += 1;
        // One diagnostic per kind of problem, naming every field it concerns.
        const byCode = new Map<string, ValidationIssue[]>();
        for (const issue of validation.issues) {
          if (issue.severity !== 'error') continue;
          const group = byCode.get(issue.code) ?? [];
          group.push(issue);
          byCode.set(issue.code, group);
        }
        for (const [code, group] of byCode) {
          const fields = group.map((i) => i.field).filter((f): f is string => f !== undefined);
          ctx.draft.diagnose({
            code,
            severity: code === 'unknown_event_type' ? 'warning' : 'error',
            message: group.map((i) => i.message).join('; '),
            eventId,
            type: isPlainObject(raw) && typeof raw.type === 'string' ? raw.type : undefined,
            ...(fields.length > 0 && { field: fields.join(',') }),
            line,
            raw,
          });
        }
        // It keeps its place in the order, so the events after it do not wait for it.
        if (isPlainObject(raw) && typeof raw.sessionId === 'string' && Number.isInteger(raw.sequence) && (raw.sequence as number) >= 0) {
          this.place(ctx, counts, raw.sessionId, raw.sequence as number, { arrival }, line);
        }
        continue;
      }
      for (const issue of validation.issues) {
        if (issue.code === 'schema_version_unknown' && issue.schemaVersion && !this.knownVersions.has(issue.schemaVersion)) {
          this.knownVersions.add(issue.schemaVersion);
          ctx.draft.diagnose({ code: issue.code, message: issue.message, eventId, line });
        }
      }
      const event = normalizeEvent(raw)!;
      if (typeof event.sequence === 'number' && event.sessionId !== undefined) {
        this.place(ctx, counts, event.sessionId, event.sequence, { event, arrival }, line);
      } else {
        this.apply(ctx, counts, event);
      }
    }
  }

  /** End of stream (or a repair deadline): open gaps are declared; a stream without a start adopts its lowest sequence. */
  settle(ctx: ApplyContext, counts: IngestCounts): number {
    let declared = 0;
    for (const [sessionId, sequencer] of this.sequencers) {
      if (sequencer.expected === undefined) this.adoptBaseline(ctx, counts, sessionId, sequencer);
      if (sequencer.pending.size > 0 && !sequencer.gapDeclared) {
        this.declareGap(ctx, sessionId, sequencer);
        declared += 1;
      }
    }
    return declared;
  }

  /** After a snapshot: what it covers is done and ordering resumes after its cursor. Returns dropped waiting events. */
  resumeAfterSnapshot(ctx: ApplyContext, counts: IngestCounts, sessionId: string, cursor: number | undefined): number {
    const sequencer = this.sequencer(sessionId);
    const dropped = sequencer.resumeAfter(cursor).length;
    this.drain(ctx, counts, sessionId, sequencer, -1);
    return dropped;
  }
}
