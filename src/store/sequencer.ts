import type { RuntimeEventEnvelope } from '../protocol/events';

/**
 * One place in a session's order. An event kept out of the facts (invalid, unknown type) still
 * holds its place, so it does not open a gap: its slot has no event to apply.
 */
export interface SequenceSlot {
  event?: RuntimeEventEnvelope;
  /** Arrival order, to tell which waiting events really arrived ahead of a predecessor. */
  arrival: number;
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
  readonly pending = new Map<number, SequenceSlot>();
  gapDeclared = false;

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
    this.expected += 1;
    return next;
  }

  /** Sets where ordering starts (once): the stream's first sequence, or the lowest that arrived. */
  startAt(sequence: number): void {
    this.expected = sequence;
    this.floor ??= sequence;
  }

  /** True when `sequence` was consumed in order: applied, or held by an event kept out of the facts. */
  consumed(sequence: number): boolean {
    return this.floor !== undefined && this.expected !== undefined && sequence >= this.floor && sequence < this.expected;
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
      this.expected = cursor + 1;
      this.floor ??= 0;
    }
    this.gapDeclared = false;
    return dropped;
  }
}
