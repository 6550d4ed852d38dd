import type { RuntimeEventEnvelope } from '../../protocol/events';

/**
 * The duration of a tool the user had to approve: measured from when the resumed run started
 * acting on the answer, never from when the call was proposed (that would count the time the
 * user took to decide); a denied call, which never ran, took none. Each mapper marks the calls it answered and the moment its run resumed,
 * and stamps their result or failure with `durationMs`.
 */
export class GatedTools {
  private readonly answered = new Set<string>();
  private resumedAt: number | undefined;

  /** The user answered the approval gating this call. */
  answer(toolCallId: string): void {
    this.answered.add(toolCallId);
  }

  /** The run resumed (at `now`, the time the next event would carry): answered calls run from here. */
  resume(now: string): void {
    const at = Date.parse(now);
    if (Number.isFinite(at)) this.resumedAt = at;
  }

  /** A gated call's result or failure carries its execution time; any other event passes as it is. */
  stamp(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
    const toolCallId = event.toolCallId;
    if ((event.type !== 'tool.result' && event.type !== 'tool.failed') || typeof toolCallId !== 'string' || !this.answered.has(toolCallId) || this.resumedAt === undefined) return event;
    this.answered.delete(toolCallId);
    if (event.payload.durationMs !== undefined) return event;
    // A denied call never ran: no time was spent running it.
    if (event.payload.failureCategory === 'denied') {
      event.payload.durationMs = 0;
      return event;
    }
    const at = Date.parse(event.timestamp);
    if (Number.isFinite(at)) event.payload.durationMs = Math.max(0, at - this.resumedAt);
    return event;
  }
}
