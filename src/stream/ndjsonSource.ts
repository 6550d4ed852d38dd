import { LineSplitter } from './lineSplitter';
import { cursorTracker } from './streamCursor';
import type { RuntimeEventSource, SourceHandlers } from './types';

type NdjsonInput = Response | ReadableStream<Uint8Array> | ReadableStream<string>;

function textStream(input: NdjsonInput): ReadableStream<string> | undefined {
  const body = input instanceof ReadableStream ? input : input.body;
  if (!body) return undefined;
  const decoder = new TextDecoder();
  // Bytes are decoded (multi-byte characters may straddle chunks); strings pass through.
  return (body as ReadableStream<Uint8Array | string>).pipeThrough(
    new TransformStream<Uint8Array | string, string>({
      transform(chunk, out) {
        out.enqueue(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      },
    }),
  );
}

/** Newline-delimited JSON from a fetch Response or a stream; malformed lines become diagnostics with their line number. */
export function ndjsonSource(input: NdjsonInput): RuntimeEventSource {
  let closed = false;
  let reader: ReadableStreamDefaultReader<string> | undefined;
  let handlers: SourceHandlers | undefined;
  const cursor = cursorTracker();
  const deliver = (batch: unknown[]) => {
    const events = batch.splice(0);
    cursor.note(events);
    handlers?.events(events);
  };

  async function run(): Promise<void> {
    const stream = textStream(input);
    if (!stream) {
      handlers?.status?.('error', { error: 'the response has no body' });
      return;
    }
    handlers?.status?.('open');
    reader = stream.getReader();
    let lineNumber = 0;
    // A line over the limit is dropped as it passes it (an endless one holds the limit, not the stream).
    const lines = new LineSplitter({
      onOverflow: (limit) => {
        lineNumber += 1; // the dropped line keeps its number
        handlers?.diagnostic?.({ code: 'line_too_long', severity: 'error', line: lineNumber, message: `NDJSON line ${lineNumber} is longer than ${limit.toLocaleString('en-US')} characters: dropped` });
      },
    });
    const batch: unknown[] = [];
    const onLine = (line: string) => {
      lineNumber += 1;
      if (line.trim() === '') return;
      try {
        batch.push(JSON.parse(line));
      } catch (error) {
        handlers?.diagnostic?.({ code: 'invalid_json', severity: 'error', line: lineNumber, message: `NDJSON line ${lineNumber} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      }
    };
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        lines.push(value, onLine);
        if (batch.length > 0) deliver(batch);
      }
      lines.end(onLine);
      if (batch.length > 0 && !closed) deliver(batch);
      if (!closed) handlers?.status?.('ended');
    } catch (error) {
      if (!closed) handlers?.status?.('error', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    start(h) {
      handlers = h;
      void run();
    },
    close() {
      closed = true;
      void reader?.cancel().catch(() => undefined);
      handlers = undefined;
    },
    cursor: () => cursor.get(),
  };
}
