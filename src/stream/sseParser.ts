import { LineSplitter } from './lineSplitter';

/** One Server-Sent Events message: its event name, data, the last event id and any `retry`. */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event id seen on the stream (it persists across messages, per the SSE spec). */
  lastEventId: string;
  retry?: number;
}

/**
 * An EventSource-compatible parser of text/event-stream: multi-line `data`, `id`, `event`,
 * `retry`, comments (heartbeats) ignored, partial lines kept between chunks.
 */
export class SseParser {
  private readonly lines = new LineSplitter();
  private data: string[] = [];
  private event = '';
  private lastEventId = '';
  private retry: number | undefined;

  constructor(private readonly onMessage: (message: SseMessage) => void) {}

  push(chunk: string): void {
    this.lines.push(chunk, (line) => this.line(line));
  }

  end(): void {
    this.lines.end((line) => this.line(line));
    // A message without its closing blank line is dropped, as EventSource does.
    this.data = [];
    this.event = '';
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return; // comment / heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
    }
  }

  private dispatch(): void {
    if (this.data.length === 0) {
      this.event = '';
      return;
    }
    const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n'), lastEventId: this.lastEventId };
    if (this.retry !== undefined) message.retry = this.retry;
    this.data = [];
    this.event = '';
    this.onMessage(message);
  }
}
