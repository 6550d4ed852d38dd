// The bytes a text takes as UTF-8, without encoding it into a new buffer: how much of a backlog
// given as text has been read (openBacklog's progress counts bytes, as it does for a body).

/** Characters `utf8Length` encodes at a time (a UTF-16 unit is at most 3 bytes of UTF-8). */
const MEASURE_CHARS = 64 * 1024;
let measure: { encoder: TextEncoder; buffer: Uint8Array } | undefined;

/** UTF-8 length of a string (a lone surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it). */
export function utf8Length(text: string): number {
  // The engine's encoder into one reused buffer: a loop in script over each character took 160-216 ms
  // for 29 MB of text with a few non-ASCII characters, the encoder 25.
  // Room for a piece's worst case: 3 bytes per unit, and the pair that ends it (4 bytes for 2 units).
  measure ??= { encoder: new TextEncoder(), buffer: new Uint8Array(MEASURE_CHARS * 3 + 4) };
  const { encoder, buffer } = measure;
  let bytes = 0;
  for (let start = 0; start < text.length; ) {
    const end = pieceEnd(text, start, MEASURE_CHARS);
    bytes += encoder.encodeInto(start === 0 && end === text.length ? text : text.slice(start, end), buffer).written;
    start = end;
  }
  return bytes;
}

/**
 * Where a piece of `text` from `start`, about `chars` long, ends without splitting a surrogate pair:
 * cut there, each half would count (and decode) as a U+FFFD.
 */
export function pieceEnd(text: string, start: number, chars: number): number {
  const end = Math.min(text.length, start + chars);
  return end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) ? end + 1 : end;
}

/** `code` is the first half of a UTF-16 surrogate pair (U+D800 to U+DBFF). */
export const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** `code` is the second half of a UTF-16 surrogate pair (U+DC00 to U+DFFF). */
export const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
