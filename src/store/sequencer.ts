import type { RuntimeEventEnvelope } from '../protocol/events';
import { VersionedMap, type MapVersion } from './versionedMap';

/**
 * One place in a session's order. An event kept out of the facts (invalid, unknown type) still
 * holds its place, so it does not open a gap: its slot has no event to apply.
 */
export interface SequenceSlot {
  event?: RuntimeEventEnvelope;
  /** Arrival order, to tell which waiting events really arrived ahead of a predecessor. */
  arrival: number;
}

/** A sequencer's state as an immutable value. */
export interface SequencerState {
  readonly expected: number | undefined;
  readonly coveredThrough: number | undefined;
  readonly floor: number | undefined;
  readonly pending: MapVersion<number, SequenceSlot>;
  readonly gapDeclared: boolean;
  readonly anchor: 'start' | 'snapshot' | 'inferred' | undefined;
  readonly appliedAhead: { readonly from: number; readonly to: number } | undefined;
}

/**
 * Ordering state of one session's stream. Events are applied in `sequence` order: an event that
 * arrives ahead of a missing predecessor waits in `pending`; when the gap fills, the waiting events
 * are applied in order. A gap that does not fill within the window is declared (the session goes
 * stale) and the waiting events stay unapplied until the gap fills or a snapshot repairs it.
 */
export class SessionSequencer {
  /**
   * The next sequence to apply. Undefined until a baseline is known: a stream that starts at
   * 0 or 1, a snapshot cursor, or (settle / a full window) the lowest sequence that arrived.
   */
  expected: number | undefined;
  /** Sequences at or below this are covered by a hydrated snapshot. */
  coveredThrough: number | undefined;
  /** The first sequence applied in order (the baseline): below it nothing was ever applied. */
  floor: number | undefined;
  readonly pending = new VersionedMap<number, SequenceSlot>();
  gapDeclared = false;
  /**
   * How the order was anchored: at the stream's start (sequence 0 or 1), by a snapshot cursor, or
   * inferred from the lowest sequence that arrived (a stream first seen mid-way). Only an inferred
   * order yields to a snapshot behind it: the runtime's read model is the authority, not our guess.
   */
  anchor: 'start' | 'snapshot' | 'inferred' | undefined;
  /**
   * Places applied under an inferred order that a snapshot then re-anchored below: when the order
   * reaches `from` it continues at `to`, so those events are never applied twice nor waited for.
   */
  #appliedAhead: { from: number; to: number } | undefined;

  /** The ordering state as an immutable value (see `OrderState`). */
  checkpoint(): SequencerState {
    return {
      expected: this.expected,
      coveredThrough: this.coveredThrough,
      floor: this.floor,
      pending: this.pending.version(),
      gapDeclared: this.gapDeclared,
      anchor: this.anchor,
      appliedAhead: this.#appliedAhead,
    };
  }

  /** Goes back to a state `checkpoint` returned. */
  restore(state: SequencerState): void {
    this.expected = state.expected;
    this.coveredThrough = state.coveredThrough;
    this.floor = state.floor;
    this.pending.restore(state.pending);
    this.gapDeclared = state.gapDeclared;
    this.anchor = state.anchor;
    this.#appliedAhead = state.appliedAhead;
  }

  /** The lowest waiting sequence, i.e. where the stream resumes after the gap. */
  lowestPending(): number | undefined {
    let lowest: number | undefined;
    for (const sequence of this.pending.keys()) if (lowest === undefined || sequence < lowest) lowest = sequence;
    return lowest;
  }

  /** Takes the next in-order event out of `pending`, if it is there. */
  takeNext(): SequenceSlot | undefined {
    if (this.expected === undefined) return undefined;
    const next = this.pending.get(this.expected);
    if (next === undefined) return undefined;
    this.pending.delete(this.expected);
    this.advance();
    return next;
  }

  /** Moves past the next place (and past places already applied ahead of a re-anchored order). */
  advance(): void {
    this.expected! += 1;
    if (this.#appliedAhead !== undefined && this.expected === this.#appliedAhead.from) {
      this.expected = this.#appliedAhead.to;
      this.#appliedAhead = undefined;
    }
  }

  /** Sets where ordering starts (once): the stream's first sequence, or the lowest that arrived. */
  startAt(sequence: number, inferred: boolean): void {
    this.expected = sequence;
    this.floor ??= sequence;
    this.anchor = inferred ? 'inferred' : 'start';
  }

  /** True when `sequence` was consumed in order: applied, or held by an event kept out of the facts. */
  consumed(sequence: number): boolean {
    if (this.#appliedAhead !== undefined && sequence >= this.#appliedAhead.from && sequence < this.#appliedAhead.to) return true;
    return this.floor !== undefined && this.expected !== undefined && sequence >= this.floor && sequence < this.expected;
  }

  /** True when `sequence` lies ahead of the order in places already applied before a re-anchor. */
  appliedAheadOf(sequence: number): boolean {
    return this.#appliedAhead !== undefined && sequence >= this.#appliedAhead.from && sequence < this.#appliedAhead.to;
  }

  /** After a snapshot: what it covers is done, ordering resumes after its cursor. */
  resumeAfter(cursor: number | undefined): SequenceSlot[] {
    const dropped: SequenceSlot[] = [];
    if (cursor === undefined) {
      // Without a cursor we cannot know what the snapshot covers. The waiting events go (the
      // caller forgets their ids, so the runtime's re-send applies); ordering stays where it was,
      // so the re-send from our cursor continues the stream.
      for (const event of this.pending.values()) dropped.push(event);
      this.pending.clear();
    } else {
      this.coveredThrough = Math.max(this.coveredThrough ?? cursor, cursor);
      for (const [sequence, event] of this.pending) {
        if (sequence <= cursor) {
          dropped.push(event);
          this.pending.delete(sequence);
        }
      }
      this.#reanchor(cursor);
    }
    this.gapDeclared = false;
    return dropped;
  }

  /**
   * Ordering resumes after a snapshot's cursor. Normally the cursor is at or past what was applied.
   * Behind an inferred order (the store may accept it only then): what was applied after the cursor
   * in order stays applied; a hole between the cursor and the first place seen is filled by the
   * re-send, and the order then skips the places applied ahead.
   */
  #reanchor(cursor: number): void {
    const { expected, floor } = this;
    if (expected !== undefined && floor !== undefined && cursor + 1 < expected) {
      if (cursor + 1 < floor) {
        this.#appliedAhead = { from: floor, to: expected };
        this.expected = cursor + 1;
      }
      this.floor = 0;
    } else {
      this.expected = cursor + 1;
      this.floor ??= 0;
    }
    this.anchor = 'snapshot';
  }
}
