// The fixture server's GET /thread. Rebuilding the read model from the whole log on every request
// cost 105-178 ms at 100,000 events, and eight clients at once waited 0.8 s; text that is slow to
// project (long combining-mark runs) made each request of a 4-event fixture cost seconds. Here the
// log is projected once, incrementally and in slices that let other requests in between, and the
// encoded answer is kept per cursor: a request costs one encode per new cursor, nothing after.
import type { JsonObject } from '../protocol/events';
import { encodeReadModel } from '../protocol/readModel';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { readModelOf } from '../store/readModelOf';
import { buildThreadReadModel } from '../store/threadReadModel';

/** Events projected per slice before other requests get a turn. */
const SLICE = 2_048;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The serialized read model of a growing log, one per cursor (the log's length). */
export class ThreadReadModelCache {
  private readonly store: RuntimeStore = createRuntimeStore({ reorderWindow: Number.MAX_SAFE_INTEGER });
  /** Events of the log already in `store`. */
  private projected = 0;
  private cached: { length: number; body: string } | undefined;
  /** The catch-up under way: concurrent requests wait for it instead of starting their own. */
  private running: Promise<void> | undefined;
  private encodes = 0;

  constructor(private readonly log: readonly JsonObject[]) {}

  /** The read model of the log as it is now (or at a later cursor, if it grew meanwhile), as JSON text. */
  async body(): Promise<string> {
    const wanted = this.log.length;
    // Not `!== log.length`: during fast playback the log grows faster than a request would catch up.
    while (this.cached === undefined || this.cached.length < wanted) {
      this.running ??= this.catchUp().finally(() => (this.running = undefined));
      await this.running;
    }
    return this.cached.body;
  }

  /** Events projected so far, and read models encoded (one per cursor asked for). */
  stats(): { projected: number; encodes: number } {
    return { projected: this.projected, encodes: this.encodes };
  }

  private async catchUp(): Promise<void> {
    while (this.projected < this.log.length) {
      const end = Math.min(this.log.length, this.projected + SLICE);
      this.store.getState().ingest(this.log.slice(this.projected, end));
      this.projected = end;
      if (this.projected < this.log.length) await nextTurn();
    }
    const length = this.projected;
    // Events held behind a sequence the log has not (yet) emitted cannot be settled in the kept
    // projection (a later event may still fill the gap): this cursor is built whole, as before.
    const model = this.store.getState().counts.pending > 0 ? buildThreadReadModel(this.log.slice(0, length)) : this.encode(length);
    this.cached = { length, body: JSON.stringify(model) };
    this.encodes += 1;
  }

  private encode(length: number): JsonObject {
    const last = this.log[length - 1];
    const sequence = typeof last?.sequence === 'number' ? last.sequence : undefined;
    const eventId = typeof last?.eventId === 'string' ? last.eventId : undefined;
    return { ...encodeReadModel(readModelOf(this.store.getState(), { sequence, eventId })), schemaVersion: 'lime-profile-0.4.0' };
  }
}
