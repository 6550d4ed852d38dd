// A Fetch-API handler (the runtime bridge) on Node's `http`: the request becomes a `Request`, the
// `Response` is written back at the client's pace. Structural types only: this file imports no
// `node:` module, so the server entry stays loadable where Node's are absent.

/** The part of Node's `IncomingMessage` the handler reads. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The part of Node's `ServerResponse` the handler writes. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): boolean;
  end(chunk?: string): unknown;
  once(event: 'drain', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  readonly headersSent?: boolean;
  destroy?(): unknown;
}

/** Options of `toNodeHandler`: the largest request body read, in bytes (413 beyond; default 64 KiB). */
export interface NodeHandlerOptions {
  maxBodyBytes?: number;
}

async function readRequestBody(req: NodeRequestLike, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * Node's `http` request listener for a Fetch-API handler: `createServer(toNodeHandler(bridge))`,
 * or inside an app's own router for the bridge's paths. A client that goes away cancels its
 * response (an event stream stops reading the log); a slow one is written to as it drains.
 * @example
 * createServer(toNodeHandler(createRuntimeBridge({ adapter: (feed) => createAiSdkAdapter({ ...feed, chat }) }))).listen(3000);
 */
export function toNodeHandler(handler: { fetch(request: Request): Promise<Response> }, options: NodeHandlerOptions = {}): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const limit = options.maxBodyBytes ?? 64 * 1024;
  return (req, res) => {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    void (async () => {
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else if (value !== undefined) headers.set(name, value);
      }
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (method !== 'GET' && method !== 'HEAD') {
        body = await readRequestBody(req, limit);
        if (body === undefined) {
          res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
          res.end(JSON.stringify({ error: `the body is over the ${limit}-byte limit` }));
          return;
        }
      }
      const url = `http://${typeof req.headers.host === 'string' ? req.headers.host : 'localhost'}${req.url ?? '/'}`;
      const response = await handler.fetch(new Request(url, { method, headers, ...(body !== undefined && { body }), signal: gone.signal }));
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => (out[name] = value));
      res.writeHead(response.status, out);
      if (response.body === null) return void res.end();
      const reader = response.body.getReader();
      gone.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const closed = new Promise<void>((resolve) => gone.signal.addEventListener('abort', () => resolve(), { once: true }));
      for (;;) {
        const { done, value } = await reader.read();
        if (done || gone.signal.aborted) break;
        if (!res.write(value)) await Promise.race([new Promise<void>((resolve) => res.once('drain', resolve)), closed]);
      }
      if (!gone.signal.aborted) res.end();
    })().catch((error: unknown) => {
      try {
        if (res.headersSent) return void res.destroy?.();
        res.writeHead(500, { 'Content-Type': 'application/json', Connection: 'close' });
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      } catch {
        res.destroy?.();
      }
    });
  };
}
