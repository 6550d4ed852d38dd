// One SSE client of the fixture server. Clients pull from the shared log at their own pace: a
// client whose socket is full is not written to until it drains, so a slow or paused client costs
// one write buffer, never a copy of the log; one that stays stalled is dropped (it may resume with
// Last-Event-ID). A stream that carried no event for `idleMs` is ended too: heartbeats keep a
// paused socket writable for hours, so only events say a stream is in use.
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
  /** A stream that carried no event for this long is ended (the client may resume). */
  idleMs: number;
  onClose: () => void;
}

const WRITE_CHUNK = 16 * 1024;

export class EventStreamClient {
  private waiting = false;
  /** No more writes: the stream ended, was cut, or the client went away. */
  private done = false;
  private sent = 0;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the stream last carried an event (or opened): what makes it the first to give up its slot. */
  lastActive = performance.now();

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
      clearTimeout(this.idleTimer);
      options.onClose();
    });
    res.on('error', () => undefined); // a dropped client is expected here
    this.armIdleTimer();
  }

  /**
   * Ends the stream now (its slot goes to another client); the client may resume with
   * Last-Event-ID. A client that is not reading is cut at once: ending politely would keep its
   * full buffer until the stall timer.
   */
  close(): void {
    if (this.waiting) return void this.res.destroy();
    if (this.done) return;
    this.finish(() => this.res.end());
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
      this.lastActive = performance.now();
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
    clearTimeout(this.idleTimer);
    close();
    this.armStallTimer();
  }

  /** One timer per stream, not one per event: when it fires early (events came since), it waits out the rest. */
  private armIdleTimer(delayMs = this.options.idleMs): void {
    this.idleTimer = setTimeout(() => {
      const idle = performance.now() - this.lastActive;
      if (idle >= this.options.idleMs) this.close();
      else this.armIdleTimer(this.options.idleMs - idle);
    }, delayMs);
    this.idleTimer.unref();
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
