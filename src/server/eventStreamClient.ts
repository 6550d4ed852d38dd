// One SSE client of the fixture server. Clients pull from the shared log at their own pace: a
// client whose socket is full is not written to until it drains, so a slow or paused client costs
// one write buffer, never a copy of the log; one that stays stalled is dropped (it may resume with
// Last-Event-ID).
import type { ServerResponse } from 'node:http';

export interface LoggedFrame {
  /** The SSE frame, serialized once when the event was emitted. */
  frame: string;
  sequence?: number;
}

export interface StreamLog {
  readonly frames: readonly LoggedFrame[];
  readonly ended: boolean;
}

export interface EventStreamOptions {
  /** Sequences never sent on the stream. */
  gap: ReadonlySet<number>;
  /** True when a frame should be sent twice. */
  duplicate: () => boolean;
  /** Cut the connection after this many events. */
  dropAfter?: number;
  /** A client that cannot take more output for this long is dropped. */
  stallMs: number;
  onClose: () => void;
}

const WRITE_CHUNK = 16 * 1024;

export class EventStreamClient {
  private waiting = false;
  /** No more writes: the stream ended, was cut, or the client went away. */
  private done = false;
  private sent = 0;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly log: StreamLog,
    private cursor: number,
    private readonly options: EventStreamOptions,
  ) {
    // The client counts until its socket is gone, flushed or not.
    res.on('close', () => {
      this.done = true;
      clearTimeout(this.stallTimer);
      options.onClose();
    });
    res.on('error', () => undefined); // a dropped client is expected here
  }

  /** Bytes accepted but not yet handed to the socket. */
  get buffered(): number {
    return this.res.writableLength;
  }

  /** Writes what the client has not seen yet, until its socket is full. */
  pump(): void {
    if (this.done || this.waiting) return;
    const { frames } = this.log;
    // Frames go out in chunks of about WRITE_CHUNK: one write per frame costs more than the frame.
    let chunk = '';
    while (this.cursor < frames.length) {
      const entry = frames[this.cursor++]!;
      if (entry.sequence !== undefined && this.options.gap.has(entry.sequence)) continue;
      chunk += entry.frame;
      if (this.options.duplicate()) chunk += entry.frame;
      this.sent += 1;
      if (this.options.dropAfter !== undefined && this.sent >= this.options.dropAfter) {
        // Flushes what was written, then cuts the stream mid-body.
        this.res.write(chunk);
        return this.finish(() => this.res.socket?.end());
      }
      if (chunk.length >= WRITE_CHUNK) {
        const room = this.res.write(chunk);
        chunk = '';
        if (!room) return this.waitForDrain();
      }
    }
    if (this.log.ended) return this.finish(() => this.res.end(`${chunk}event: end\ndata: {}\n\n`));
    if (chunk !== '' && !this.res.write(chunk)) this.waitForDrain();
  }

  heartbeat(): void {
    if (!this.done && !this.waiting) this.res.write(': heartbeat\n\n');
  }

  /** Stops writing; a client that never reads the rest is destroyed after the stall time. */
  private finish(close: () => void): void {
    this.done = true;
    close();
    this.armStallTimer();
  }

  private waitForDrain(): void {
    this.waiting = true;
    this.armStallTimer();
    this.res.once('drain', () => {
      clearTimeout(this.stallTimer);
      this.waiting = false;
      this.pump();
    });
  }

  private armStallTimer(): void {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.res.destroy(), this.options.stallMs);
    this.stallTimer.unref();
  }
}
