import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { ThreadReadModelSnapshot } from '../../protocol/snapshots';
import { buildThreadReadModel } from '../../store/threadReadModel';
import type { ReadThreadInput, RuntimeThreadReadModel } from '../../protocol/providerAdapter';

/**
 * What an adapter emitted, kept so `readThread` can answer for a framework without a read model
 * of its own: the thread as the kit's store projects those events, with their cursor. Facts the
 * adapter never emitted are absent from it, never filled in.
 */
export class EventRecorder {
  private readonly recorded: RuntimeEventEnvelope[] = [];

  record(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
    this.recorded.push(event);
    return event;
  }

  events(): readonly RuntimeEventEnvelope[] {
    return this.recorded;
  }

  /** The ThreadReadModel of everything recorded (the current thread, cursor included). */
  readModel(): ThreadReadModelSnapshot {
    return buildThreadReadModel(this.recorded) as ThreadReadModelSnapshot;
  }

  /**
   * `readThread` for a framework without a read model of its own: the current thread, or, for
   * `before` (older history), an empty page, since the recorder serves the whole thread at once.
   */
  readThread(threadId: string, input: ReadThreadInput): RuntimeThreadReadModel {
    if (input.before !== undefined) return { threadId, status: this.readModel().status, turns: [], messages: [] };
    return this.readModel();
  }
}
