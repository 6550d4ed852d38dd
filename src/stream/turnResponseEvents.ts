// The body of `POST /turns` is NDJSON: the turn's events, a line each, as the runtime writes them.
// Read only when a user starts a turn, so it is a chunk of its own, not part of the first screen.
import type { RuntimeEventEnvelope } from '../protocol/events';
import { LineSplitter } from './lineSplitter';

/** The events of a turn response body, in order; a line over the splitter's limit ends it with an error. */
export async function* turnResponseEvents(body: NonNullable<Response['body']>): AsyncGenerator<RuntimeEventEnvelope> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let overflow: number | undefined;
  const lines = new LineSplitter({ onOverflow: (limit) => (overflow = limit) });
  const ready: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      lines.push(value, (line) => ready.push(line));
      if (overflow !== undefined) throw new Error(`POST /turns: a line is longer than ${overflow.toLocaleString('en-US')} characters`);
      while (ready.length > 0) {
        const line = ready.shift()!;
        if (line.trim() !== '') yield JSON.parse(line) as RuntimeEventEnvelope;
      }
    }
    lines.end((line) => ready.push(line));
    for (const line of ready) if (line.trim() !== '') yield JSON.parse(line) as RuntimeEventEnvelope;
  } finally {
    reader.releaseLock();
  }
}
