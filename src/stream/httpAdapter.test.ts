import { describe, expect, it } from 'vitest';
import { httpAdapter } from './httpAdapter';

/** A fetch answering every request with `chunks` as an NDJSON body, recording what was asked. */
function ndjsonFetch(chunks: string[]) {
  const asked: { url: string; accept: string | null; body: unknown }[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(url), accept: new Headers(init?.headers).get('Accept'), body: JSON.parse(String(init?.body)) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe('httpAdapter.startTurn reads the NDJSON answer of POST /turns', () => {
  it('yields each line as an event, in order, across chunk boundaries and blank lines, with no final newline', async () => {
    const { fetch, asked } = ndjsonFetch(['{"type":"turn.submitted","sequence":1}\n{"type":"turn.sta', 'rted","sequence":2}\n\n', '{"type":"model.delta","sequence":3}']);
    const events = await collect(httpAdapter('https://runtime.example/', { fetch }).startTurn!({ prompt: 'hi' } as never));
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['turn.submitted', 1],
      ['turn.started', 2],
      ['model.delta', 3],
    ]);
    expect(asked).toEqual([{ url: 'https://runtime.example/turns', accept: 'application/x-ndjson', body: { prompt: 'hi' } }]);
  });

  it('a line that is not JSON ends the turn with the parse error, after the lines before it', async () => {
    const { fetch } = ndjsonFetch(['{"type":"turn.submitted","sequence":1}\nnot json\n']);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of httpAdapter('https://runtime.example', { fetch }).startTurn!({ prompt: 'hi' } as never)) seen.push(event.type);
      })(),
    ).rejects.toThrow(SyntaxError);
    expect(seen).toEqual(['turn.submitted']);
  });
});
