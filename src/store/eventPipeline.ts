import { contentKey } from '../protocol/contentKey';
import type { RuntimeEventEnvelope } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { validateAndDecode, type DecodeSink } from '../protocol/decodeEvent';
import { VALID_EVENT } from '../protocol/validateEvent';
import type { ValidationIssue } from '../protocol/validationIssue';
import { applyEvent } from './apply/applyEvent';
import type { ApplyContext, ReadModelGate, ReadModelRefusal } from './apply/context';
import type { StaleReason } from './records';
import type { OrderState, UnboundEvent } from './orderState';
import { SessionSequencer, type SequenceSlot } from './sequencer';
import { VersionedMap } from './versionedMap';
import { keepShape } from './keepShape';
import { NO_IDS } from './noIds';
import { eventIdOf, sequenceOf } from './eventPlace';
import type { IngestCounts } from './state';

/** The highest sequence a stream may start at without us assuming events before it exist. */
const STREAM_START = 1;
/**
 * The seen-id table holds at least this many ids before it prunes (amortized O(1) per event). Just
 * under a power of two: a V8 Map doubles its table when an insert finds it full, and at 1,024 a
 * stream of 64-event batches reached 1,025-1,088 ids before the batch's prune, so every cycle grew
 * a table of 2,048 to use it for one batch (a tenth of W2's and W3's allocation per event).
 */
const MIN_PRUNE_SIZE = 960;
/** Marks a seen id that is never forgotten: it holds no place in the order. */
const UNPLACED = -1;

/**
 * A seen id the prune keeps: one that holds no place, one within the reorder window below the
 * expected place, or one whose place is not consumed yet. Module level, not a closure per prune
 * (see `copyEntry` in versionedMap).
 */
function keptSeen(sequence: number, window: { below: number; sequencer: SessionSequencer }): boolean {
  return sequence === UNPLACED || sequence >= window.below || !window.sequencer.consumed(sequence);
}

export function markSessionStale(ctx: ApplyContext, reason: StaleReason): void {
  const session = ctx.draft.editSession();
  session.stale = true;
  session.staleReason = reason;
}

const sessionKey = (sessionId: string, id: string): string => `${sessionId}\u0000${id}`;
/** The per-session key of an event: its id, or a key of its content when it has no usable id. */
const eventKey = (sessionId: string, eventId: string | undefined, contentKeyOf: string | undefined): string =>
  sessionKey(sessionId, eventId ?? `content:${contentKeyOf}`);

/**
 * Dedupe, validation, ordering and application of raw events: the part of the store that is
 * not React, not zustand, and runs per event.
 *
 * A store follows one session (SPEC section 6: order and staleness are per session). It binds to
 * the session it is created for, else to the first session a valid event or a snapshot names.
 * Events of another session are kept out of the facts with a `foreign_session` diagnostic, so
 * they never change the transcript, the turns, the status or the followed session's staleness.
 * Subagents report inside their parent's session (`subagentId` on its events) and are followed;
 * a child session (its own `sessionId`, with `parentSessionId`) needs its own store.
 */
export class EventPipeline implements ReadModelGate {
  readonly #reorderWindow: number;
  readonly #initialSession: string | undefined;
  /**
   * Event ids seen, with the sequence they hold (UNPLACED when none). Ids well below the cursor
   * are forgotten. Keyed by the id itself (no per-event key string): events without an id are
   * remembered by content in `seenContent`, a separate table, so no id can collide with a content key.
   */
  #seen = new VersionedMap<string, number>();
  /** Content keys of events without a usable id (they hold no place: never forgotten). */
  #seenContent = new VersionedMap<string, true>();
  /**
   * Ids (or content keys) of other sessions' events, as `session NUL id`: ids are unique within a
   * session, so a copy of our event naming another session is that session's event (kept out),
   * never a duplicate of ours, whether or not our event's id is still remembered.
   */
  #seenForeign = new VersionedMap<string, true>();
  /**
   * Invalid events seen before the store knew its session, by `session NUL id` (or content key):
   * once it is known, each is remembered as ours or as another session's, so a re-send is a
   * duplicate either way and never judged afresh (apply twice equals once).
   */
  #unbound = new VersionedMap<string, UnboundEvent>();
  #pruneAt = MIN_PRUNE_SIZE;
  /** Where each event's decode leaves its validation (one object for every event). */
  readonly #decoded: DecodeSink = { validation: VALID_EVENT, facts: undefined };
  #sequencer = new SessionSequencer();
  #boundSession: string | undefined;
  #foreignReported = new VersionedMap<string, true>();
  #knownVersions = new VersionedMap<string, true>();
  #arrivals = 0;
  /** Sessions whose gap was declared since the store last asked (it reports them per batch). */
  #declared: string[] = [];
  /** The state this pipeline last published into the store (see \`sync\`). */
  #published: OrderState | undefined;

  constructor(reorderWindow: number, initialSession?: string) {
    this.#reorderWindow = reorderWindow;
    this.#initialSession = initialSession;
    this.#boundSession = initialSession;
  }

  reset(): void {
    this.#seen = new VersionedMap();
    this.#seenContent = new VersionedMap();
    this.#seenForeign = new VersionedMap();
    this.#unbound = new VersionedMap();
    this.#pruneAt = MIN_PRUNE_SIZE;
    this.#sequencer = new SessionSequencer();
    this.#boundSession = this.#initialSession;
    this.#foreignReported = new VersionedMap();
    this.#knownVersions = new VersionedMap();
    this.#arrivals = 0;
    this.#declared = [];
    this.#published = undefined;
  }

  /**
   * What the pipeline holds now, as an immutable value for the store state: the ids seen, the
   * order (expected place, waiting events, anchor), the followed session. O(1) per batch.
   */
  checkpoint(): OrderState {
    const state: OrderState = {
      boundSession: this.#boundSession,
      seen: this.#seen.version(),
      seenContent: this.#seenContent.version(),
      seenForeign: this.#seenForeign.version(),
      unbound: this.#unbound.version(),
      foreignReported: this.#foreignReported.version(),
      knownVersions: this.#knownVersions.version(),
      sequencer: this.#sequencer.checkpoint(),
      pruneAt: this.#pruneAt,
      arrivals: this.#arrivals,
    };
    this.#published = state;
    return state;
  }

  /**
   * Makes the pipeline what the store state holds: a no-op when that is what it published last;
   * after \`setState(prev)\` or a state copied into a fresh store, it goes back to that state's order.
   */
  sync(state: OrderState | undefined): void {
    if (state === undefined || state === this.#published) return;
    this.#boundSession = state.boundSession;
    this.#seen.restore(state.seen);
    this.#seenContent.restore(state.seenContent);
    this.#seenForeign.restore(state.seenForeign);
    this.#unbound.restore(state.unbound);
    this.#foreignReported.restore(state.foreignReported);
    this.#knownVersions.restore(state.knownVersions);
    this.#sequencer.restore(state.sequencer);
    this.#pruneAt = state.pruneAt;
    this.#arrivals = state.arrivals;
    this.#published = state;
  }

  /** The sessions whose gap was declared since the last call. */
  takeDeclaredGaps(): readonly string[] {
    // Called twice per batch, and nearly always empty: no new array then.
    return this.#declared.length === 0 ? NO_IDS : this.#declared.splice(0);
  }

  /** The session this pipeline follows, once known. */
  session(): string | undefined {
    return this.#boundSession;
  }

  /** True when `sessionId` names a session other than the one followed. */
  isForeign(sessionId: string | undefined): boolean {
    return sessionId !== undefined && this.#boundSession !== undefined && sessionId !== this.#boundSession;
  }

  /** Follows `sessionId` from now on, when no session is followed yet. */
  bind(sessionId: string | undefined): void {
    this.#boundSession ??= sessionId;
  }

  /**
   * Once the session is known, the invalid events seen before it was: the followed session's are
   * remembered as ours and take the place they claim in its order; another session's hold none
   * and are remembered as that session's (a re-send stays a duplicate).
   */
  #placeUnbound(ctx: ApplyContext, counts: IngestCounts): void {
    if (this.#boundSession === undefined || this.#unbound.size === 0) return;
    const claimed = [...this.#unbound];
    this.#unbound.clear();
    for (const [key, { eventId, contentKey: contentKeyOf, sessionId, sequence, arrival, line }] of claimed) {
      if (sessionId !== this.#boundSession) {
        this.#seenForeign.set(key, true);
        continue;
      }
      if (eventId === undefined) {
        this.#seenContent.set(contentKeyOf!, true);
        continue;
      }
      if (this.#seen.has(eventId)) continue;
      this.#seen.set(eventId, sequence ?? UNPLACED);
      if (sequence !== undefined && !this.#heldBefore(sequence)) this.#place(ctx, counts, sequence, { arrival }, line);
    }
  }

  pendingCount(): number {
    return this.#sequencer.pending.size;
  }

  /** How many event ids are remembered for dedupe. */
  rememberedEventIds(): number {
    return this.#seen.size + this.#seenContent.size + this.#seenForeign.size + this.#unbound.size;
  }

  /**
   * True when the order was only inferred from the stream (first seen mid-way, no stream start and
   * no snapshot cursor anchored it): a snapshot behind it is then the authority and is applied.
   */
  orderInferred(): boolean {
    return this.#sequencer.anchor === 'inferred';
  }

  /**
   * Why a read model must not be merged: it is another session's, or it is current only through a
   * place before what is already applied in order (it would take facts back). Not when that order
   * was merely inferred from a stream first seen mid-way: the runtime's read model is the authority
   * there (its merge still never moves a fact backwards). In the stream, `atSequence` is the place
   * of the event that carries it: what was applied before that event is what it must cover.
   */
  refuseReadModel(sessionId: string | undefined, cursor: number | undefined, atSequence?: number): ReadModelRefusal | undefined {
    if (this.isForeign(sessionId)) {
      return { code: 'foreign_session', message: `a snapshot of session ${sessionId} was not applied: this store follows session ${this.#boundSession}` };
    }
    if (cursor === undefined || this.orderInferred()) return undefined;
    const applied = atSequence !== undefined ? atSequence - 1 : this.cursor();
    if (applied === undefined || cursor >= applied) return undefined;
    return {
      code: 'snapshot_behind',
      message: `the snapshot is current through sequence ${cursor}, but sequence ${applied} is already applied; it was not applied`,
      behind: { cursor, applied },
    };
  }

  /** The last sequence applied in order (where a resume starts after); undefined for another session. */
  cursor(sessionId?: string): number | undefined {
    if (this.isForeign(sessionId)) return undefined;
    const expected = this.#sequencer.expected;
    return expected === undefined ? undefined : expected - 1;
  }

  /** Reports a foreign session once (each of its events is counted as kept out). */
  #rejectForeign(ctx: ApplyContext, counts: IngestCounts, sessionId: string, eventId: string | undefined, line: number | undefined): void {
    counts.invalid += 1;
    if (this.#foreignReported.has(sessionId)) return;
    this.#foreignReported.set(sessionId, true);
    ctx.draft.diagnose({
      code: 'foreign_session',
      message: `events of session ${sessionId} were kept out: this store follows session ${this.#boundSession}`,
      eventId,
      line,
    });
  }

  #apply(ctx: ApplyContext, counts: IngestCounts, event: RuntimeEventEnvelope): void {
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
  #drain(ctx: ApplyContext, counts: IngestCounts, sequencer: SessionSequencer, lastArrival: number): void {
    for (let next = sequencer.takeNext(); next; next = sequencer.takeNext()) {
      if (next.event) {
        if (next.arrival < lastArrival) counts.reordered += 1;
        this.#apply(ctx, counts, next.event);
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
      ctx.draft.diagnose({ code: 'sequence_gap_filled', severity: 'info', message: `session ${this.#boundSession}: the missing events arrived; order restored` });
    }
  }

  /** Starts ordering at the lowest waiting sequence (nothing before it was ever applied). */
  #adoptBaseline(ctx: ApplyContext, counts: IngestCounts, sequencer: SessionSequencer): void {
    const lowest = sequencer.lowestPending();
    if (lowest === undefined) return;
    sequencer.startAt(lowest, lowest > STREAM_START);
    if (lowest > STREAM_START) {
      ctx.draft.diagnose({
        code: 'stream_starts_mid_way',
        severity: 'info',
        message: `session ${this.#boundSession}: the first event seen is sequence ${lowest}; earlier history comes only from a snapshot`,
      });
    }
    this.#drain(ctx, counts, sequencer, -1);
  }

  #declareGap(ctx: ApplyContext, sequencer: SessionSequencer): void {
    if (sequencer.gapDeclared) return;
    sequencer.gapDeclared = true;
    this.#declared.push(this.#boundSession ?? '');
    const resumesAt = sequencer.lowestPending();
    const missing = resumesAt !== undefined && resumesAt - 1 !== sequencer.expected ? `${sequencer.expected}–${resumesAt - 1}` : `${sequencer.expected}`;
    ctx.draft.diagnose({
      code: 'sequence_gap',
      severity: 'error',
      message: `session ${this.#boundSession}: sequence ${missing} never arrived; ${sequencer.pending.size} later event(s) wait for repair`,
    });
    markSessionStale(ctx, 'sequence_gap');
  }

  /**
   * A seen id that claims a later place than the one it held: the runtime reused an eventId. The
   * event stays a duplicate (same id, same fact), but its place is held so the order does not stall,
   * and the id is remembered at the later place so it is forgotten only when both places are old.
   */
  #reusedId(ctx: ApplyContext, counts: IngestCounts, raw: Record<string, unknown>, eventId: string, seenAt: number, arrival: number, line: number | undefined): void {
    const sequence = seenAt === UNPLACED ? undefined : sequenceOf(raw);
    if (sequence === undefined || sequence <= seenAt || this.isForeign(raw.sessionId as string)) return;
    this.#seen.set(eventId, sequence);
    ctx.draft.diagnose({
      code: 'duplicate_event_id',
      message: `session ${this.#boundSession}: an event at sequence ${sequence} reuses an eventId first seen at sequence ${seenAt}; kept as a duplicate`,
      eventId,
      line,
    });
    this.#place(ctx, counts, sequence, { arrival }, line);
  }

  /**
   * An id seen at `seenAt` is remembered: the prune would keep it now (`keptSeen`). One it would
   * forget reads as forgotten whether or not a prune has run since: prunes run at the end of an
   * ingest batch, so an id reused past the window was a duplicate or a new event depending on
   * where the batches (a backlog's slices) fell.
   */
  #remembers(seenAt: number): boolean {
    const expected = this.#sequencer.expected;
    return expected === undefined || keptSeen(seenAt, { below: expected - this.#reorderWindow, sequencer: this.#sequencer });
  }

  /** True when `sequence` is covered by a snapshot, or was consumed so long ago that its id was forgotten. */
  #heldBefore(sequence: number): boolean {
    const sequencer = this.#sequencer;
    if (sequencer.coveredThrough !== undefined && sequence <= sequencer.coveredThrough) return true;
    return sequencer.consumed(sequence) && sequence < sequencer.expected! - this.#reorderWindow;
  }

  /** Puts an item in the order: applied when next, held while a predecessor is missing, reported when late. */
  #place(ctx: ApplyContext, counts: IngestCounts, sequence: number, slot: SequenceSlot, line: number | undefined): void {
    const sequencer = this.#sequencer;
    if (this.#heldBefore(sequence)) {
      if (slot.event) counts.duplicates += 1;
      return;
    }
    const eventId = slot.event?.eventId;
    if (sequencer.expected === undefined || (sequence > sequencer.expected && !sequencer.appliedAheadOf(sequence))) {
      if (sequencer.pending.has(sequence)) {
        counts.invalid += 1;
        ctx.draft.diagnose({
          code: 'sequence_conflict',
          severity: 'error',
          message: `session ${this.#boundSession}: two different events claim sequence ${sequence}; the first is kept`,
          eventId,
          line,
        });
        return;
      }
      sequencer.pending.set(sequence, slot);
      if (sequencer.expected === undefined) {
        if (sequence <= STREAM_START) {
          sequencer.startAt(sequence, false);
          this.#drain(ctx, counts, sequencer, slot.arrival);
        } else if (sequencer.pending.size > this.#reorderWindow) {
          this.#adoptBaseline(ctx, counts, sequencer);
        }
      } else if (sequencer.pending.size > this.#reorderWindow) {
        this.#declareGap(ctx, sequencer);
      }
      return;
    }
    if (sequence === sequencer.expected) {
      sequencer.advance();
      if (slot.event) this.#apply(ctx, counts, slot.event);
      this.#drain(ctx, counts, sequencer, slot.arrival);
      return;
    }
    if (!slot.event) return;
    counts.late += 1;
    ctx.draft.diagnose({
      code: 'late_event',
      severity: 'error',
      message: `session ${this.#boundSession}: event at sequence ${sequence} arrived after that place was applied; the view waits for repair`,
      eventId,
      type: slot.event.type,
      line,
    });
    markSessionStale(ctx, 'late_event');
  }

  #diagnoseInvalid(ctx: ApplyContext, counts: IngestCounts, raw: unknown, issues: readonly ValidationIssue[], eventId: string | undefined, line: number | undefined): void {
    const unknownOnly = issues.every((issue) => issue.severity !== 'error' || issue.code === 'unknown_event_type');
    if (unknownOnly) counts.unknownType += 1;
    else counts.invalid += 1;
    // One diagnostic per kind of problem, naming every field it concerns.
    const byCode = new Map<string, ValidationIssue[]>();
    for (const issue of issues) {
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
  }

  ingest(ctx: ApplyContext, counts: IngestCounts, events: readonly unknown[], lines: readonly (number | undefined)[] | undefined): void {
    for (let i = 0; i < events.length; i++) {
      const raw = events[i];
      const line = lines?.[i];
      counts.received += 1;
      const arrival = this.#arrivals++;
      const eventId = eventIdOf(raw);
      const sessionId = isPlainObject(raw) && typeof raw.sessionId === 'string' && raw.sessionId !== '' ? raw.sessionId : undefined;
      if (this.isForeign(sessionId)) {
        this.#keepOutForeign(ctx, counts, raw, sessionId!, eventId, line);
        continue;
      }
      let contentKeyOf: string | undefined;
      if (eventId !== undefined) {
        const seenAt = this.#seen.get(eventId);
        if (seenAt !== undefined && this.#remembers(seenAt)) {
          counts.duplicates += 1;
          this.#reusedId(ctx, counts, raw as Record<string, unknown>, eventId, seenAt, arrival, line);
          continue;
        }
      } else {
        contentKeyOf = contentKey(raw);
        if (this.#seenContent.has(contentKeyOf)) {
          counts.duplicates += 1;
          continue;
        }
      }
      if (this.#unbound.size > 0 && sessionId !== undefined && this.#unbound.has(eventKey(sessionId, eventId, contentKeyOf))) {
        counts.duplicates += 1;
        continue;
      }
      // Decoded once (validation, aliases, correlation): reducers read nothing from a second place.
      const decoded = validateAndDecode(raw, this.#decoded);
      const validation = this.#decoded.validation;
      // Only a valid event names the session to follow: a corrupt first event must not capture the store.
      if (eventId !== undefined && validation.applicable && this.#boundSession === undefined && sessionId !== undefined) {
        this.bind(sessionId);
        this.#placeUnbound(ctx, counts);
      }
      const place = eventId === undefined ? undefined : sequenceOf(raw as Record<string, unknown>);
      // A re-send of an event whose place a snapshot covers, or whose id was forgotten long after
      // its place was consumed: a duplicate, diagnosed (if it was bad) the first time only.
      if (place !== undefined && this.#heldBefore(place)) {
        counts.duplicates += 1;
        continue;
      }
      if (!validation.applicable) {
        this.#diagnoseInvalid(ctx, counts, raw, validation.issues, eventId, line);
        // It keeps its place in the order, so the events after it do not wait for it. Before the
        // session is known it is remembered with its session, and takes its place only once that
        // is known to be ours (another session's event holds no place in ours).
        if (this.#boundSession === undefined && sessionId !== undefined) {
          this.#unbound.set(eventKey(sessionId, eventId, contentKeyOf), { eventId, contentKey: contentKeyOf, sessionId, sequence: place, arrival, line });
          continue;
        }
        this.#remember(eventId, contentKeyOf, place ?? UNPLACED);
        if (place !== undefined) this.#place(ctx, counts, place, { arrival }, line);
        continue;
      }
      // An event without a usable id never claims a place in the order: it is diagnosed once per content.
      this.#remember(eventId, contentKeyOf, place ?? UNPLACED);
      // Indexed: an iterator per event for a list that is nearly always empty showed in the allocations.
      for (let at = 0; at < validation.issues.length; at++) {
        const issue = validation.issues[at]!;
        if (issue.code === 'schema_version_unknown' && issue.schemaVersion && !this.#knownVersions.has(issue.schemaVersion)) {
          this.#knownVersions.set(issue.schemaVersion, true);
          ctx.draft.diagnose({ code: issue.code, message: issue.message, eventId, line });
        }
      }
      const event = decoded!;
      if (place !== undefined) this.#placeEvent(ctx, counts, place, event, arrival, line);
      else this.#apply(ctx, counts, event);
    }
    this.#prune();
  }

  /** Another session's event: kept out, counted once per id (or content) of that session. */
  #keepOutForeign(ctx: ApplyContext, counts: IngestCounts, raw: unknown, sessionId: string, eventId: string | undefined, line: number | undefined): void {
    const key = eventKey(sessionId, eventId, eventId === undefined ? contentKey(raw) : undefined);
    if (this.#seenForeign.has(key)) {
      counts.duplicates += 1;
      return;
    }
    this.#seenForeign.set(key, true);
    this.#rejectForeign(ctx, counts, sessionId, eventId, line);
  }

  #remember(eventId: string | undefined, contentKeyOf: string | undefined, sequence: number): void {
    if (eventId !== undefined) this.#seen.set(eventId, sequence);
    else this.#seenContent.set(contentKeyOf!, true);
  }

  /**
   * The common case without a slot object: the next event in order is applied at once. Anything
   * else (ahead of a gap, late, before a baseline) takes the general path.
   */
  #placeEvent(ctx: ApplyContext, counts: IngestCounts, sequence: number, event: RuntimeEventEnvelope, arrival: number, line: number | undefined): void {
    const sequencer = this.#sequencer;
    if (sequence === sequencer.expected && sequencer.pending.size === 0 && !sequencer.gapDeclared && (sequencer.coveredThrough === undefined || sequence > sequencer.coveredThrough)) {
      sequencer.advance();
      this.#apply(ctx, counts, event);
      return;
    }
    this.#place(ctx, counts, sequence, { event, arrival }, line);
  }

  /**
   * Forgets ids whose sequence lies more than a reorder window below the applied cursor: a re-send
   * of one is recognised by its consumed place instead. Recent ids stay, so a different event
   * claiming a recent place is still reported late. Runs when the table doubled: O(1) amortized.
   */
  #prune(): void {
    if (this.#seen.size <= this.#pruneAt || this.#sequencer.expected === undefined) return;
    this.#seen.retain(keptSeen, { below: this.#sequencer.expected - this.#reorderWindow, sequencer: this.#sequencer });
    this.#pruneAt = Math.max(MIN_PRUNE_SIZE, this.#seen.size * 2);
  }

  /** End of stream (or a repair deadline): open gaps are declared; a stream without a start adopts its lowest sequence. */
  settle(ctx: ApplyContext, counts: IngestCounts, sessionId?: string): number {
    if (this.isForeign(sessionId)) return 0;
    const sequencer = this.#sequencer;
    if (sequencer.expected === undefined) this.#adoptBaseline(ctx, counts, sequencer);
    if (sequencer.pending.size > 0 && !sequencer.gapDeclared) {
      this.#declareGap(ctx, sequencer);
      return 1;
    }
    return 0;
  }

  /**
   * After a snapshot: what it covers is done and ordering resumes after its cursor (even before
   * any live event was seen). Waiting events a cursorless snapshot cannot place are dropped and
   * their ids forgotten, so the runtime's re-send applies. Returns how many were dropped.
   */
  resumeAfterSnapshot(ctx: ApplyContext, counts: IngestCounts, cursor: number | undefined): number {
    const dropped = this.#sequencer.resumeAfter(cursor);
    if (cursor === undefined) {
      for (const slot of dropped) if (slot.event) this.#seen.delete(slot.event.eventId);
    }
    this.#drain(ctx, counts, this.#sequencer, -1);
    this.#placeUnbound(ctx, counts);
    return dropped.length;
  }
}

/** One idle pipeline, with its sequencer and versioned maps (see `keepShape`); the idle batch runner's too. */
export const IDLE_PIPELINE = keepShape(new EventPipeline(1));
