// The order keeper's state as the store state holds it (issue 22: the projection is restorable).
import type { SequencerState } from './sequencer';
import type { MapVersion } from './versionedMap';

/**
 * An invalid event seen before the store knew which session it follows, remembered with its
 * session: by its id, or (without a usable id) by a key of its content; with the place it claims,
 * if any.
 */
export interface UnboundEvent {
  eventId: string | undefined;
  contentKey: string | undefined;
  sessionId: string;
  sequence: number | undefined;
  arrival: number;
  line: number | undefined;
}

/**
 * The pipeline's state as the store state holds it (\`state.order\`): immutable, one per commit, so
 * \`setState(prev)\` and a state copied into a fresh store dedupe and order as that state did.
 * Opaque: only the store reads it.
 */
export interface OrderState {
  readonly boundSession: string | undefined;
  readonly seen: MapVersion<string, number>;
  readonly seenContent: MapVersion<string, true>;
  readonly seenForeign: MapVersion<string, true>;
  readonly unbound: MapVersion<string, UnboundEvent>;
  readonly foreignReported: MapVersion<string, true>;
  readonly knownVersions: MapVersion<string, true>;
  readonly sequencer: SequencerState;
  readonly pruneAt: number;
  readonly arrivals: number;
}

