import { LineSplitter, MAX_DOCUMENT_CHARS } from './lineSplitter';

/** One Server-Sent Events message: its event name, data, the last event id and any `retry`. */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event id seen on the stream (it persists across messages, per the SSE spec). */
  lastEventId: string;
  retry?: number;
}

/** Options of an `SseParser`: the largest message kept, and who hears of one dropped for its size. */
export interface SseParserOptions {
  /**
   * The most characters one message (or one line of it) may hold: default 64 MiB, the CLI's
   * largest JSON document, since one frame may carry a whole array of events.
   */
  maxMessageChars?: number;
  /** A line or a message over the limit was dropped (reported once per line or message). */
  onOverflow?: (what: 'line' | 'message', limit: number) => void;
}

/**
 * An EventSource-compatible parser of text/event-stream: multi-line `data`, `id`, `event`,
 * `retry`, comments (heartbeats) ignored, partial lines kept between chunks. A line or a message
 * over `maxMessageChars` is dropped and reported, so an endless one holds the limit, not the stream.
 */
export class SseParser {
  readonly #onMessage: (message: SseMessage) => void;
  readonly #options: SseParserOptions;
  readonly #lines: LineSplitter;
  readonly #maxChars: number;
  #data: string[] = [];
  #dataChars = 0;
  /** The message being read went over the limit: its data is dropped up to its blank line. */
  #overflowed = false;
  #event = '';
  #lastEventId = '';
  #retry: number | undefined;

  constructor(onMessage: (message: SseMessage) => void, options: SseParserOptions = {}) {
    this.#onMessage = onMessage;
    this.#options = options;
    this.#maxChars = options.maxMessageChars ?? MAX_DOCUMENT_CHARS;
    this.#lines = new LineSplitter({ maxLineChars: this.#maxChars, onOverflow: (limit) => this.#dropMessage('line', limit) });
  }

  push(chunk: string): void {
    this.#lines.push(chunk, (line) => this.#line(line));
  }

  end(): void {
    this.#lines.end((line) => this.#line(line));
    // A message without its closing blank line is dropped, as EventSource does.
    this.#clearMessage();
  }

  #clearMessage(): void {
    this.#data = [];
    this.#dataChars = 0;
    this.#overflowed = false;
    this.#event = '';
  }

  /** Drops the message being read (a line of it or all of it is too long) and skips to its end. */
  #dropMessage(what: 'line' | 'message', limit: number): void {
    this.#data = [];
    this.#dataChars = 0;
    this.#overflowed = true;
    this.#options.onOverflow?.(what, limit);
  }

  #line(line: string): void {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return; // comment / heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        if (this.#overflowed) break;
        this.#dataChars += value.length + 1;
        if (this.#dataChars > this.#maxChars) this.#dropMessage('message', this.#maxChars);
        else this.#data.push(value);
        break;
      case 'event':
        this.#event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#retry = Number(value);
        break;
    }
  }

  #dispatch(): void {
    if (this.#data.length === 0 || this.#overflowed) return this.#clearMessage();
    const message: SseMessage = { event: this.#event || 'message', data: this.#data.join('\n'), lastEventId: this.#lastEventId };
    if (this.#retry !== undefined) message.retry = this.#retry;
    this.#clearMessage();
    this.#onMessage(message);
  }
}
