// One feed per store. Events reach a store by two doors: the live stream, and the answers to
// writes (a turn's stream, the event a reply carries). When each door ingested on its own, a turn
// stream that ended while the live stream was one event behind declared a sequence gap and
// repaired within ~20 ms, long before the live stream's gap deadline, and a fact that came by both
// doors cost two commits. Every connection registers here as its store's feed; writes deliver into
// the feed's buffer, where the live stream's own order, dedupe and deadline apply.
import type { RuntimeStore } from '../store/createRuntimeStore';

/** The door writes use into a store's feed (a running connection). */
export interface StoreFeed {
  /**
   * Buffers events that arrived by a write, to be applied with the live stream's own: an event
   * that already came by another door (the live stream, another turn's stream, a reply) is
   * dropped. `door` names this channel (one per turn stream or reply; a re-send on the same door is
   * the store's to count as a duplicate). `now`: apply what is buffered at once (a reply the
   * caller awaits), instead of at the next flush.
   */
  deliverWrite(events: readonly unknown[], options?: { door?: string; now?: boolean }): void;
  /**
   * A write is under way: from now on the feed remembers which door each event came by, so the
   * copies of its answer are recognised whichever door is first. A feed no write ever used keeps
   * no such memory (a read-only stream pays nothing for it).
   */
  expectWrites(): void;
  /** False once the feed's source ended or it closed: writes then need another feed. */
  accepting(): boolean;
}

/** Each store's feeds, oldest first (the writes pick theirs with `feedOf`, in runtimeActions). */
export const feeds = new WeakMap<RuntimeStore, StoreFeed[]>();

/** Registers a connection as a feed of `store`; the newest accepting one takes writes. Returns the detach. */
export function attachFeed(store: RuntimeStore, feed: StoreFeed): () => void {
  const list = feeds.get(store) ?? [];
  list.push(feed);
  feeds.set(store, list);
  return () => {
    const at = list.indexOf(feed);
    if (at >= 0) list.splice(at, 1);
  };
}
