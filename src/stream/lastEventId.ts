// An SSE event id is any text without a line end or NUL, but an HTTP header value is bytes, and
// fetch refuses a string with a character above U+00FF (a CJK or emoji id): the resume request
// failed before it was sent. Native EventSource sends the id's UTF-8 bytes; so do these.

/** Longest `Last-Event-ID` sent, in UTF-8 bytes: a longer id resumes by `?cursor=` alone (servers cap header sizes). */
export const MAX_LAST_EVENT_ID_BYTES = 1_024;

const encoder = new TextEncoder();
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The `Last-Event-ID` header value for an event id: its UTF-8 bytes, one character per byte (the
 * form fetch sends unchanged), or undefined when it is too long to send.
 */
export function lastEventIdHeader(eventId: string): string | undefined {
  const bytes = encoder.encode(eventId);
  if (bytes.length > MAX_LAST_EVENT_ID_BYTES) return undefined;
  let header = '';
  // A loop, not String.fromCharCode(...bytes): a spread of a long array overflows the call stack.
  for (const byte of bytes) header += String.fromCharCode(byte);
  return header;
}

/**
 * The event id a `Last-Event-ID` header names, as a Node server reads it (each byte one
 * character): decoded as UTF-8, or kept as it is when its bytes are not UTF-8 (a client that sent
 * Latin-1).
 */
export function readLastEventId(header: string): string {
  const bytes = new Uint8Array(header.length);
  for (let i = 0; i < header.length; i++) {
    const code = header.charCodeAt(i);
    if (code > 0xff) return header; // already decoded text, not bytes
    bytes[i] = code;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return header;
  }
}
