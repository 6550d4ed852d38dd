import type { IncomingMessage } from 'node:http';
import type { JsonObject } from '../protocol/events';

/** A refusal with its HTTP status; its message never quotes the request. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a request body of at most `limit` bytes as a JSON object. A declared or counted size over
 * the limit is refused (413) without holding more than the limit; the rest is discarded, not kept.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonObject> {
  const tooLarge = () => new HttpError(413, `the body is over the ${limit}-byte limit`);
  if (Number(req.headers['content-length']) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not valid JSON');
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}
